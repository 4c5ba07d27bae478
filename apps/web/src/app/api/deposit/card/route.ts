import { z } from 'zod';
import { fail, forbiddenOrigin, parseJson, sameOrigin } from '@/lib/api';
import { depositAnswer, depositBody, RETURN_PATHS } from '@/lib/deposit-api';
import { platformNoStore } from '@/lib/platform';
import { sessionToken } from '@/lib/session';

const body = depositBody.extend({ token: z.string().min(1).max(100) });

/**
 * POST /api/deposit/card {token, amountOre, bonusCode?, from}: a card deposit with the token the
 * browser got from the provider's tokenisation endpoint (the card itself never comes here).
 * Answers the payment: succeeded with its receipt, requires_action with the 3-D Secure page, or
 * the refusal's code and Danish message.
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'deposit.login_required');
  const { token: cardToken, amountOre, bonusCode } = parsed.data;
  const returnUrl = `${request.headers.get('origin')}${RETURN_PATHS.card}`;
  return depositAnswer(() =>
    platformNoStore.POST('/Payments/deposits/card/{sessionId}', {
      params: { path: { sessionId: token } },
      body: { token: cardToken, amountOre, bonusCode, returnUrl },
    }),
  );
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
