/**
 * Session tokens never reach a storefront log line. The platform's paths carry the player's
 * session id (and a registration's id) as a path segment, and a failed platform call is logged
 * with its path or an error whose message holds the URL. Every storefront log site goes through
 * `logError`, which passes its text through `redactSecrets`.
 */
const SECRET_SEGMENT = new RegExp(
  '(' +
    [
      String.raw`/Bonus/offers/`,
      String.raw`/GATMaven/users/`,
      String.raw`/Games/(?:live/launch|live/warning|launch|favourites|recent|history)/`,
      String.raw`/Limits/`,
      String.raw`/Logs/CreateSessionExpireLog/`,
      String.raw`/Payments/deposits/(?:card/|mobilepay/)?`,
      String.raw`/Payments/withdrawals/`,
      String.raw`/Player/MarketingNotification/`,
      String.raw`/Players/(?:documents|registrations|sessions|users)/`,
      String.raw`/Support/contact/(?!challenge\b)`,
      String.raw`/Tournaments/`,
      String.raw`/Wallet/transactions/`,
    ].join('|') +
    String.raw`)(?!\[redacted\])[^/?#\s'"]+`,
  'gi',
);
const SECRET_PAIR = /\b((?:__Host-)?krone_session=|krone_reg=|"?(?:sessionToken|sessionId|registrationId)"?\s*[:=]\s*"?)([^;,\s"&]+)/gi;

export const REDACTED = '[redacted]';

export function redactSecrets(text: string): string {
  return text
    .replace(SECRET_SEGMENT, (_match, prefix: string) => `${prefix}${REDACTED}`)
    .replace(SECRET_PAIR, (_match, name: string) => `${name}${REDACTED}`);
}

/** An error as one line of text: its stack (or message) and its causes, redacted. */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    parts.push(current instanceof Error ? (current.stack ?? `${current.name}: ${current.message}`) : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return redactSecrets(parts.join('\ncaused by: '));
}

/** The storefront's one way to log a failure. */
export function logError(message: string, error?: unknown, log: (line: string) => void = console.error) {
  log(redactSecrets(message) + (error === undefined ? '' : ` ${describeError(error)}`));
}
