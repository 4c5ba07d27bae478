import { fail, ok } from '@/lib/api';
import { loadAccountSummary } from '@/lib/account';
import { loadLiveFigures, loadLiveWarning } from '@/lib/live';
import { readFiguresWindow } from '@/lib/live-casino';
import { sessionToken } from '@/lib/session';

type Context = { params: Promise<{ gameSessionId: string }> };

const GAME_SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/live/sessions/{gameSessionId}?from=…: what the live launch page reads every few seconds:
 * the player's balance (it moves when the studio settles a round), the live game session's net
 * since `from` (its launch) and the money-played warning as the platform keeps it (due or not, and
 * its figures; null when it could not be read). The player's own (the session cookie), never cached.
 */
export async function GET(request: Request, { params }: Context) {
  const { gameSessionId } = await params;
  const window = readFiguresWindow(new URL(request.url).searchParams, Date.now());
  if (!GAME_SESSION_ID.test(gameSessionId) || !window) return fail(400, 'INVALID_INPUT', 'validation.invalid_input');
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  try {
    const [summary, figures, warning] = await Promise.all([
      loadAccountSummary(token),
      loadLiveFigures(token, gameSessionId, window.from),
      loadLiveWarning(token),
    ]);
    const gone = (!figures.ok && figures.status === 401) || (!warning.ok && warning.status === 401);
    if (!summary || gone) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
    return ok({
      result: 1,
      data: {
        balanceOre: summary.TotalBalance,
        netOre: figures.ok ? figures.session.netOre : null,
        warning: warning.ok ? warning.data : null,
      },
    });
  } catch {
    return fail(502, 'SERVER_ERROR', 'overview.balance_error');
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
