import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
const { depositAnswer } = await import('./deposit-api');

describe('a deposit refusal passed on to the browser', () => {
  it('carries the code, the Danish message and what may still be deposited under the limit', async () => {
    const refusal = {
      result: 0,
      code: 'DEPOSIT_LIMIT_EXCEEDED',
      message: 'Indbetalingen overskrider din indbetalingsgrænse.',
      remainingOre: 12_500,
    };
    const answer = await depositAnswer(async () => ({ error: refusal, response: new Response(null, { status: 409 }) }));
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ result: 0, code: 'DEPOSIT_LIMIT_EXCEEDED', remainingOre: 12_500 });
  });
});
