import { NextResponse, type NextRequest } from 'next/server';
import { seeOther } from '@/lib/api';
import { z } from 'zod';
import { clientIp } from '@/lib/forwarding';
import { platformNoStore } from '@/lib/platform';
import { AUTH_TRANSACTION_COOKIE, cookieOptions } from '@/lib/session';

const query = z.object({
  provider: z.enum(['mitid', 'mobilepay']),
  purpose: z.enum(['login', 'register']).default('login'),
  redirect: z.string().max(500).nullish(),
});

/**
 * GET /api/auth/{provider}/start: sends the browser to MitID or MobilePay. The one-time
 * transaction id stays in an HttpOnly cookie; PKCE verifier, state and nonce stay on the platform.
 * A GET, because it is where the login button leads; it changes nothing a third party could use.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ provider: string }> }) {
  const search = request.nextUrl.searchParams;
  const parsed = query.safeParse({
    provider: (await params).provider,
    purpose: search.get('purpose') ?? undefined,
    redirect: search.get('redirect'),
  });
  const back = parsed.success && parsed.data.purpose === 'register' ? '/registrer' : '/log-ind';
  if (!parsed.success) return seeOther('/log-ind?fejl=INVALID_INPUT');
  try {
    const { data, error } = await platformNoStore.POST('/Players/auth/start', {
      body: { provider: parsed.data.provider, purpose: parsed.data.purpose, redirectTo: parsed.data.redirect ?? null },
      headers: { 'X-Forwarded-For': clientIp(request.headers) },
    });
    if (!data) return seeOther(`${back}?fejl=${encodeURIComponent(error?.code ?? 'SERVER_ERROR')}`);
    const response = NextResponse.redirect(data.data.authorizationUrl, 303);
    response.cookies.set(AUTH_TRANSACTION_COOKIE, `${parsed.data.purpose}.${data.data.transactionId}`, {
      ...cookieOptions(600),
      path: '/api/auth',
    });
    response.headers.set('Cache-Control', 'no-store');
    return response;
  } catch {
    return seeOther(`${back}?fejl=${parsed.data.provider === 'mitid' ? 'MITID_TECHNICAL_ERROR' : 'MOBILEPAY_TECHNICAL_ERROR'}`);
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
