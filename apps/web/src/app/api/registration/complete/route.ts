import { NextResponse, type NextRequest } from 'next/server';
import { DEPOSIT_LIMIT_PERIODS, isValidBtag } from '@krone/domain';
import { BTAG_COOKIE } from '@/lib/btag';
import { z } from 'zod';
import { fail, forbiddenOrigin, parseJson, sameOrigin } from '@/lib/api';
import { clientIp } from '@/lib/forwarding';
import { platformNoStore } from '@/lib/platform';
import { cookieOptions, REGISTRATION_COOKIE, startSession } from '@/lib/session';

const body = z.object({
  acceptTerms: z.boolean(),
  bonus: z.boolean(),
  depositLimit: z.object({ period: z.enum(DEPOSIT_LIMIT_PERIODS), amountOre: z.number().int() }).optional(),
});

/**
 * POST /api/registration/complete: the last step. On success the player is logged in: the
 * session cookies are set here and the registration cookie is gone.
 */
export async function POST(request: NextRequest) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const id = request.cookies.get(REGISTRATION_COOKIE)?.value;
  if (!id) return fail(410, 'REGISTRATION_EXPIRED', 'authentication.transaction_expired');
  try {
    // The partner's btag kept from a ?btag= link (proxy.ts), stored on the new player.
    const btag = request.cookies.get(BTAG_COOKIE)?.value;
    const { data, error, response } = await platformNoStore.POST('/Players/registrations/{registrationId}/complete', {
      params: { path: { registrationId: id } },
      body: { ...parsed.data, ...(isValidBtag(btag) ? { bTag: btag } : {}) } as never,
      headers: { 'X-Forwarded-For': clientIp(request.headers) },
    });
    if (!data) return NextResponse.json(error, { status: response.status, headers: { 'Cache-Control': 'no-store' } });
    const answer = NextResponse.json({ result: 1, data: { redirect: '/loginsuccess?ny=1' } }, { headers: { 'Cache-Control': 'no-store' } });
    await startSession(data.data, answer.cookies);
    answer.cookies.set(REGISTRATION_COOKIE, '', cookieOptions(0));
    if (btag) answer.cookies.set(BTAG_COOKIE, '', { path: '/', maxAge: 0 });
    return answer;
  } catch {
    return fail(502, 'SERVER_ERROR', 'validation.server_error');
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
