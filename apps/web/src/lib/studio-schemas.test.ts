import { describe, expect, it } from 'vitest';
import {
  anyGameRulesSchema,
  gameRulesSchema,
  isShownRound,
  isTableRound,
  isTableRules,
  roundSchema,
  studioSessionSchema,
} from './studio-schemas';

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

  it('keeps the pools a round’s stake won (issue 26), apart from its win; none from a studio that sends none', () => {
    const krone = { poolId: 'kronejackpotten', poolName: 'Kronejackpotten', amountOre: 12_345_678 };
    const outcome = { window: [[1, 2, 3]], wins: [], freeSpins: null, jackpot: { wins: [krone], winOre: 12_345_678 } };
    const settled = roundSchema.parse({
      round: { ...base, status: 'settled', winOre: 0, jackpotWins: [krone], jackpotWinOre: 12_345_678, outcome, refusalCode: null },
      session,
    });
    expect(isShownRound(settled.round)).toBe(true);
    expect(settled.round).toMatchObject({ winOre: 0, jackpotWins: [krone] });
    const older = roundSchema.parse({ round: { ...base, status: 'settled', winOre: 250, outcome: { window: [[1]], wins: [] } }, session });
    expect(isShownRound(older.round) && older.round.jackpotWins).toBeUndefined();
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

describe('the studio’s table games as the storefront reads them (issue 24)', () => {
  const tableRules = {
    gameId: 'jacks-or-better',
    name: 'Jacks or Better',
    kind: 'video-poker',
    rtp: 0.995439,
    rtpIsUpTo: true,
    stake: { minOre: 100, maxOre: 10_000, stepsOre: [100, 500, 10_000], defaultOre: 500 },
    timeoutMinutes: 60,
    roulette: null,
    blackjack: null,
    videoPoker: { paytableId: 'jacks-or-better-9-6', pays: [{ handClass: 'RoyalFlush', pay: 800 }] },
  };
  const slotRules = {
    gameId: 'vikingernes-guld',
    name: 'Vikingernes Guld',
    kind: 'slot',
    family: 'lines',
    rows: 3,
    reels: 5,
    symbols: [{ name: 'runesten', pays: [0, 9], kind: 'normal' }],
    rtp: 0.96,
    largestWin: 4321,
    volatility: 'high',
    stake: session.stake,
  };

  it('tells a table’s rules from a slot’s by their kind (a slot from an older studio has none)', () => {
    const table = anyGameRulesSchema.parse(tableRules);
    expect(isTableRules(table) && table.videoPoker?.pays).toEqual([{ handClass: 'RoyalFlush', pay: 800 }]);
    expect(isTableRules(anyGameRulesSchema.parse(slotRules))).toBe(false);
    const { kind: _kind, ...older } = slotRules;
    expect(isTableRules(anyGameRulesSchema.parse(older))).toBe(false);
    expect(() => anyGameRulesSchema.parse({ ...tableRules, kind: 'keno' })).toThrow();
  });

  const dealt = [36, 38, 13, 31, 49];
  const videoPokerRound = {
    ...base,
    stakeOre: 500,
    winOre: null,
    status: 'playing',
    outcome: null,
    refusalCode: null,
    table: {
      kind: 'video-poker',
      phase: 'hold',
      dealt,
      holds: null,
      hand: dealt,
      handClass: 'JacksOrBetter',
      pay: 1,
      returnOre: null,
      decideBy: '2026-11-27T11:00:00.000Z',
      autoFinished: false,
    },
  };

  it('reads a table round (playing or settled) with its table, never as a slot’s shown round', () => {
    const answer = roundSchema.parse({ round: videoPokerRound, session });
    expect(isTableRound(answer.round)).toBe(true);
    expect(isShownRound(answer.round)).toBe(false);
    const roulette = roundSchema.parse({
      round: {
        ...base,
        status: 'settled',
        winOre: 3_600,
        outcome: null,
        table: {
          kind: 'roulette',
          variant: 'european',
          pocket: 17,
          colour: 'black',
          bets: [{ kind: 'straight', numbers: [17], stakeOre: 100, outcome: 'win', returnOre: 3_600 }],
        },
      },
      session,
    });
    expect(isTableRound(roulette.round) && roulette.round.table).toMatchObject({ pocket: 17 });
    // A pending table round shows nothing of its table.
    const pending = roundSchema.parse({ round: { ...videoPokerRound, status: 'pending' }, session });
    expect(isTableRound(pending.round)).toBe(false);
    expect(pending.round).toMatchObject({ status: 'pending' });
    expect(() =>
      roundSchema.parse({ round: { ...videoPokerRound, table: { ...videoPokerRound.table, dealt: [1, 2, 3] } }, session }),
    ).toThrow();
  });

  it('keeps the session’s open hand (to resume it) and its kind; a slot session has none', () => {
    const withHand = studioSessionSchema.parse({ ...session, kind: 'video-poker', openRound: videoPokerRound });
    expect(withHand.kind).toBe('video-poker');
    expect(withHand.openRound?.table).toMatchObject({ kind: 'video-poker', phase: 'hold' });
    const slot = studioSessionSchema.parse(session);
    expect([slot.kind, slot.openRound]).toEqual(['slot', null]);
  });
});
