import { NextResponse, type NextRequest } from 'next/server';
import { safeRedirectPath } from '@krone/domain';
import { z } from 'zod';
import { fail, forbiddenOrigin, parseJson, sameOrigin } from '@/lib/api';
import { clientIp } from '@/lib/forwarding';
import { platformNoStore } from '@/lib/platform';
import { cookieOptions, REGISTRATION_COOKIE, startSession } from '@/lib/session';

const body = z.object({ cpr: z.string().max(20), redirect: z.string().max(500).nullish() });

/**
 * POST /api/registration/cpr-check {cpr}: the CPR check after a MitID login with no account
 * (`verifycpr_loginnoacc`). The account the CPR belongs to is logged in (the session cookies set
 * here, the registration cookie gone); NO_ACTIVE_ACCOUNT keeps the registration for the offer to
 * create an account from it.
 */
export async function POST(request: NextRequest) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const id = request.cookies.get(REGISTRATION_COOKIE)?.value;
  if (!id) return fail(410, 'REGISTRATION_EXPIRED', 'authentication.transaction_expired');
  try {
    const { data, error, response } = await platformNoStore.POST('/Players/registrations/{registrationId}/cpr-check', {
      params: { path: { registrationId: id } },
      body: { cpr: parsed.data.cpr },
      headers: { 'X-Forwarded-For': clientIp(request.headers) },
    });
    if (!data) return NextResponse.json(error, { status: response.status, headers: { 'Cache-Control': 'no-store' } });
    const back = safeRedirectPath(parsed.data.redirect ?? null);
    const next = `/loginsuccess${back ? `?redirect=${encodeURIComponent(back)}` : ''}`;
    const answer = NextResponse.json({ result: 1, data: { redirect: next } }, { headers: { 'Cache-Control': 'no-store' } });
    await startSession(data.data, answer.cookies);
    answer.cookies.set(REGISTRATION_COOKIE, '', cookieOptions(0));
    return answer;
  } catch {
    return fail(502, 'SERVER_ERROR', 'validation.server_error');
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
