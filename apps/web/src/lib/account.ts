import 'server-only';
import { platformNoStore } from './platform';
import type { AccountSummary, BetWinSummary } from './platform-types';

/**
 * One function per platform call about the logged-in player's account, shared by the pages that
 * render it and the API handlers the browser asks (vercel/commerce keeps one module per backend
 * call the same way). Each takes the session token and leaves the answer's shape to its caller.
 */

/** The session's balances, or null when the session is gone (401); throws on other failures. */
export async function loadAccountSummary(token: string): Promise<AccountSummary | null> {
  const { data, response } = await platformNoStore.GET('/GATMaven/users/{sessionId}/account-summary', {
    params: { path: { sessionId: token } },
  });
  if (data) return data.data;
  if (response.status === 401) return null;
  throw new Error(`account summary: platform answered ${response.status}`);
}

/**
 * The player's stakes and wins of the last `days` days, from the ledger: the figures, or why not
 * (the session is gone, or the platform answered without them). Throws when the platform could not be asked.
 */
export async function loadBetWinSummary(
  token: string,
  days = 30,
): Promise<{ ok: true; data: BetWinSummary } | { ok: false; reason: 'no-session' | 'unsuccessful' }> {
  const { data, response } = await platformNoStore.GET('/GATMaven/users/{sessionId}/betwin-summary', {
    params: { path: { sessionId: token }, query: { days } },
  });
  if (response.status === 401) return { ok: false, reason: 'no-session' };
  if (!data || data.result !== 1) return { ok: false, reason: 'unsuccessful' };
  return { ok: true, data: data.data };
}

/**
 * Whether the platform still knows the session (validateExpire, spec §4), sent with no-cache:
 * 'live', 'ended', or 'unavailable' when the platform failed (5xx). Throws when it could not be asked.
 */
export async function checkSession(token: string): Promise<'live' | 'ended' | 'unavailable'> {
  const { data, response } = await platformNoStore.GET('/GATMaven/users/{sessionId}/validateExpire', {
    params: { path: { sessionId: token } },
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
  });
  if (data?.result === 1 && data.data === true) return 'live';
  return response.status >= 500 ? 'unavailable' : 'ended';
}

/**
 * Stores the player's choice of offers by e-mail and SMS (EmailNotify/update), and with it the
 * offer property acceptsmsoffer (setProperties, spec §3): the SMS choice is the player's answer to
 * SMS offers. The platform's answer as it came; a failed property call is the answer when it fails,
 * and saving again sets both.
 */
export async function saveNotifySettings(token: string, choice: { emailNotify: boolean; smsNotify: boolean }) {
  const saved = await platformNoStore.PUT('/GATMaven/users/{sessionId}/EmailNotify/update', {
    params: { path: { sessionId: token }, query: { EmailNotify: choice.emailNotify ? '1' : '0', SMSNotify: choice.smsNotify ? '1' : '0' } },
  });
  if (!saved.data) return saved;
  const property = await platformNoStore.POST('/GATMaven/users/{sessionId}/setProperties', {
    params: { path: { sessionId: token } },
    body: [{ property: 'acceptsmsoffer', value: choice.smsNotify ? 'True' : 'False' }],
  });
  return property.data ? saved : { data: undefined, response: property.response };
}
