import { checkSupport, parseDeviceInfo, type UnsupportedReason } from '@krone/domain';

export const UNSUPPORTED_PATH = '/unsupported';
export const UNSUPPORTED_REASONS: readonly UnsupportedReason[] = Object.freeze(['ios', 'android', 'chrome', 'safari', 'ie', 'other']);

/** The reason in /unsupported?reason=…; anything unexpected reads as 'other'. */
export function parseUnsupportedReason(value: string | string[] | undefined): UnsupportedReason {
  const first = Array.isArray(value) ? value[0] : value;
  return UNSUPPORTED_REASONS.find((reason) => reason === first) ?? 'other';
}

export function unsupportedMessageKey(reason: UnsupportedReason): `keywords.unsupported_${UnsupportedReason}` {
  return `keywords.unsupported_${reason}`;
}

const MEMO_LIMIT = 256;
const memo = new Map<string, UnsupportedReason | null>();

/**
 * Why this browser is turned away, or null when it is welcome (or says nothing about itself).
 * The proxy asks on every page request and the same few User-Agents come back all day, so the
 * answers are remembered, within a bound.
 */
export function unsupportedReasonFor(userAgent: string | null | undefined): UnsupportedReason | null {
  if (!userAgent) return null;
  const known = memo.get(userAgent);
  if (known !== undefined) return known;
  const support = checkSupport(parseDeviceInfo(userAgent));
  const reason = support.supported ? null : support.reason;
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
  memo.set(userAgent, reason);
  return reason;
}
