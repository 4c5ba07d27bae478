import { fail, forbiddenOrigin, ok, sameOrigin } from '@/lib/api';
import { env } from '@/lib/env';
import { clientIp } from '@/lib/forwarding';
import { platformNoStore } from '@/lib/platform';
import { PLATFORM_KEY_HEADER } from '@/lib/platform-door';
import { sessionToken } from '@/lib/session';

/** Four files of at most 10 MB and the form around them; the platform enforces the exact limits. */
const MAX_UPLOAD_BYTES = 4 * 10 * 1024 * 1024 + 64 * 1024;

/** GET /api/user/documents: the player's documents and where each stands. */
export async function GET() {
  const token = await sessionToken();
  if (!token) return ok({ result: 0, message: 'no-session' });
  try {
    const { data, response } = await platformNoStore.GET('/Players/documents/{sessionId}', { params: { path: { sessionId: token } } });
    if (!data)
      return response.status === 401 ? ok({ result: 0, message: 'no-session' }) : fail(502, 'SERVER_ERROR', 'profile.upload_error');
    return ok({ result: 1, data: data.data });
  } catch {
    return fail(502, 'SERVER_ERROR', 'profile.upload_error');
  }
}

/**
 * POST /api/user/documents: the player's upload (multipart: documentType, files). The form is
 * streamed to the platform as it comes, never held here; the platform checks the count, the
 * sizes and each file's real type, and stores nothing unless all of them pass.
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  const type = request.headers.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data') || !request.body) return fail(400, 'UPLOAD_NO_FILES', 'validation.file_required');
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_UPLOAD_BYTES) return fail(413, 'UPLOAD_TOO_LARGE', 'validation.file_too_large');
  try {
    const response = await fetch(`${env.platformUrl}/Players/documents/${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': type, 'x-forwarded-for': clientIp(request.headers), [PLATFORM_KEY_HEADER]: env.platformApiKey },
      body: request.body,
      cache: 'no-store',
      // Node's fetch streams a request body only in half-duplex mode.
      duplex: 'half',
    } as RequestInit);
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body) return fail(502, 'UPLOAD_FAILED', 'profile.upload_error');
    return Response.json(body, { status: response.status, headers: { 'Cache-Control': 'no-store' } });
  } catch {
    return fail(502, 'UPLOAD_FAILED', 'profile.upload_error');
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
