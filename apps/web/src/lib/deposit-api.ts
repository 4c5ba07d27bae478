import 'server-only';
import { MAX_DEPOSIT_ORE } from '@krone/domain';
import { z } from 'zod';
import { fail, ok } from './api';

/** Where the provider sends the browser back to, on the host the browser used. */
export const RETURN_PATHS = {
  card: '/api/deposit/3ds-return',
  mobilepay: { main: '/MobilePay', quick: '/MobilePayQuick' },
} as const;

export const depositBody = z.object({
  amountOre: z.number().int().min(1).max(MAX_DEPOSIT_ORE),
  bonusCode: z.string().max(100).optional(),
  from: z.enum(['main', 'quick']).default('main'),
});

type PlatformAnswer = { data?: { data: unknown }; error?: unknown; response: Response };

/**
 * The platform's answer to a deposit call, passed on: its data, or its refusal with the stable
 * code and the Danish message (a 5xx or no answer becomes the "server error" of spec §8).
 */
export async function depositAnswer(call: () => Promise<PlatformAnswer>) {
  try {
    const { data, error, response } = await call();
    if (data) return ok({ result: 1, data: data.data });
    const refused = error as { code?: string; message?: string; fields?: Record<string, string>; remainingOre?: number } | undefined;
    if (response.status === 401) return fail(401, 'SESSION_INVALID', 'deposit.login_required');
    if (response.status >= 500 && refused?.code !== 'PAYMENT_PROVIDER_ERROR') return fail(502, 'SERVER_ERROR', 'deposit.error_server');
    return Response.json(
      {
        result: 0,
        code: refused?.code ?? 'SERVER_ERROR',
        message: refused?.message,
        fields: refused?.fields,
        remainingOre: refused?.remainingOre,
      },
      { status: response.status, headers: { 'Cache-Control': 'no-store' } },
    );
  } catch {
    return fail(502, 'SERVER_ERROR', 'deposit.error_server');
  }
}
