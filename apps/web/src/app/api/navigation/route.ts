import { z } from 'zod';
import { filterForGuest } from '@/lib/menu-rules';
import { forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { getMenu, getNavigation } from '@/lib/content';
import { checkSession } from '@/lib/account';
import { sessionToken } from '@/lib/session';

/** isAdmin counts only with a session the platform still knows (spec §6: true when a session exists). */
async function hasLiveSession(): Promise<boolean> {
  const token = await sessionToken();
  if (!token) return false;
  try {
    return (await checkSession(token)) === 'live';
  } catch {
    return false;
  }
}

const body = z.object({ active: z.boolean().default(true), isAdmin: z.boolean().default(false) });

/**
 * The menu for this visitor (spec §7). isAdmin is honoured only with a verified player
 * session; everyone else gets the guest menu. `player` says which one was answered. A failure
 * falls back to the unfiltered logged-out menu, or an empty one.
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const loggedIn = parsed.data.isAdmin && (await hasLiveSession());
  try {
    return ok({ result: 1, data: await getNavigation(loggedIn), player: loggedIn });
  } catch {
    try {
      return ok({ result: 1, data: filterForGuest(await getMenu()), fallback: true });
    } catch {
      return ok({ result: 0, data: [] });
    }
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
