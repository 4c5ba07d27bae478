// bench:live's timing of the live studio's wallet calls where the studio makes them. The studio
// stand-in runs in the bench's process and calls the operator's wallet with the global fetch, so
// fetch is wrapped: each call to `walletUrl` (debit, credit, cancel, balance) is noted with its
// transaction, when it was sent and when the platform's whole answer had arrived (epoch ms, sub-ms),
// its HTTP status and the studio-protocol status in it. Every other fetch passes untouched.
import { performance } from 'node:perf_hooks';

const epochNow = () => performance.timeOrigin + performance.now();

/** Starts timing the wallet calls to `walletUrl`; answers the list they are noted in, as they happen. */
export function timeWalletCalls(walletUrl) {
  const calls = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(walletUrl)) return realFetch(input, init);
    const body = JSON.parse(String(init?.body ?? '{}'));
    const entry = {
      kind: url.slice(walletUrl.length + 1),
      transactionId: body.transactionId,
      roundId: body.roundId,
      amount: body.amount,
      debitTransactionIds: body.debitTransactionIds ?? [],
      sentAt: epochNow(),
    };
    calls.push(entry);
    try {
      const response = await realFetch(input, init);
      const text = await response.text();
      entry.answeredAt = epochNow();
      entry.http = response.status;
      try {
        entry.status = JSON.parse(text).status;
      } catch {
        // not JSON: the studio counts the call unanswered
      }
      return new globalThis.Response(text, { status: response.status, headers: response.headers });
    } catch (error) {
      entry.answeredAt = epochNow();
      entry.error = error?.name ?? 'error';
      throw error;
    }
  };
  return calls;
}
