import { NextResponse } from 'next/server';
import { z } from 'zod';
import { fail, forbiddenOrigin, parseJson, sameOrigin } from '@/lib/api';
import { platformNoStore } from '@/lib/platform';
import { sessionToken } from '@/lib/session';

const body = z.object({
  address1: z.string().max(200),
  address2: z.string().max(200).optional(),
  zip: z.string().max(10),
  city: z.string().max(100),
});

/** POST /api/user/address: the player completes or changes their postal address (the profile's form). */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  try {
    const { data, error, response } = await platformNoStore.PUT('/GATMaven/users/{sessionId}/address', {
      params: { path: { sessionId: token } },
      body: parsed.data,
    });
    if (!data) return NextResponse.json(error, { status: response.status === 401 ? 401 : 400, headers: { 'Cache-Control': 'no-store' } });
    const info = data.data.userInfo;
    return NextResponse.json(
      { result: 1, data: { address1: info.address1, address2: info.address2, zip: info.zip, city: info.city } },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  } catch {
    return fail(502, 'SERVER_ERROR', 'profile.save_error');
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
