import { describe, expect, it } from 'vitest';
import { SeededTestRng } from '../rng.js';
import { DECK_SIZE, parseCards, type Card } from './cards.js';
import { BLACKJACK_EUROPEAN, BLACKJACK_VEGAS_H17, type BlackjackRules } from './blackjack-rules.js';
import {
  BlackjackError,
  act,
  autoFinish,
  cardValue,
  dealFromShoe,
  dealBlackjackRound,
  handTotal,
  insure,
  isShoe,
  legalActions,
  replayRound,
  validateBlackjackRules,
  type BlackjackRound,
} from './blackjack.js';

const VEGAS = BLACKJACK_VEGAS_H17;
const EURO = BLACKJACK_EUROPEAN;
const SURRENDER: BlackjackRules = { ...BLACKJACK_VEGAS_H17, id: 'test-late-surrender', surrender: 'late', dealerHitsSoft17: false };
const EURO_OBO: BlackjackRules = { ...BLACKJACK_EUROPEAN, id: 'test-enhc-obo', enhcDealerBlackjackTakes: 'original' };

/** A full shoe of `rules.decks` decks whose first cards are `top` (the rest in card order). */
function shoe(rules: BlackjackRules, top: string): Card[] {
  const first = parseCards(top);
  const left = new Array<number>(DECK_SIZE).fill(rules.decks);
  for (const c of first) left[c]!--;
  const rest: Card[] = [];
  for (let c = 0; c < DECK_SIZE; c++) for (let i = 0; i < left[c]!; i++) rest.push(c);
  return [...first, ...rest];
}

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof BlackjackError) return error.code;
    throw error;
  }
  return undefined;
}

// Deal order: player, dealer up, player, dealer hole (peek games only).
describe('cards and totals', () => {
  it('counts aces 1 or 11 and faces 10', () => {
    expect(parseCards('Ah Kd Qs Jc Th 9c 2d').map(cardValue)).toEqual([1, 10, 10, 10, 10, 9, 2]);
    expect(handTotal(parseCards('Ah 6c'))).toEqual({ hard: 7, total: 17, soft: true });
    expect(handTotal(parseCards('Ah 6c Tc'))).toEqual({ hard: 17, total: 17, soft: false });
    expect(handTotal(parseCards('Ah Ad 9c'))).toEqual({ hard: 11, total: 21, soft: true });
  });

  it('deals from a fresh shoe of six full decks, shuffled from the rng', () => {
    const round = dealBlackjackRound(VEGAS, 100, new SeededTestRng(1));
    expect(round.shoe).toHaveLength(6 * 52);
    expect(isShoe(round.shoe, 6)).toBe(true);
    expect(round.hands[0]!.cards).toEqual([round.shoe[0], round.shoe[2]]);
    expect(round.dealer).toEqual([round.shoe[1], round.shoe[3]]);
    // No hole card: the dealer has one card while the player plays.
    expect(dealFromShoe(EURO, shoe(EURO, 'Th 7c 9d 8s'), 100).dealer).toEqual(parseCards('7c'));
  });
});

describe('validation', () => {
  it('accepts both rule sets and refuses rules the engine cannot deal', () => {
    expect(validateBlackjackRules(VEGAS)).toBe(VEGAS);
    expect(validateBlackjackRules(EURO)).toBe(EURO);
    const bad = (change: Partial<BlackjackRules>) => codeOf(() => dealBlackjackRound({ ...VEGAS, ...change }, 100, new SeededTestRng(1)));
    expect(bad({ decks: 0 })).toBe('RULES_INVALID');
    expect(bad({ maxHands: 1 })).toBe('RULES_INVALID');
    expect(bad({ stakeUnitOre: 1 })).toBe('RULES_INVALID');
    expect(bad({ blackjackPays: { numerator: 6, denominator: 5 } })).toBe('RULES_INVALID');
    expect(bad({ surrender: 'late', holeCard: 'enhc' })).toBe('RULES_INVALID');
  });

  it('takes only whole even stakes and full shoes', () => {
    expect(codeOf(() => dealBlackjackRound(VEGAS, 101, new SeededTestRng(1)))).toBe('STAKE_INVALID');
    expect(codeOf(() => dealBlackjackRound(VEGAS, 0, new SeededTestRng(1)))).toBe('STAKE_INVALID');
    expect(codeOf(() => dealBlackjackRound(VEGAS, 2.5, new SeededTestRng(1)))).toBe('STAKE_INVALID');
    const bad = shoe(VEGAS, 'Th 7c 9d 8s');
    bad[1] = bad[0]!; // seven tens of hearts
    expect(codeOf(() => dealFromShoe(VEGAS, bad, 100))).toBe('SHOE_INVALID');
    expect(codeOf(() => dealFromShoe(VEGAS, shoe(EURO, 'Th').slice(1), 100))).toBe('SHOE_INVALID');
  });

  it('refuses a round under other rules, after it is over, and an unknown action', () => {
    const round = dealFromShoe(VEGAS, shoe(VEGAS, 'Th 7c 9d 8s'), 100);
    expect(codeOf(() => act(EURO, round, 'hit'))).toBe('RULES_MISMATCH');
    expect(codeOf(() => act(VEGAS, round, 'fold' as never))).toBe('ACTION_UNKNOWN');
    const over = act(VEGAS, round, 'stand');
    expect(over.phase).toBe('over');
    expect(codeOf(() => act(VEGAS, over, 'hit'))).toBe('ROUND_OVER');
    expect(legalActions(VEGAS, over)).toEqual([]);
  });

  it('does not change the round it is given (pure) and a stored round continues the same after JSON', () => {
    const round = dealFromShoe(VEGAS, shoe(VEGAS, 'Th 7c 6d 8s 5c 9h'), 100);
    const before = JSON.stringify(round);
    const next = act(VEGAS, round, 'hit');
    expect(JSON.stringify(round)).toBe(before);
    const restored = JSON.parse(before) as BlackjackRound;
    expect(act(VEGAS, restored, 'hit')).toEqual(next);
  });
});

describe('settlement in øre', () => {
  it('pays a blackjack 3:2 at once', () => {
    const r = dealFromShoe(VEGAS, shoe(VEGAS, 'Ah 9c Kd 8s'), 100);
    expect(r.phase).toBe('over');
    expect(r.settlement!.hands[0]).toEqual({ stakeOre: 100, returnOre: 250, outcome: 'blackjack' });
  });

  it("peek: a dealer blackjack under a ten ends the round before the player acts, taking only the stake; a player's blackjack pushes", () => {
    const lost = dealFromShoe(VEGAS, shoe(VEGAS, '9h Tc 9d As'), 100);
    expect(lost.phase).toBe('over');
    expect(lost.settlement).toMatchObject({ dealerBlackjack: true, totalStakeOre: 100, totalReturnOre: 0 });
    const push = dealFromShoe(VEGAS, shoe(VEGAS, 'Ah Tc Kd As'), 100);
    expect(push.settlement!.hands[0]!.outcome).toBe('push');
    expect(push.settlement!.totalReturnOre).toBe(100);
  });

  it('offers insurance against an ace: half the stake, paid 2:1 on a dealer blackjack', () => {
    const r = dealFromShoe(VEGAS, shoe(VEGAS, '9h Ac 9d Ks'), 100);
    expect(r.phase).toBe('insurance');
    expect(codeOf(() => act(VEGAS, r, 'stand'))).toBe('INSURANCE_PENDING');
    const insured = insure(VEGAS, r, true);
    expect(insured.settlement).toMatchObject({ insuranceOre: 50, insuranceReturnOre: 150, totalStakeOre: 150, totalReturnOre: 150 });
    const declined = insure(VEGAS, dealFromShoe(VEGAS, shoe(VEGAS, '9h Ac 9d 7s'), 100), false);
    expect(declined.phase).toBe('player');
    expect(codeOf(() => insure(VEGAS, declined, true))).toBe('INSURANCE_NOT_OFFERED');
    // Insurance taken, no blackjack: the insurance is lost, the hand plays on.
    const noBj = insure(VEGAS, dealFromShoe(VEGAS, shoe(VEGAS, 'Th Ac 9d 7s'), 100), true);
    const done = act(VEGAS, noBj, 'stand');
    expect(done.settlement).toMatchObject({
      dealerTotal: 18,
      insuranceOre: 50,
      insuranceReturnOre: 0,
      totalStakeOre: 150,
      totalReturnOre: 200,
    });
  });

  it('doubles: twice the stake, one card, then the dealer plays', () => {
    // Player 6+5 = 11 v 6 up, hole T (16); double draws T (21); dealer draws 9: bust.
    const r = act(VEGAS, dealFromShoe(VEGAS, shoe(VEGAS, '6h 6c 5d Ts Tc 9h'), 100), 'double');
    expect(r.hands[0]!.cards).toHaveLength(3);
    expect(r.settlement!.hands[0]).toEqual({ stakeOre: 200, returnOre: 400, outcome: 'win' });
    expect(r.settlement!.dealerTotal).toBe(25);
  });

  it('pushes equal totals and loses a lower one', () => {
    expect(act(VEGAS, dealFromShoe(VEGAS, shoe(VEGAS, 'Th 9c 8d 9s'), 100), 'stand').settlement!.hands[0]!.outcome).toBe('push');
    expect(act(VEGAS, dealFromShoe(VEGAS, shoe(VEGAS, 'Th 9c 7d 9s'), 100), 'stand').settlement!.hands[0]!).toEqual({
      stakeOre: 100,
      returnOre: 0,
      outcome: 'lose',
    });
  });

  it('busts a hand over 21 at once, and the dealer does not draw for it', () => {
    const r = act(VEGAS, dealFromShoe(VEGAS, shoe(VEGAS, 'Th 6c 6d Ts 9h'), 100), 'hit');
    expect(r.settlement!.hands[0]!.outcome).toBe('bust');
    expect(r.dealer).toHaveLength(2);
  });
});

describe("the dealer's fixed play", () => {
  it('hits a soft 17 under H17 and stands on it under S17', () => {
    const s = shoe(VEGAS, 'Th Ac 9d 6s 4h');
    const h17 = act(VEGAS, insure(VEGAS, dealFromShoe(VEGAS, s, 100), false), 'stand');
    expect(h17.dealer).toHaveLength(3);
    expect(h17.settlement!.dealerTotal).toBe(21);
    const s17 = act(SURRENDER, insure(SURRENDER, dealFromShoe(SURRENDER, s, 100), false), 'stand');
    expect(s17.dealer).toHaveLength(2);
    expect(s17.settlement!.hands[0]!.outcome).toBe('win');
  });
});

describe('splits', () => {
  it('splits a pair into hands of the base stake, each taking its second card when it comes into play, up to 4 hands', () => {
    // 8 8 v 6 (hole T); hand 1 gets 8 (resplit), then 8 (resplit, 4 hands), then 8 (no more).
    let r = dealFromShoe(VEGAS, shoe(VEGAS, '8h 6c 8d Ts 8s 8c 8h 3d 2c 4s 9d'), 100);
    expect(legalActions(VEGAS, r)).toContain('split');
    r = act(VEGAS, r, 'split');
    expect(r.hands.map((h) => h.cards.length)).toEqual([2, 1]);
    r = act(VEGAS, r, 'split');
    r = act(VEGAS, r, 'split');
    expect(r.hands).toHaveLength(4);
    expect(r.hands[0]!.cards).toEqual(parseCards('8h 8h'));
    expect(codeOf(() => act(VEGAS, r, 'split'))).toBe('SPLIT_NOT_ALLOWED');
    // DAS: a split hand may be doubled.
    expect(legalActions(VEGAS, r)).toContain('double');
    r = act(VEGAS, r, 'stand'); // 16
    r = act(VEGAS, r, 'stand'); // 8+3
    r = act(VEGAS, r, 'stand'); // 8+2
    r = act(VEGAS, r, 'stand'); // 8+4
    expect(r.phase).toBe('over');
    // Dealer 6+T = 16 draws 9: bust; four hands of 100 each win.
    expect(r.settlement!.totalStakeOre).toBe(400);
    expect(r.settlement!.totalReturnOre).toBe(800);
  });

  it('split aces take one card each and are not blackjacks; aces split again only where the rules allow', () => {
    let r = act(VEGAS, dealFromShoe(VEGAS, shoe(VEGAS, 'Ah 7c Ad Ts Kc Ah 9s'), 100), 'split');
    // Both hands done at once: A+K = 21 (not a blackjack), A+A (Vegas: aces split once) = soft 12.
    expect(r.phase).toBe('over');
    expect(r.settlement!.hands.map((h) => h.outcome)).toEqual(['win', 'lose']);
    expect(r.settlement!.hands[0]!.returnOre).toBe(200);
    r = act(EURO, dealFromShoe(EURO, shoe(EURO, 'Ah 7c Ad Ac Kc 9s Ts 5h'), 100), 'split');
    // European: the first ace drew an ace and may split again (not hit).
    expect(legalActions(EURO, r)).toEqual(['stand', 'split']);
    expect(codeOf(() => act(EURO, r, 'hit'))).toBe('HIT_NOT_ALLOWED');
    r = act(EURO, r, 'split');
    expect(r.phase).toBe('over');
    expect(r.hands.map((h) => handTotal(h.cards).total)).toEqual([21, 20, 21]);
  });

  it('does not double after a split without DAS', () => {
    const noDas: BlackjackRules = { ...VEGAS, id: 'test-no-das', doubleAfterSplit: false };
    const r = act(noDas, dealFromShoe(noDas, shoe(noDas, '8h 6c 8d Ts 3s'), 100), 'split');
    expect(codeOf(() => act(noDas, r, 'double'))).toBe('DOUBLE_NOT_ALLOWED');
  });
});

describe('doubling rules and surrender', () => {
  it('European: doubles only a hard 9, 10 or 11', () => {
    expect(legalActions(EURO, dealFromShoe(EURO, shoe(EURO, '5h 6c 4d'), 100))).toContain('double');
    expect(codeOf(() => act(EURO, dealFromShoe(EURO, shoe(EURO, '5h 6c 3d'), 100), 'double'))).toBe('DOUBLE_NOT_ALLOWED');
    expect(codeOf(() => act(EURO, dealFromShoe(EURO, shoe(EURO, 'Ah 6c 8d'), 100), 'double'))).toBe('DOUBLE_NOT_ALLOWED');
    expect(legalActions(VEGAS, dealFromShoe(VEGAS, shoe(VEGAS, 'Ah 6c 8d 9s'), 100))).toContain('double');
  });

  it('late surrender returns half the stake, only on the first two cards and only where offered', () => {
    const r = act(SURRENDER, dealFromShoe(SURRENDER, shoe(SURRENDER, 'Th Tc 6d 7s'), 100), 'surrender');
    expect(r.settlement!.hands[0]).toEqual({ stakeOre: 100, returnOre: 50, outcome: 'surrender' });
    const hit = act(SURRENDER, dealFromShoe(SURRENDER, shoe(SURRENDER, '2h Tc 3d 7s 4c'), 100), 'hit');
    expect(codeOf(() => act(SURRENDER, hit, 'surrender'))).toBe('SURRENDER_NOT_ALLOWED');
    expect(codeOf(() => act(VEGAS, dealFromShoe(VEGAS, shoe(VEGAS, 'Th Tc 6d 7s'), 100), 'surrender'))).toBe('SURRENDER_NOT_ALLOWED');
  });

  it('a hit after the first two cards leaves only hit and stand', () => {
    const r = act(VEGAS, dealFromShoe(VEGAS, shoe(VEGAS, '2h Tc 3d 7s 4c'), 100), 'hit');
    expect(legalActions(VEGAS, r)).toEqual(['hit', 'stand']);
    expect(codeOf(() => act(VEGAS, r, 'double'))).toBe('DOUBLE_NOT_ALLOWED');
  });
});

describe('European no hole card', () => {
  // 8 8 v T up; split; hand 1: 8+3 doubled (+T = 21); hand 2: 8+9 stands; dealer then draws A: blackjack.
  const top = '8h Tc 8d 3s Th 9c Ac';

  it('a dealer blackjack drawn after the player has played takes every stake: doubles and split hands too', () => {
    let r = act(EURO, dealFromShoe(EURO, shoe(EURO, top), 100), 'split');
    r = act(EURO, r, 'double');
    r = act(EURO, r, 'stand');
    expect(r.dealer).toEqual(parseCards('Tc Ac'));
    expect(r.settlement).toMatchObject({ dealerBlackjack: true, totalStakeOre: 300, totalReturnOre: 0 });
  });

  it('with original-bets-only, the doubles and the split hand come back', () => {
    let r = act(EURO_OBO, dealFromShoe(EURO_OBO, shoe(EURO_OBO, top), 100), 'split');
    r = act(EURO_OBO, r, 'double');
    r = act(EURO_OBO, r, 'stand');
    expect(r.settlement).toMatchObject({ dealerBlackjack: true, totalStakeOre: 300, totalReturnOre: 200 });
  });

  it("a player's blackjack waits for the dealer's second card: paid 3:2, or a push against a blackjack", () => {
    const paid = dealFromShoe(EURO, shoe(EURO, 'Ah Tc Kd 9s'), 100);
    expect(paid.dealer).toEqual(parseCards('Tc 9s'));
    expect(paid.settlement!.totalReturnOre).toBe(250);
    expect(dealFromShoe(EURO, shoe(EURO, 'Ah Tc Kd As'), 100).settlement!.hands[0]!.outcome).toBe('push');
  });
});

describe('a round left by the player, and replays', () => {
  it('autoFinish declines insurance, stands on every open hand and lets the dealer play', () => {
    const pending = dealFromShoe(VEGAS, shoe(VEGAS, '9h Ac 9d 6s 3c'), 100);
    const done = autoFinish(VEGAS, pending);
    expect(done.phase).toBe('over');
    expect(done.settlement).toMatchObject({ insuranceOre: 0, dealerTotal: 20, totalReturnOre: 0 });
    let split = act(VEGAS, dealFromShoe(VEGAS, shoe(VEGAS, '8h 6c 8d Ts 2c 3d 9h'), 100), 'split');
    split = autoFinish(VEGAS, split);
    expect(split.hands.map((h) => h.cards.length)).toEqual([2, 2]);
    expect(split.settlement!.totalReturnOre).toBe(400);
    expect(autoFinish(VEGAS, split)).toBe(split);
  });

  it('replays a round from its stored shoe and actions to the same result', () => {
    const rng = new SeededTestRng(7);
    for (let i = 0; i < 200; i++) {
      let r = dealBlackjackRound(EURO, 200, rng);
      const actions: ('hit' | 'stand' | 'double' | 'split')[] = [];
      if (r.phase === 'insurance') r = insure(EURO, r, false);
      let step = 0;
      while (r.phase === 'player') {
        const legal = legalActions(EURO, r).filter((a) => a !== 'surrender') as ('hit' | 'stand' | 'double' | 'split')[];
        const a = legal[(i + step++) % legal.length]!;
        actions.push(a);
        r = act(EURO, r, a);
      }
      expect(replayRound(EURO, r.shoe, 200, actions, false)).toEqual(r);
      const s = r.settlement!;
      expect(s.totalStakeOre).toBe(s.hands.reduce((a, h) => a + h.stakeOre, 0));
      expect(Number.isInteger(s.totalReturnOre)).toBe(true);
    }
  });
});
