import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { fail, forbiddenOrigin, parseJson, sameOrigin } from '@/lib/api';
import { clientIp } from '@/lib/forwarding';
import { platformNoStore } from '@/lib/platform';
import { REGISTRATION_COOKIE } from '@/lib/session';

const body = z.object({
  cpr: z.string().max(20),
  firstName: z.string().max(100),
  lastName: z.string().max(100),
  email: z.string().max(254),
  mobileCc: z.string().max(5),
  mobileNo: z.string().max(20),
});

/** POST /api/registration/details: step two of the registration, passed to the platform. */
export async function POST(request: NextRequest) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const id = request.cookies.get(REGISTRATION_COOKIE)?.value;
  if (!id) return fail(410, 'REGISTRATION_EXPIRED', 'authentication.transaction_expired');
  try {
    const { data, error, response } = await platformNoStore.POST('/Players/registrations/{registrationId}/details', {
      params: { path: { registrationId: id } },
      body: parsed.data as never,
      headers: { 'X-Forwarded-For': clientIp(request.headers) },
    });
    return NextResponse.json(data ?? error, { status: response.status, headers: { 'Cache-Control': 'no-store' } });
  } catch {
    return fail(502, 'SERVER_ERROR', 'validation.server_error');
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
