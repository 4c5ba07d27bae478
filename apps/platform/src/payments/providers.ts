import type { Config } from '../config.js';

/**
 * The one door to each payment provider: their HTTP and their shapes, turned into ours. A
 * provider payment is `pending` (nothing decided yet), `requires_action` (the player must act on
 * `actionUrl`: 3-D Secure or the MobilePay app), `succeeded` or `failed` (with the provider's
 * reason). `unreachable` means no usable answer: the payment stays as it is and the provider's
 * webhook, or the next look, settles it.
 */
export type ProviderOutcome =
  | {
      kind: 'answer';
      id: string;
      status: 'pending' | 'requires_action' | 'succeeded' | 'failed';
      last4?: string;
      failureCode?: string;
      actionUrl?: string;
    }
  | { kind: 'refused'; reason: 'invalid_token' | 'provider_error'; detail: string }
  | { kind: 'unreachable' };

type Http = typeof fetch;
const TIMEOUT_MS = 15_000;

async function call(http: Http, url: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> } | null> {
  try {
    const response = await http(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, body };
  } catch {
    return null;
  }
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The card provider (tokenisation in the browser, 3-D Secure, signed webhooks). */
export function createCardProvider(config: Config, http: Http) {
  const auth = { authorization: `Bearer ${config.CARDS_SECRET_KEY}` };
  const outcome = (body: Record<string, unknown>): ProviderOutcome => {
    const status = str(body.status);
    const id = str(body.id)!;
    const last4 = str(body.last4);
    if (status === 'succeeded') return { kind: 'answer', id, status, last4 };
    if (status === 'requires_action') return { kind: 'answer', id, status, last4, actionUrl: str(body.actionUrl) };
    return { kind: 'answer', id, status: 'failed', last4, failureCode: str(body.declineCode) ?? status ?? 'failed' };
  };
  return {
    async charge(input: { paymentId: string; token: string; amountOre: number; returnUrl: string }): Promise<ProviderOutcome> {
      const answer = await call(http, `${config.CARDS_API_URL}/v1/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth, 'idempotency-key': `krone-${input.paymentId}` },
        body: JSON.stringify({
          token: input.token,
          amountOre: input.amountOre,
          currency: 'DKK',
          reference: input.paymentId,
          returnUrl: input.returnUrl,
        }),
      });
      if (!answer) return { kind: 'unreachable' };
      if (answer.status === 400 && answer.body.error === 'invalid_token')
        return { kind: 'refused', reason: 'invalid_token', detail: 'invalid_token' };
      if (answer.status >= 300 || !str(answer.body.id) || !str(answer.body.status)) {
        return { kind: 'refused', reason: 'provider_error', detail: str(answer.body.error) ?? `http_${answer.status}` };
      }
      return outcome(answer.body);
    },
    async read(providerPaymentId: string): Promise<ProviderOutcome> {
      const answer = await call(http, `${config.CARDS_API_URL}/v1/payments/${encodeURIComponent(providerPaymentId)}`, { headers: auth });
      if (!answer || answer.status !== 200 || !str(answer.body.id)) return { kind: 'unreachable' };
      return outcome(answer.body);
    },
  };
}

/** MobilePay payments (ePayment): created here, approved in the app, captured at approval. */
export function createMobilePayProvider(config: Config, http: Http) {
  const auth = { authorization: `Bearer ${config.MOBILEPAY_PAYMENTS_KEY}` };
  const outcome = (body: Record<string, unknown>): ProviderOutcome => {
    const status = str(body.status);
    const id = str(body.id)!;
    if (status === 'captured') return { kind: 'answer', id, status: 'succeeded' };
    if (status === 'created') return { kind: 'answer', id, status: 'requires_action', actionUrl: str(body.redirectUrl) };
    return { kind: 'answer', id, status: 'failed', failureCode: status ?? 'failed' };
  };
  return {
    async create(input: {
      paymentId: string;
      amountOre: number;
      returnUrl: string;
      description: string;
      /** How long the payment waits for the player's answer in the app (settingMobilePay.timeout_seconds). */
      expiresInSeconds: number;
    }): Promise<ProviderOutcome> {
      const answer = await call(http, `${config.MOBILEPAY_PAYMENTS_URL}/v1/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth, 'idempotency-key': `krone-${input.paymentId}` },
        body: JSON.stringify({
          amountOre: input.amountOre,
          currency: 'DKK',
          reference: input.paymentId,
          description: input.description,
          returnUrl: input.returnUrl,
          expiresInSeconds: input.expiresInSeconds,
        }),
      });
      if (!answer) return { kind: 'unreachable' };
      if (answer.status >= 300 || !str(answer.body.id))
        return { kind: 'refused', reason: 'provider_error', detail: str(answer.body.error) ?? `http_${answer.status}` };
      return outcome(answer.body);
    },
    async read(providerPaymentId: string): Promise<ProviderOutcome> {
      const answer = await call(http, `${config.MOBILEPAY_PAYMENTS_URL}/v1/payments/${encodeURIComponent(providerPaymentId)}`, {
        headers: auth,
      });
      if (!answer || answer.status !== 200 || !str(answer.body.id)) return { kind: 'unreachable' };
      return outcome(answer.body);
    },
  };
}
