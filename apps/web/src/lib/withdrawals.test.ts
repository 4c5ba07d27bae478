import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
const { refusal } = await import('./withdrawals');

describe('a withdrawal refusal passed on to the browser', () => {
  it('carries the bonus balance a withdrawal would forfeit, for the warning step to name', async () => {
    const answer = refusal(
      {
        result: 0,
        code: 'WITHDRAWAL_FORFEITS_BONUS',
        message: 'Du har en aktiv bonus, som bortfalder, hvis du udbetaler nu.',
        bonusOre: 100_000,
      },
      409,
    );
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ result: 0, code: 'WITHDRAWAL_FORFEITS_BONUS', bonusOre: 100_000 });
  });

  it('says nothing of a bonus in other refusals, and names the form’s amount field', async () => {
    const answer = refusal({ code: 'WITHDRAWAL_EXCEEDS_BALANCE', message: 'x', fields: { amountOre: 'validation.max_withdrawal' } }, 409);
    const body = (await answer.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code: 'WITHDRAWAL_EXCEEDS_BALANCE', fields: { amount: 'validation.max_withdrawal' } });
    expect(body).not.toHaveProperty('bonusOre');
  });
});
