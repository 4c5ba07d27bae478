import { describe, expect, it } from 'vitest';
import { blackjackReturnFiniteShoe } from './blackjack-strategy.js';
import { ROULETTE_BET_KINDS, checkRouletteBets, rouletteRtp } from './roulette.js';
import { BLACKJACK_RTP, TABLE_KINDS, TABLE_TITLES, VIDEO_POKER_RTP, tableTitleById } from './titles.js';

describe('the table titles', () => {
  it('are at least two titles of every kind, with distinct ids, names and maths hashes', () => {
    for (const kind of TABLE_KINDS) expect(TABLE_TITLES.filter((t) => t.kind === kind).length).toBeGreaterThanOrEqual(2);
    expect(new Set(TABLE_TITLES.map((t) => t.id)).size).toBe(TABLE_TITLES.length);
    expect(new Set(TABLE_TITLES.map((t) => t.name)).size).toBe(TABLE_TITLES.length);
    expect(new Set(TABLE_TITLES.map((t) => t.mathsHash)).size).toBe(TABLE_TITLES.length);
    expect(tableTitleById('fransk-roulette')?.kind).toBe('roulette');
    expect(tableTitleById('nope')).toBeUndefined();
  });

  it('show the return computed: roulette its best bet type, blackjack basic strategy (6 decks), video poker the optimal hold', () => {
    for (const title of TABLE_TITLES) {
      if (title.kind === 'roulette') {
        const returns = ROULETTE_BET_KINDS.map((kind) => rouletteRtp(title.table.variant, kind));
        expect(title.rtp).toBe(Math.max(...returns.map((r) => r.numerator / r.denominator)));
        expect(title.rtp).toBe(title.table.variant === 'european' ? 36 / 37 : 73 / 74);
      } else if (title.kind === 'blackjack') {
        expect(title.rtp).toBe(BLACKJACK_RTP[title.rules.id]);
        expect(Math.abs(blackjackReturnFiniteShoe(title.rules).rtp - title.rtp)).toBeLessThan(5e-7);
        expect(title.rtpIsUpTo).toBe(true);
      } else {
        // video-poker-strategy.test proves videoPokerReturn equals the published return to every digit.
        expect(title.rtp).toBe(VIDEO_POKER_RTP[title.paytable.id]);
        expect(title.rtp).toBe(title.paytable.published.return);
      }
    }
  });

  it('take stakes the games contract accepts: steps on the unit, within a call and a round', () => {
    for (const { stake, id } of TABLE_TITLES) {
      expect(
        stake.stepsOre.every((s) => s % stake.unitOre === 0 && s <= stake.maxCallOre),
        id,
      ).toBe(true);
      expect(stake.stepsOre).toContain(stake.defaultOre);
      expect(stake.minOre).toBeLessThanOrEqual(stake.stepsOre[0]!);
      expect(stake.maxCallOre).toBeLessThanOrEqual(stake.maxRoundOre);
    }
  });

  it("bound a round's return: nothing returns more per øre staked than the largest win", () => {
    const roulette = TABLE_TITLES.find((t) => t.kind === 'roulette')!;
    expect(roulette.largestWin).toEqual({ units: 36, cost: 1 });
    if (roulette.kind === 'roulette')
      expect(checkRouletteBets(roulette.table, [{ kind: 'straight', numbers: [17], stakeOre: 100 }])).toEqual([]);
    const blackjack = TABLE_TITLES.find((t) => t.kind === 'blackjack')!;
    expect(blackjack.largestWin.units / blackjack.largestWin.cost).toBe(2.5);
    const poker = TABLE_TITLES.find((t) => t.id === 'jacks-or-better')!;
    expect(poker.largestWin).toEqual({ units: 800, cost: 1 });
  });
});
