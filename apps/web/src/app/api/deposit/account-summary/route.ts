import { fail, forbiddenOrigin, ok, sameOrigin } from '@/lib/api';
import { platformNoStore } from '@/lib/platform';
import { sessionToken } from '@/lib/session';

/**
 * POST /api/deposit/account-summary (spec §7): the logged-in player's balances, in øre. The
 * session comes from the HttpOnly cookie. `data.accSummary` carries the same figures, as the
 * spec says a client may read them there.
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const token = await sessionToken();
  if (!token) return ok({ result: 0, message: 'no-session' });
  try {
    const { data, response } = await platformNoStore.GET('/GATMaven/users/{sessionId}/account-summary', { params: { path: { sessionId: token } } });
    if (!data) return response.status === 401 ? ok({ result: 0, message: 'no-session' }) : fail(502, 'SERVER_ERROR', 'overview.balance_error');
    return ok({ result: 1, data: { ...data.data, accSummary: data.data, wageringTimePopup: 5, show: data.data.BonusBalance > 0 } });
  } catch {
    return fail(502, 'SERVER_ERROR', 'overview.balance_error');
  }
}
