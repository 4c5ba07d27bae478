import { z } from 'zod';
import { fail, forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { claimRefusalKey } from '@/lib/offer-rules';
import { claimOffer } from '@/lib/offers';
import { sessionToken } from '@/lib/session';

/** The platform's codes are at most 40 characters (apps/platform/src/bonus/codes.ts). */
const body = z.object({ code: z.string().trim().min(1).max(40) });

/**
 * POST /api/bonus/claim {code}: "Hent tilbud" on a campaign page or the offers page. The platform
 * checks every rule of the code for the player now and moves nothing; allowed, the terms (the page
 * then opens the deposit with the code chosen); refused, the rule's code, its Danish message and,
 * outside a weekly window, when it opens (`opensAt`). CSRF-guarded like every POST (same origin,
 * JSON body).
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  const answer = await claimOffer(token, parsed.data.code);
  if (answer.ok) return ok({ result: 1, data: answer.data });
  if (answer.status === 401) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  if (answer.status < 400 || answer.status >= 500) return fail(502, 'SERVER_ERROR', 'campaign.claim_error');
  return fail(answer.status, answer.code, claimRefusalKey(answer.code), answer.opensAt ? { opensAt: answer.opensAt } : {});
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
