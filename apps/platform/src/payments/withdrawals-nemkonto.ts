import type { Config } from '../config.js';

/** What NemKonto said to a payout: accepted, refused for good, or no clear answer (send again later). */
export type NemKontoAnswer =
  { outcome: 'accepted'; payoutId: string } | { outcome: 'refused'; code: string } | { outcome: 'unknown'; detail: string };

export interface PayoutEvent {
  id: string;
  type: 'payout.paid';
  createdAt: string;
  data: { payoutId: string; reference: string; amountOre: number; paidAt: string };
}

export interface NemKontoClient {
  /**
   * Sends a payout to the NemKonto of the person with this CPR. The Idempotency-Key is
   * `krone-<withdrawal id>`: sending one withdrawal again (after a crash, a timeout, a second
   * processor whose lease ran out) answers the first payout and pays nothing twice.
   */
  sendPayout(input: { withdrawalId: string; cpr: string; amountOre: number }): Promise<NemKontoAnswer>;
}

const TIMEOUT_MS = 15_000;

/** The one door to the NemKonto payout provider: its shapes turned into ours. */
export function createNemKontoClient(
  config: Pick<Config, 'NEMKONTO_API_URL' | 'NEMKONTO_API_KEY'>,
  http: typeof fetch = fetch,
): NemKontoClient {
  return {
    async sendPayout({ withdrawalId, cpr, amountOre }) {
      let response: Response;
      try {
        response = await http(`${config.NEMKONTO_API_URL}/v1/payouts`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${config.NEMKONTO_API_KEY}`,
            'idempotency-key': `krone-${withdrawalId}`,
          },
          body: JSON.stringify({ cpr, amountOre, reference: withdrawalId }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        return { outcome: 'unknown', detail: (error as Error).name };
      }
      const body = (await response.json().catch(() => ({}))) as { id?: unknown; status?: unknown; error?: unknown };
      if (response.ok && typeof body.id === 'string' && body.id.length > 0) return { outcome: 'accepted', payoutId: body.id };
      // A definite "no" about this payout (no NemKonto for the CPR, a request it will never take).
      if ((response.status === 422 || response.status === 400) && typeof body.error === 'string')
        return { outcome: 'refused', code: body.error.slice(0, 60) };
      return { outcome: 'unknown', detail: `http_${response.status}` };
    },
  };
}
