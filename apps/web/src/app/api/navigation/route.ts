import { z } from 'zod';
import { filterForGuest } from '@/components/layout/menu-rules';
import { forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { getMenu, getNavigation } from '@/lib/content';

const body = z.object({ active: z.boolean().default(true), isAdmin: z.boolean().default(false) });

/**
 * The menu for this visitor (spec §7). isAdmin is honoured only with a verified player
 * session; player sessions do not exist yet (the players capability), so every visitor gets the
 * guest menu. A failure falls back to the unfiltered logged-out menu, or an empty one.
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const loggedIn = false;
  try {
    return ok({ result: 1, data: await getNavigation(loggedIn) });
  } catch {
    try {
      return ok({ result: 1, data: filterForGuest(await getMenu()), fallback: true });
    } catch {
      return ok({ result: 0, data: [] });
    }
  }
}
