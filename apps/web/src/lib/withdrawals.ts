import 'server-only';
import { platformNoStore } from './platform';
import type { WithdrawalsOverview } from './platform-types';

/** The overview for a session, or null when the session is gone (401); throws on other failures. */
export async function loadWithdrawals(token: string): Promise<WithdrawalsOverview | null> {
  const { data, response } = await platformNoStore.GET('/Payments/withdrawals/{sessionId}', { params: { path: { sessionId: token } } });
  if (data) return data.data;
  if (response.status === 401) return null;
  throw new Error(`withdrawals: platform answered ${response.status}`);
}

/**
 * A platform refusal passed on to the browser: its code, Danish message and fields (amountOre is
 * the form's amount), and the bonus balance a withdrawal would forfeit (WITHDRAWAL_FORFEITS_BONUS).
 */
export function refusal(error: unknown, status: number) {
  const refused = error as { code?: string; message?: string; fields?: Record<string, string>; bonusOre?: number } | undefined;
  const fields = refused?.fields
    ? Object.fromEntries(Object.entries(refused.fields).map(([key, value]) => [key === 'amountOre' ? 'amount' : key, value]))
    : undefined;
  return Response.json(
    {
      result: 0,
      code: refused?.code ?? 'SERVER_ERROR',
      message: refused?.message,
      fields,
      ...(typeof refused?.bonusOre === 'number' ? { bonusOre: refused.bonusOre } : {}),
    },
    { status: status >= 400 && status < 500 ? status : 502, headers: { 'Cache-Control': 'no-store' } },
  );
}
