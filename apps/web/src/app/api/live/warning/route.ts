import { z } from 'zod';
import { fail, forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { gameRefusal } from '@/lib/game-sessions';
import { continueLiveWarning } from '@/lib/live';
import { sessionToken } from '@/lib/session';

const body = z.object({ answer: z.literal('continue') });

/**
 * POST /api/live/warning {answer: "continue"}: the player's answer to the money-played warning at
 * the live tables (the platform's POST /Games/live/warning/…/continue). The platform keeps the
 * warning's clock and refuses the live studio's bets while it is due; when it is due its minutes
 * start again from now, else nothing changes. Answers the warning as the live screen shows it.
 * ("Stop" needs no call: the page goes back to the live casino.)
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  const answered = await continueLiveWarning(token);
  if (!answered.ok) return gameRefusal({ ...answered, extra: {} });
  return ok({ result: 1, data: { warning: answered.data } });
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
