import { z } from 'zod';
import { fail, forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { sessionToken } from '@/lib/session';
import { revalidateTag } from 'next/cache';
import { saveWinnersOptOut, WINNERS_TAG } from '@/lib/winners';
import { JACKPOTS_TAG } from '@/lib/jackpots';

const body = z.object({ winnersOptOut: z.boolean() });

/**
 * POST /api/winners/opt-out {winnersOptOut}: the logged-in player's choice not to be shown among
 * the new winners (the profile's checkbox). CSRF-guarded like every change (same origin, JSON body).
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  const answer = await saveWinnersOptOut(token, parsed.data.winnersOptOut);
  if (!answer.ok)
    return answer.status === 401
      ? fail(401, 'SESSION_INVALID', 'authentication.session_invalid')
      : fail(502, 'SERVER_ERROR', 'profile.save_error');
  // The cached lists (the start page's strip, the jackpot tiles' hits) are read again at once: the
  // choice holds from now on, not from the cache's next turn.
  revalidateTag(WINNERS_TAG, { expire: 0 });
  revalidateTag(JACKPOTS_TAG, { expire: 0 });
  return ok({ result: 1, data: answer.data });
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
