import { describe, expect, it } from 'vitest';
import { isShownRound, roundSchema } from './studio-schemas';

const session = {
  sessionId: 's-1',
  gameId: 'vikingernes-guld',
  mode: 'real',
  balanceOre: 10_000,
  netOre: 0,
  roundsPlayed: 0,
  startedAt: '2026-11-27T10:00:00.000Z',
  nextRoundAt: '2026-11-27T10:00:03.000Z',
  warning: null,
  stake: { minOre: 100, maxOre: 1_000, stepsOre: [100, 200, 1_000], defaultOre: 100 },
};
const base = { roundId: '6f1c3c2e-9a41-4d0e-8b7a-1c2d3e4f5a6b', stakeOre: 100, startedAt: '2026-11-27T10:00:00.000Z' };

describe('the studio’s round answers as the game screen reads them', () => {
  it('takes a pending round (no outcome, no win) and a refused one as not shown, a settled round as shown', () => {
    const pending = roundSchema.parse({ round: { ...base, status: 'pending', winOre: null, outcome: null, refusalCode: null }, session });
    expect(isShownRound(pending.round)).toBe(false);
    expect(pending.round).toMatchObject({ status: 'pending' });
    const refused = roundSchema.parse({
      round: { ...base, status: 'refused', winOre: null, outcome: null, refusalCode: 'ACCOUNT_PAUSED' },
      session,
    });
    expect(isShownRound(refused.round)).toBe(false);
    expect(refused.round).toMatchObject({ status: 'refused', refusalCode: 'ACCOUNT_PAUSED' });
    const settled = roundSchema.parse({
      round: { ...base, status: 'settled', winOre: 250, outcome: { window: [[1, 2, 3]], wins: [], freeSpins: null }, refusalCode: null },
      session,
    });
    expect(isShownRound(settled.round)).toBe(true);
    expect(settled.round).toMatchObject({ winOre: 250 });
    // A pending answer never reveals an outcome, whatever else it carries.
    const odd = roundSchema.parse({ round: { ...base, status: 'pending', winOre: 250, outcome: null }, session });
    expect(isShownRound(odd.round)).toBe(false);
  });
});
