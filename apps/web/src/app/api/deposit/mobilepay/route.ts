import { fail, forbiddenOrigin, parseJson, sameOrigin } from '@/lib/api';
import { depositAnswer, depositBody, RETURN_PATHS } from '@/lib/deposit-api';
import { platformNoStore } from '@/lib/platform';
import { sessionToken } from '@/lib/session';

/**
 * POST /api/deposit/mobilepay {amountOre, bonusCode?, from}: a MobilePay deposit. Answers
 * requires_action with the app's address; MobilePay sends the player back to /MobilePay (the
 * deposit page) or /MobilePayQuick (quick deposit).
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, depositBody);
  if (!parsed.ok) return parsed.response;
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'deposit.login_required');
  const { amountOre, bonusCode, from } = parsed.data;
  const returnUrl = `${request.headers.get('origin')}${RETURN_PATHS.mobilepay[from]}`;
  return depositAnswer(() =>
    platformNoStore.POST('/Payments/deposits/mobilepay/{sessionId}', {
      params: { path: { sessionId: token } },
      body: { amountOre, bonusCode, returnUrl },
    }),
  );
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
