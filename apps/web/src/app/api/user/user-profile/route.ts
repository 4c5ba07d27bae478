import { cookies } from 'next/headers';
import { forbiddenOrigin, ok, sameOrigin } from '@/lib/api';
import { cookieOptions, loadProfile, USER_COOKIE_SECONDS, userCookie } from '@/lib/session';

/**
 * POST /api/user/user-profile (spec §7): userInfo and playerType of the logged-in player. The
 * session comes from the HttpOnly cookie, never from the page. The user-id cookie is renewed for
 * 86400 s with each answer.
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const profile = await loadProfile();
  if (!profile) return ok({ result: 0, message: 'no-session' });
  (await cookies()).set(userCookie(), profile.userInfo.userId, cookieOptions(USER_COOKIE_SECONDS, { httpOnly: false }));
  // welcomeBonusDeclined: the player chose "no bonus" at registration, so the welcome offer is not theirs to take.
  return ok({
    result: 1,
    data: {
      userInfo: profile.userInfo,
      playerType: profile.playerType,
      welcomeBonusDeclined: profile.properties?.welcomebonus === 'False',
    },
  });
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
