import { z } from 'zod';
import { fail, forbiddenOrigin, parseJson, sameOrigin } from '@/lib/api';
import { depositAnswer } from '@/lib/deposit-api';
import { platformNoStore } from '@/lib/platform';
import { sessionToken } from '@/lib/session';

const body = z.object({ id: z.uuid() });

/**
 * POST /api/deposit/status {id}: where the player's deposit stands, with its receipt. The
 * platform settles a payment still under way from the provider's own answer first, so the
 * return pages show the outcome even when the provider's webhook is late or lost.
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'deposit.login_required');
  return depositAnswer(() =>
    platformNoStore.GET('/Payments/deposits/{sessionId}/{paymentId}', {
      params: { path: { sessionId: token, paymentId: parsed.data.id } },
    }),
  );
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
