import { DEPOSIT_LIMIT_PERIODS } from '@krone/domain';
import { z } from 'zod';
import { forbiddenOrigin, parseJson, sameOrigin } from '@/lib/api';
import { relayLimitsCall } from '@/lib/limits';
import { platformNoStore } from '@/lib/platform';

const body = z.object({ period: z.enum(DEPOSIT_LIMIT_PERIODS), amountOre: z.number().int().nullable() });

/**
 * POST /api/limits/deposit {period, amountOre}: sets one period's deposit limit (a decrease at
 * once, an increase after 24 hours); `amountOre: null` removes it after 24 hours, never the last.
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const { period, amountOre } = parsed.data;
  return relayLimitsCall((sessionId) =>
    amountOre === null
      ? platformNoStore.DELETE('/Limits/{sessionId}/deposit/{period}', { params: { path: { sessionId, period } } })
      : platformNoStore.PUT('/Limits/{sessionId}/deposit/{period}', { params: { path: { sessionId, period } }, body: { amountOre } }),
  );
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
