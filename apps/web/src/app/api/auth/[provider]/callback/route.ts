import type { NextRequest } from 'next/server';
import { seeOther } from '@/lib/api';
import { clientIp } from '@/lib/forwarding';
import { platformNoStore } from '@/lib/platform';
import { AUTH_TRANSACTION_COOKIE, cookieOptions, REGISTRATION_COOKIE, secondsUntil, startSession } from '@/lib/session';

const PASSED_PARAMS = ['code', 'state', 'iss', 'error', 'error_description', 'session_state'];

/**
 * GET /api/auth/{provider}/callback: the broker sends the browser back here. The platform checks
 * everything; this sets the session (login) or registration cookie and moves the player on.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ provider: string }> }) {
  const provider = (await params).provider;
  const [purpose, transactionId] = (request.cookies.get(AUTH_TRANSACTION_COOKIE)?.value ?? '').split('.', 2);
  const back = purpose === 'register' ? '/registrer' : purpose === 'confirm' ? '/min-konto/profil' : '/log-ind';
  const redirectTo = (path: string) => {
    const response = seeOther(path);
    response.cookies.set(AUTH_TRANSACTION_COOKIE, '', { ...cookieOptions(0), path: '/api/auth' });
    return response;
  };
  if ((provider !== 'mitid' && provider !== 'mobilepay') || !transactionId) return redirectTo(`${back}?fejl=LOGIN_EXPIRED`);

  const passed: Record<string, string> = {};
  for (const name of PASSED_PARAMS) {
    const value = request.nextUrl.searchParams.get(name);
    if (value !== null) passed[name] = value.slice(0, 4000);
  }
  try {
    const { data, error } = await platformNoStore.POST('/Players/auth/callback', {
      body: { provider, transactionId, params: passed },
      headers: { 'X-Forwarded-For': clientIp(request.headers) },
    });
    if (!data) return redirectTo(`${back}?fejl=${encodeURIComponent(error?.code ?? 'SERVER_ERROR')}`);
    const answer = data.data;
    if (answer.outcome === 'confirmed') return redirectTo('/min-konto/profil?opdateret=1');
    if (answer.outcome === 'registration' || answer.outcome === 'cpr-check') {
      // A MitID login with no account: the login page's CPR check (`verifycpr_loginnoacc`), on the
      // same registration cookie, so "create an account" goes on from it.
      const back = answer.redirectTo ? `&redirect=${encodeURIComponent(answer.redirectTo)}` : '';
      const response = redirectTo(answer.outcome === 'registration' ? '/registrer' : `/log-ind?trin=cpr${back}`);
      response.cookies.set(REGISTRATION_COOKIE, answer.registrationId, cookieOptions(secondsUntil(answer.expiresAt)));
      return response;
    }
    const next = `/loginsuccess${answer.redirectTo ? `?redirect=${encodeURIComponent(answer.redirectTo)}` : ''}`;
    const response = redirectTo(next);
    await startSession(answer, response.cookies);
    return response;
  } catch {
    return redirectTo(`${back}?fejl=${provider === 'mitid' ? 'MITID_TECHNICAL_ERROR' : 'MOBILEPAY_TECHNICAL_ERROR'}`);
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
