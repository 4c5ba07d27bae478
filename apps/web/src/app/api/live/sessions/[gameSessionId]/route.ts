import { fail, ok } from '@/lib/api';
import { loadAccountSummary } from '@/lib/account';
import { loadLiveFigures } from '@/lib/live';
import { readFiguresWindow } from '@/lib/live-casino';
import { sessionToken } from '@/lib/session';

type Context = { params: Promise<{ gameSessionId: string }> };

const GAME_SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/live/sessions/{gameSessionId}?from=…[&since=…]: what the live launch page's game bar
 * shows, read every few seconds: the player's balance (it moves when the studio settles a round)
 * and the live game session's net since `from` (its launch); with `since`, the player's stakes and
 * wins in every game since then, for the money-played warning. The player's own history only
 * (the session cookie), never cached.
 */
export async function GET(request: Request, { params }: Context) {
  const { gameSessionId } = await params;
  const window = readFiguresWindow(new URL(request.url).searchParams, Date.now());
  if (!GAME_SESSION_ID.test(gameSessionId) || !window) return fail(400, 'INVALID_INPUT', 'validation.invalid_input');
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  try {
    const [summary, figures] = await Promise.all([
      loadAccountSummary(token),
      loadLiveFigures(token, gameSessionId, window.from, window.since),
    ]);
    if (!summary || (!figures.ok && figures.status === 401)) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
    return ok({
      result: 1,
      data: {
        balanceOre: summary.TotalBalance,
        netOre: figures.ok ? figures.session.netOre : null,
        played: figures.ok ? figures.played : null,
      },
    });
  } catch {
    return fail(502, 'SERVER_ERROR', 'overview.balance_error');
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
