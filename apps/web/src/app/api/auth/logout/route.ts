import { forbiddenOrigin, ok, sameOrigin } from '@/lib/api';
import { platformNoStore } from '@/lib/platform';
import { clearSession, sessionToken } from '@/lib/session';

/** POST /api/auth/logout: ends the session on the platform and clears its cookies (spec §7). */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const token = await sessionToken();
  if (token) {
    try {
      await platformNoStore.POST('/Players/sessions/{sessionId}/logout', { params: { path: { sessionId: token } } });
    } catch {
      // The cookies go anyway: the session then ends by itself within its idle time.
    }
  }
  await clearSession();
  return ok({ result: 1, data: true });
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
