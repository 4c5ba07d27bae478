import { z } from 'zod';
import { fail, forbiddenOrigin, ok, sameOrigin } from '@/lib/api';
import { clientIp } from '@/lib/forwarding';
import { platformNoStore } from '@/lib/platform';
import { sessionToken } from '@/lib/session';
import { refusal } from '@/lib/withdrawals';

const withdrawalId = z.uuid();

/** POST /api/withdrawals/{id}/cancel: cancels one of the player's pending withdrawals; the money goes back to the game account. */
export async function POST(request: Request, { params }: { params: Promise<{ withdrawalId: string }> }) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const id = withdrawalId.safeParse((await params).withdrawalId);
  if (!id.success) return fail(404, 'WITHDRAWAL_NOT_FOUND', 'validation.not_found');
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  try {
    const { data, error, response } = await platformNoStore.POST('/Payments/withdrawals/{sessionId}/{withdrawalId}/cancel', {
      params: { path: { sessionId: token, withdrawalId: id.data } },
      headers: { 'X-Forwarded-For': clientIp(request.headers) },
    });
    if (!data) return refusal(error, response.status);
    return ok({ result: 1, data: data.data });
  } catch {
    return fail(502, 'SERVER_ERROR', 'payout.cancel_error');
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
