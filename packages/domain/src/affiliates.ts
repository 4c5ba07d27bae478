/**
 * Affiliate tracking (spec §3 `bTag`, the route middleware's btag step): a partner's links carry
 * `?btag=…`; the storefront keeps it in a cookie for the lifetime the content configures
 * (landingPageCookie on a landing page, registrationCookie elsewhere), and the platform stores it on
 * the player who registers while it is kept. A btag is the partner's own code: letters, digits and
 * `._-`, at most 64 characters (the usual affiliate platforms' codes are shorter); anything else is
 * ignored, never stored.
 */
export const BTAG_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

export const isValidBtag = (value: unknown): value is string => typeof value === 'string' && BTAG_PATTERN.test(value);

/** The lifetime of a cookie config `{type, time}` in seconds; null when the config is not one. */
export function cookieLifetimeSeconds(config: unknown): number | null {
  if (!config || typeof config !== 'object') return null;
  const { type, time } = config as { type?: unknown; time?: unknown };
  if (typeof time !== 'number' || !Number.isInteger(time) || time <= 0) return null;
  const unit = { minutes: 60, hours: 3_600, days: 86_400 }[String(type)];
  if (!unit) return null;
  // At most a year: a browser keeps a cookie no longer than 400 days anyway.
  return Math.min(time * unit, 365 * 86_400);
}
