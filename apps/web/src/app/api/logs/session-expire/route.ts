import { z } from 'zod';
import { forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { platformNoStore } from '@/lib/platform';
import { clearSession, userCookie } from '@/lib/session';
import { cookies } from 'next/headers';

const body = z.object({ fromRoute: z.string().max(500), datetime: z.string().max(40) });

/**
 * POST /api/logs/session-expire: the storefront saw the session end (spec §4). The expiry is
 * logged with the player's id from the user-id cookie, and the session cookies are cleared.
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const userId = (await cookies()).get(userCookie())?.value;
  if (userId && z.uuid().safeParse(userId).success) {
    try {
      await platformNoStore.POST('/Logs/CreateSessionExpireLog', {
        body: { userId, from_route: parsed.data.fromRoute, datetime: parsed.data.datetime },
      });
    } catch {
      // Logging is best effort; clearing the cookies is not.
    }
  }
  await clearSession();
  return ok({ result: 1, data: true });
}
