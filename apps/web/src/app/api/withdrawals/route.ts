import { parseKrToOre } from '@krone/domain';
import { z } from 'zod';
import { fail, forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { clientIp } from '@/lib/forwarding';
import { platformNoStore } from '@/lib/platform';
import { sessionToken } from '@/lib/session';
import { loadWithdrawals, refusal } from '@/lib/withdrawals';

/** GET /api/withdrawals: the player's withdrawals (where each stands, expected date) and the withdrawable balance. */
export async function GET() {
  const token = await sessionToken();
  if (!token) return ok({ result: 0, message: 'no-session' });
  try {
    const overview = await loadWithdrawals(token);
    return overview ? ok({ result: 1, data: overview }) : ok({ result: 0, message: 'no-session' });
  } catch {
    return fail(502, 'SERVER_ERROR', 'payout.error_generic');
  }
}

/**
 * The amount as the player typed it (Danish kroner: "1.250,50"), one id per confirmation, and
 * whether the player confirmed that the withdrawal forfeits their open bonus (the warning step).
 */
const body = z.object({ amount: z.string().max(64), requestId: z.uuid(), forfeitBonus: z.boolean().optional() });

/**
 * POST /api/withdrawals: a withdrawal to the player's NemKonto. The typed kroner become whole
 * øre here; the platform checks the minimum and the withdrawable balance and reserves the money.
 * While a bonus is open it refuses 409 WITHDRAWAL_FORFEITS_BONUS (with `bonusOre`, passed on)
 * unless the player confirmed giving the bonus up (`forfeitBonus`).
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  if (!parsed.data.amount.trim())
    return fail(400, 'AMOUNT_REQUIRED', 'validation.amount_required', { fields: { amount: 'validation.amount_required' } });
  const amountOre = parseKrToOre(parsed.data.amount);
  if (amountOre === null)
    return fail(400, 'AMOUNT_INVALID', 'validation.amount_invalid', { fields: { amount: 'validation.amount_invalid' } });
  try {
    const { data, error, response } = await platformNoStore.POST('/Payments/withdrawals/{sessionId}', {
      params: { path: { sessionId: token } },
      body: { amountOre, requestId: parsed.data.requestId, ...(parsed.data.forfeitBonus ? { forfeitBonus: true } : {}) },
      headers: { 'X-Forwarded-For': clientIp(request.headers) },
    });
    if (!data) return refusal(error, response.status);
    return ok({ result: 1, data: data.data });
  } catch {
    return fail(502, 'SERVER_ERROR', 'payout.error_generic');
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
