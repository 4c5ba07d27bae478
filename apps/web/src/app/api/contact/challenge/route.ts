import { NextResponse, type NextRequest } from 'next/server';
import { platformNoStore } from '@/lib/platform';
import { clientIp } from '@/lib/forwarding';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** A fresh ALTCHA challenge for the contact form's widget: the platform's, never cached. */
export async function GET(request: NextRequest) {
  try {
    const { data, error, response } = await platformNoStore.GET('/Support/contact/challenge', {
      headers: { 'X-Forwarded-For': clientIp(request.headers) },
    });
    if (data) return NextResponse.json(data, { headers: NO_STORE });
    return NextResponse.json(error ?? { result: 0, code: 'SERVER_ERROR', message: '' }, {
      status: response.ok ? 502 : response.status,
      headers: NO_STORE,
    });
  } catch {
    return NextResponse.json({ result: 0, code: 'SERVER_ERROR', message: '' }, { status: 502, headers: NO_STORE });
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
