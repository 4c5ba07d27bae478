import 'server-only';
import type { LimitsOverview } from './platform-types';
import { fail, ok } from './api';
import { platformNoStore } from './platform';
import { sessionToken } from './session';

/** GET /Limits/{sessionId}: the platform's answer as it came, for the page and for /api/limits. */
export function fetchLimits(sessionId: string) {
  return platformNoStore.GET('/Limits/{sessionId}', { params: { path: { sessionId } } });
}

/** The session's limits, or null for a guest or an ended session. Never cached. */
export async function loadLimits(): Promise<LimitsOverview | null> {
  const token = await sessionToken();
  if (!token) return null;
  try {
    const { data } = await fetchLimits(token);
    return data?.data ?? null;
  } catch {
    return null;
  }
}

/**
 * Runs one limits call for the session's player and answers the storefront's shape: the data, or
 * the platform's refusal (status, code, Danish message) as it came.
 */
export async function relayLimitsCall<T>(
  call: (sessionId: string) => Promise<{ data?: { data: T }; error?: unknown; response: Response }>,
) {
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  try {
    const { data, error, response } = await call(token);
    if (!data) {
      const refused = error as { code?: string; message?: string; fields?: Record<string, string> } | undefined;
      return Response.json(
        { result: 0, code: refused?.code ?? 'SERVER_ERROR', message: refused?.message, fields: refused?.fields },
        { status: response.status >= 400 && response.status < 500 ? response.status : 502, headers: { 'Cache-Control': 'no-store' } },
      );
    }
    return ok({ result: 1, data: data.data });
  } catch {
    return fail(502, 'SERVER_ERROR', 'limitations.save_error');
  }
}
