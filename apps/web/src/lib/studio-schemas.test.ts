import { describe, expect, it } from 'vitest';
import { gameRulesSchema, isShownRound, roundSchema } from './studio-schemas';

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

describe('the studio’s rules answer as the paytable reads it', () => {
  const answer = {
    gameId: 'vikingernes-guld',
    name: 'Vikingernes Guld',
    family: 'lines',
    rows: 3,
    reels: 5,
    lines: [[1, 1, 1, 1, 1]],
    waysCount: null,
    symbols: [
      { name: 'runesten', pays: [0, 9, 110, 368, 1473], kind: 'normal' },
      { name: 'wild', pays: [0, 18, 184, 736, 3682], kind: 'wild' },
    ],
    scatterPays: null,
    freeSpins: null,
    rtp: 0.96,
    largestWin: 4321,
    volatility: 'high',
    stake: session.stake,
  };

  it('keeps the symbols the wild does not stand in for, and reads none from a studio that does not send them', () => {
    expect(gameRulesSchema.parse({ ...answer, wildExcludes: [0] }).wildExcludes).toEqual([0]);
    expect(gameRulesSchema.parse(answer).wildExcludes).toEqual([]);
    expect(() => gameRulesSchema.parse({ ...answer, wildExcludes: ['runesten'] })).toThrow();
  });
});
