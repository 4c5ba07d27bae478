import { createHmac } from 'node:crypto';

/** The signature header of a webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * Sends events as a provider does: JSON, signed (header `Krone-Signature`), and tried again
 * after each delay until the receiver answers 2xx. Without a URL, events are only kept.
 */
export function createWebhookSender<E>(options: { url?: string; secret: string; now: () => Date; retryDelaysMs?: number[] }) {
  const delays = options.retryDelaysMs ?? [1_000, 5_000, 30_000, 120_000, 600_000];
  const deliver = async (event: E, attempt = 0): Promise<void> => {
    if (!options.url) return;
    const body = JSON.stringify(event);
    const signature = signWebhook(options.secret, body, Math.floor(options.now().getTime() / 1000));
    const ok = await fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'krone-signature': signature },
      body,
      signal: AbortSignal.timeout(10_000),
    }).then(
      (response) => response.ok,
      () => false,
    );
    if (!ok && attempt < delays.length) setTimeout(() => void deliver(event, attempt + 1), delays[attempt]).unref();
  };
  return (event: E) => deliver(event);
}
