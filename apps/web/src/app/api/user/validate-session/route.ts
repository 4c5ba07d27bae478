import { fail, forbiddenOrigin, ok, sameOrigin } from '@/lib/api';
import { checkSession } from '@/lib/account';
import { sessionToken } from '@/lib/session';

/**
 * POST /api/user/validate-session: the session check of spec §4, through the platform's
 * validateExpire (sent with no-cache). 200 with data true while the session lives, 401 when not.
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  const session = await checkSession(token);
  if (session === 'live') return ok({ result: 1, data: true });
  if (session === 'unavailable') return fail(502, 'SERVER_ERROR', 'validation.server_error');
  return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
