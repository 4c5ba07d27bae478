import { z } from 'zod';
import { forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { platformNoStore } from '@/lib/platform';
import { clearSession, sessionToken } from '@/lib/session';

const body = z.object({ fromRoute: z.string().max(500), datetime: z.string().max(40) });

/**
 * POST /api/logs/session-expire: the storefront saw the session end (spec §4). The expiry is
 * logged for the session's player, whom the platform takes from the (ended) session's token,
 * never from an id sent along; then the session cookies are cleared.
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const token = await sessionToken();
  if (token) {
    try {
      await platformNoStore.POST('/Logs/CreateSessionExpireLog/{sessionId}', {
        params: { path: { sessionId: token } },
        body: { from_route: parsed.data.fromRoute, datetime: parsed.data.datetime },
      });
    } catch {
      // Logging is best effort; clearing the cookies is not.
    }
  }
  await clearSession();
  return ok({ result: 1, data: true });
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
