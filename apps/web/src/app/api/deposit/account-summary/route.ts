import { fail, forbiddenOrigin, ok, sameOrigin } from '@/lib/api';
import { loadAccountSummary } from '@/lib/account';
import { getSystemConfig } from '@/lib/content';
import { sessionToken } from '@/lib/session';

/**
 * POST /api/deposit/account-summary (spec §7): the logged-in player's balances, in øre. The
 * session comes from the HttpOnly cookie. `data.accSummary` carries the same figures, as the
 * spec says a client may read them there. `wageringTimePopup` is the operator's system config (the
 * minutes of play before the money-played warning, as the studio applies them; 5 when unset).
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const token = await sessionToken();
  if (!token) return ok({ result: 0, message: 'no-session' });
  try {
    const [summary, warningMinutes] = await Promise.all([
      loadAccountSummary(token),
      getSystemConfig<number>('wageringTimePopup').catch(() => undefined),
    ]);
    if (!summary) return ok({ result: 0, message: 'no-session' });
    const wageringTimePopup = Number(warningMinutes ?? 5);
    return ok({ result: 1, data: { ...summary, accSummary: summary, wageringTimePopup, show: summary.BonusBalance > 0 } });
  } catch {
    return fail(502, 'SERVER_ERROR', 'overview.balance_error');
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
