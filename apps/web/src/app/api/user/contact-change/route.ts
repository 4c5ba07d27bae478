import { MOBILE_COUNTRY_CODES } from '@krone/domain';
import { z } from 'zod';
import { fail, forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { clientIp } from '@/lib/forwarding';
import { platformNoStore } from '@/lib/platform';
import { AUTH_TRANSACTION_COOKIE, cookieOptions, sessionToken } from '@/lib/session';

const body = z.object({ email: z.string().max(254), mobileCc: z.enum(MOBILE_COUNTRY_CODES), mobileNo: z.string().max(20) });

/**
 * POST /api/user/contact-change: the player's new e-mail or mobile. The platform checks it and
 * answers the MitID address where the player confirms it; the transaction id goes into the
 * HttpOnly cookie the callback reads, as for a login.
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  try {
    const { data, error, response } = await platformNoStore.POST('/Players/users/{sessionId}/contact-change', {
      params: { path: { sessionId: token } },
      body: { ...parsed.data, redirectTo: '/min-konto/profil' },
      headers: { 'X-Forwarded-For': clientIp(request.headers) },
    });
    if (!data) {
      const refused = error as { code?: string; message?: string; fields?: Record<string, string> } | undefined;
      return Response.json(
        { result: 0, code: refused?.code ?? 'SERVER_ERROR', message: refused?.message, fields: refused?.fields },
        { status: response.status >= 400 && response.status < 500 ? response.status : 502, headers: { 'Cache-Control': 'no-store' } },
      );
    }
    const answer = ok({ result: 1, data: { authorizationUrl: data.data.authorizationUrl } });
    answer.cookies.set(AUTH_TRANSACTION_COOKIE, `confirm.${data.data.transactionId}`, { ...cookieOptions(600), path: '/api/auth' });
    return answer;
  } catch {
    return fail(502, 'MITID_TECHNICAL_ERROR', 'authentication.mitid_technical');
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
