import type { BlackjackRules } from './blackjack-rules.js';

/**
 * The exact expected return of basic strategy, INFINITE-DECK: every card is drawn with the fixed
 * probabilities 1/13 (two … nine, ace) and 4/13 (ten-valued), whatever was dealt before. Under that
 * model the total-dependent strategy computed here is the optimal strategy, and every figure is an
 * exact sum of finitely many terms (no sampling); the only approximation is the infinite deck
 * itself (a 6-deck shoe is about 0.1 percentage points better for the player, see the tests).
 *
 * Method (the standard one): (1) the dealer's final-total probabilities per up card, by recursion
 * over the dealer's hand, conditioned on no dealer blackjack in a peek game; (2) per player hand
 * (hard total, holds an ace) the EV of standing, of the best play from there on (hit or stand), of
 * doubling; of splitting per pair, with resplits to the rules' limit by a recursion over
 * (hands still waiting for their second card, hands so far); of late surrender; (3) basic strategy
 * is the best action per cell, and the return is the sum over the initial deal (two player cards
 * and the up card) of probability × the best action's EV.
 *
 * Card values here: 1 = ace, 2 … 10 (ten-valued).
 */

/** P(next card has value v), v = 1 … 10. */
export const INFINITE_DECK_P: readonly number[] = [0, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 4 / 13];

/** Dealer outcomes: index 0 … 4 = final 17 … 21, 5 = bust, 6 = blackjack (only in the unconditioned, ENHC distribution). */
export const DEALER_BUST = 5;
export const DEALER_BLACKJACK = 6;

/** The best total of a hand given its hard total (aces as 1) and whether it holds an ace. */
export function bestTotal(hard: number, hasAce: boolean): number {
  return hasAce && hard + 10 <= 21 ? hard + 10 : hard;
}

function dealerStands(hard: number, hasAce: boolean, hitsSoft17: boolean): boolean {
  const best = bestTotal(hard, hasAce);
  if (best < 17) return false;
  if (best === 17 && hitsSoft17 && hasAce && hard === 7) return false;
  return true;
}

/**
 * The dealer's final outcome distribution (7 entries) for up card `up` (1 … 10). `noBlackjack`:
 * conditioned on the hole card not making a blackjack (what a player facing a peeked ace or ten
 * knows); otherwise the blackjack is its own outcome (index 6).
 */
export function dealerDistribution(up: number, hitsSoft17: boolean, noBlackjack: boolean): number[] {
  const memo = new Map<number, number[]>();
  const from = (hard: number, hasAce: boolean): number[] => {
    const key = hard * 2 + (hasAce ? 1 : 0);
    const cached = memo.get(key);
    if (cached) return cached;
    const out = new Array<number>(7).fill(0);
    if (hard > 21) out[DEALER_BUST] = 1;
    else if (dealerStands(hard, hasAce, hitsSoft17)) out[bestTotal(hard, hasAce) - 17] = 1;
    else
      for (let v = 1; v <= 10; v++) {
        const next = from(hard + v, hasAce || v === 1);
        for (let i = 0; i < 7; i++) out[i]! += INFINITE_DECK_P[v]! * next[i]!;
      }
    memo.set(key, out);
    return out;
  };
  const out = new Array<number>(7).fill(0);
  let mass = 0;
  for (let hole = 1; hole <= 10; hole++) {
    const p = INFINITE_DECK_P[hole]!;
    const blackjack = (up === 1 && hole === 10) || (up === 10 && hole === 1);
    if (blackjack) {
      if (!noBlackjack) {
        out[DEALER_BLACKJACK]! += p;
        mass += p;
      }
      continue;
    }
    const next = from(up + hole, up === 1 || hole === 1);
    for (let i = 0; i < 7; i++) out[i]! += p * next[i]!;
    mass += p;
  }
  return out.map((x) => x / mass);
}

/** P(dealer blackjack | up card). */
export function dealerBlackjackChance(up: number): number {
  return up === 1 ? INFINITE_DECK_P[10]! : up === 10 ? INFINITE_DECK_P[1]! : 0;
}

export type BlackjackMove = 'stand' | 'hit' | 'double' | 'split' | 'surrender';

/** EVs (× the stake) of the moves in one cell; a move the rules forbid there is absent. */
export interface BlackjackCell {
  readonly stand: number;
  /** Hit, then play on optimally (hit or stand). */
  readonly hit: number;
  readonly double?: number;
  readonly split?: number;
  readonly surrender?: number;
  /** The best move of those present. */
  readonly best: BlackjackMove;
}

/** Up cards in table order: 2 … 10, ace (value 1) last. */
export const UP_CARDS: readonly number[] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1];

/**
 * Basic strategy: per up card (value 1 … 10, index as the value), the cells for
 * - `hard[t]`, t = 4 … 21: a hand without a usable ace (or with aces counted as 1 only),
 * - `soft[t]`, t = 12 … 21: a hand with an ace counted 11,
 * - `pair[v]`, v = 1 … 10: a first two cards of equal value (split available).
 * The EVs are those of the world the player decides in: in a peek game conditioned on no dealer
 * blackjack; in ENHC unconditioned (a dealer blackjack beats every hand but a player blackjack).
 * Cells for two-card hands have double and surrender; on three cards and more use `stand`/`hit`.
 */
export interface BasicStrategy {
  readonly rulesId: string;
  readonly byUp: readonly {
    hard: readonly (BlackjackCell | undefined)[];
    soft: readonly (BlackjackCell | undefined)[];
    pair: readonly (BlackjackCell | undefined)[];
  }[];
  /** Per split-hand cells (two cards after a split: double only with DAS, no surrender). Same layout as above. */
  readonly afterSplitByUp: readonly { hard: readonly (BlackjackCell | undefined)[]; soft: readonly (BlackjackCell | undefined)[] }[];
}

function bestOf(cell: Omit<BlackjackCell, 'best'>): BlackjackCell {
  let best: BlackjackMove = 'stand';
  let value = cell.stand;
  for (const move of ['hit', 'double', 'split', 'surrender'] as const) {
    const v = cell[move];
    if (v !== undefined && v > value + 1e-12) {
      best = move;
      value = v;
    }
  }
  return { ...cell, best };
}

function canDoubleTwo(rules: BlackjackRules, hard: number, hasAce: boolean): boolean {
  if (rules.double === 'any-two') return true;
  const soft = hasAce && hard + 10 <= 21;
  return !soft && hard >= 9 && hard <= 11;
}

interface UpSolution {
  readonly dist: number[];
  readonly stand: (hard: number, hasAce: boolean) => number;
  readonly play: (hard: number, hasAce: boolean) => number;
  readonly hit: (hard: number, hasAce: boolean) => number;
  readonly double: (hard: number, hasAce: boolean) => number;
}

/** The EVs against one dealer distribution, the player drawing with the fixed probabilities `p`. */
function solveUp(dist: readonly number[], p: readonly number[]): UpSolution {
  const stand = (hard: number, hasAce: boolean): number => {
    if (hard > 21) return -1;
    const t = bestTotal(hard, hasAce);
    let ev = dist[DEALER_BUST]! - dist[DEALER_BLACKJACK]!;
    for (let d = 17; d <= 21; d++) ev += (t > d ? 1 : t < d ? -1 : 0) * dist[d - 17]!;
    return ev;
  };
  const memo = new Map<number, number>();
  const play = (hard: number, hasAce: boolean): number => {
    if (hard > 21) return -1;
    const key = hard * 2 + (hasAce ? 1 : 0);
    const cached = memo.get(key);
    if (cached !== undefined) return cached;
    const value = Math.max(stand(hard, hasAce), bestTotal(hard, hasAce) === 21 ? -Infinity : hit(hard, hasAce));
    memo.set(key, value);
    return value;
  };
  const hit = (hard: number, hasAce: boolean): number => {
    let ev = 0;
    for (let v = 1; v <= 10; v++) ev += p[v]! * play(hard + v, hasAce || v === 1);
    return ev;
  };
  const double = (hard: number, hasAce: boolean): number => {
    let ev = 0;
    for (let v = 1; v <= 10; v++) ev += p[v]! * stand(hard + v, hasAce || v === 1);
    return 2 * ev;
  };
  return { dist: [...dist], stand, play, hit, double };
}

/** The best EV of a two-card hand made by a split (no surrender; double only with DAS). */
function splitHandEv(rules: BlackjackRules, s: UpSolution, hard: number, hasAce: boolean): number {
  const options = [s.stand(hard, hasAce)];
  if (bestTotal(hard, hasAce) < 21) options.push(s.hit(hard, hasAce));
  if (rules.doubleAfterSplit && canDoubleTwo(rules, hard, hasAce)) options.push(s.double(hard, hasAce));
  return Math.max(...options);
}

/** The EV of splitting a pair of value v (1 … 10) with resplits up to `rules.maxHands`, summed over every hand. */
function splitEv(rules: BlackjackRules, s: UpSolution, v: number, p: readonly number[]): number {
  const aces = v === 1;
  const q = p[v]!;
  // EV of one hand started by the split card, weighted over second cards other than v.
  let other = 0;
  for (let c = 1; c <= 10; c++) {
    if (c === v) continue;
    const hard = v + c;
    const hasAce = aces || c === 1;
    other += p[c]! * (aces ? s.stand(hard, hasAce) : splitHandEv(rules, s, hard, hasAce));
  }
  // A second card of the same value that may not be split again is played as it stands.
  const paired = aces ? s.stand(2, true) : splitHandEv(rules, s, 2 * v, false);
  const mayResplit = !aces || rules.resplitAces;
  const memo = new Map<number, number>();
  const f = (pending: number, hands: number): number => {
    if (pending === 0) return 0;
    const key = pending * 1024 + hands;
    const cached = memo.get(key);
    if (cached !== undefined) return cached;
    const again = mayResplit && hands < rules.maxHands ? f(pending + 1, hands + 1) : paired + f(pending - 1, hands);
    const value = other + (1 - q) * f(pending - 1, hands) + q * again;
    memo.set(key, value);
    return value;
  };
  return f(2, 2);
}

/** Basic strategy for `rules` (infinite deck, see the file's comment). */
export function basicStrategy(rules: BlackjackRules): BasicStrategy {
  const byUp: BasicStrategy['byUp'][number][] = [];
  const afterSplitByUp: BasicStrategy['afterSplitByUp'][number][] = [];
  for (let up = 0; up <= 10; up++) {
    if (up === 0) {
      byUp.push({ hard: [], soft: [], pair: [] });
      afterSplitByUp.push({ hard: [], soft: [] });
      continue;
    }
    const conditioned = rules.holeCard === 'peek' || rules.enhcDealerBlackjackTakes === 'original';
    const s = solveUp(dealerDistribution(up, rules.dealerHitsSoft17, conditioned), INFINITE_DECK_P);
    const cell = (hard: number, hasAce: boolean, first: boolean): BlackjackCell => {
      const c: { stand: number; hit: number; double?: number; surrender?: number } = {
        stand: s.stand(hard, hasAce),
        hit: bestTotal(hard, hasAce) === 21 ? -Infinity : s.hit(hard, hasAce),
      };
      if (first ? canDoubleTwo(rules, hard, hasAce) : rules.doubleAfterSplit && canDoubleTwo(rules, hard, hasAce))
        c.double = s.double(hard, hasAce);
      if (first && rules.surrender === 'late') c.surrender = -0.5;
      return bestOf(c);
    };
    const hard: (BlackjackCell | undefined)[] = [];
    const soft: (BlackjackCell | undefined)[] = [];
    const pair: (BlackjackCell | undefined)[] = [];
    const hardSplit: (BlackjackCell | undefined)[] = [];
    const softSplit: (BlackjackCell | undefined)[] = [];
    for (let t = 4; t <= 21; t++) {
      hard[t] = cell(t, false, true);
      hardSplit[t] = cell(t, false, false);
    }
    for (let t = 12; t <= 21; t++) {
      soft[t] = cell(t - 10, true, true);
      softSplit[t] = cell(t - 10, true, false);
    }
    for (let v = 1; v <= 10; v++) {
      const base = v === 1 ? soft[12]! : hard[2 * v]!;
      const { best: _best, ...moves } = base;
      pair[v] = bestOf({ ...moves, split: splitEv(rules, s, v, INFINITE_DECK_P) });
    }
    byUp.push({ hard, soft, pair });
    afterSplitByUp.push({ hard: hardSplit, soft: softSplit });
  }
  return { rulesId: rules.id, byUp, afterSplitByUp };
}

export interface BlackjackReturn {
  /** The expected net result per hand, × the original stake (negative: the house edge). */
  readonly ev: number;
  /** 1 + ev: the return to player of basic strategy. */
  readonly rtp: number;
  readonly houseEdge: number;
  readonly strategy: BasicStrategy;
}

/**
 * The exact expected return of basic strategy for `rules`, infinite deck: over every up card and
 * first two player cards, P × the best move's EV, with the dealer-blackjack term added back in a
 * peek (or ENHC original-bets-only) game: P(BJ) × (−1, or 0 against a player blackjack).
 */
export function blackjackReturn(rules: BlackjackRules): BlackjackReturn {
  const strategy = basicStrategy(rules);
  const conditioned = rules.holeCard === 'peek' || rules.enhcDealerBlackjackTakes === 'original';
  const bjPay = rules.blackjackPays.numerator / rules.blackjackPays.denominator;
  let ev = 0;
  for (let up = 1; up <= 10; up++) {
    const pUp = INFINITE_DECK_P[up]!;
    const pBj = dealerBlackjackChance(up);
    const cells = strategy.byUp[up]!;
    for (let a = 1; a <= 10; a++)
      for (let b = 1; b <= 10; b++) {
        const p = pUp * INFINITE_DECK_P[a]! * INFINITE_DECK_P[b]!;
        const natural = (a === 1 && b === 10) || (a === 10 && b === 1);
        let value: number;
        if (natural) value = (1 - pBj) * bjPay;
        else {
          const cell = a === b ? cells.pair[a]! : a === 1 || b === 1 ? cells.soft[a + b + 10]! : cells.hard[a + b]!;
          const best = cell[cell.best]!;
          value = conditioned ? -pBj + (1 - pBj) * best : best;
        }
        ev += p * value;
      }
  }
  return { ev, rtp: 1 + ev, houseEdge: -ev, strategy };
}

/** The cell for a player hand (cards as values 1 … 10) against an up card: the pair cell for a first pair, hit/stand only from three cards on. */
export function strategyCell(strategy: BasicStrategy, values: readonly number[], up: number, afterSplit: boolean): BlackjackCell {
  let hard = 0;
  let hasAce = false;
  for (const v of values) {
    hard += v;
    if (v === 1) hasAce = true;
  }
  const soft = hasAce && hard + 10 <= 21;
  if (values.length === 2 && values[0] === values[1] && !afterSplit) return strategy.byUp[up]!.pair[values[0]!]!;
  const table = afterSplit ? strategy.afterSplitByUp[up]! : strategy.byUp[up]!;
  const cell = soft ? table.soft[hard + 10]! : table.hard[Math.max(4, hard)]!;
  // Three cards or more: only hit or stand.
  return values.length > 2 ? bestOf({ stand: cell.stand, hit: cell.hit }) : cell;
}

/**
 * The best move among `allowed` by the cell's EVs (a move missing from the cell, e.g. double on
 * three cards, is skipped). A hit from a three-card hand uses the cell's `hit`, which is exactly
 * the EV of hitting there in the infinite-deck model.
 */
export function bestAllowedMove(cell: BlackjackCell, allowed: readonly BlackjackMove[]): BlackjackMove {
  let best: BlackjackMove = 'stand';
  let value = -Infinity;
  for (const move of allowed) {
    const v = cell[move];
    if (v !== undefined && v > value + 1e-12) {
      best = move;
      value = v;
    }
  }
  return best;
}

/**
 * The dealer's outcome distribution drawing WITHOUT replacement from a shoe of `counts` (index =
 * card value 1 … 10), the up card already removed: exact for that shoe (every hole card and draw
 * sequence). `noBlackjack` as in `dealerDistribution`. Returns the 7 outcomes and P(blackjack).
 */
export function dealerDistributionFromShoe(
  up: number,
  counts: readonly number[],
  hitsSoft17: boolean,
  noBlackjack: boolean,
): { dist: number[]; blackjack: number } {
  const m = [...counts];
  let left = m.reduce((a, b) => a + b, 0);
  const out = new Array<number>(7).fill(0);
  const walk = (hard: number, hasAce: boolean, p: number): void => {
    if (hard > 21) {
      out[DEALER_BUST]! += p;
      return;
    }
    if (dealerStands(hard, hasAce, hitsSoft17)) {
      out[bestTotal(hard, hasAce) - 17]! += p;
      return;
    }
    for (let v = 1; v <= 10; v++) {
      const n = m[v]!;
      if (n === 0) continue;
      const pv = (p * n) / left;
      m[v] = n - 1;
      left--;
      walk(hard + v, hasAce || v === 1, pv);
      m[v] = n;
      left++;
    }
  };
  let blackjack = 0;
  const total = left;
  for (let hole = 1; hole <= 10; hole++) {
    const n = m[hole]!;
    if (n === 0) continue;
    const p = n / total;
    if ((up === 1 && hole === 10) || (up === 10 && hole === 1)) {
      blackjack += p;
      if (!noBlackjack) out[DEALER_BLACKJACK]! += p;
      continue;
    }
    m[hole] = n - 1;
    left--;
    walk(up + hole, up === 1 || hole === 1, p);
    m[hole] = n;
    left++;
  }
  const mass = noBlackjack ? 1 - blackjack : 1;
  return { dist: out.map((x) => x / mass), blackjack };
}

export interface BlackjackShoeReturn {
  readonly ev: number;
  readonly rtp: number;
  readonly houseEdge: number;
  readonly decks: number;
}

/**
 * The return of basic strategy refined for a finite shoe of `rules.decks` decks ("removal of the
 * initial cards"): for every first two player cards and up card, weighted by their exact chance of
 * being drawn from the shoe, the dealer's distribution is computed exactly from the shoe less those
 * three cards (drawing without replacement); the player's later cards are drawn at the fixed
 * proportions of that depleted shoe (the approximation: the player's own hits and a split hand's
 * cards do not deplete it further), and the best move is taken per initial hand. Every term is
 * exact arithmetic on the model; nothing is sampled.
 */
export function blackjackReturnFiniteShoe(rules: BlackjackRules): BlackjackShoeReturn {
  const shoe = [0, ...Array.from({ length: 10 }, (_, i) => (i === 9 ? 16 : 4) * rules.decks)];
  const size = 52 * rules.decks;
  const conditioned = rules.holeCard === 'peek' || rules.enhcDealerBlackjackTakes === 'original';
  const bjPay = rules.blackjackPays.numerator / rules.blackjackPays.denominator;
  let ev = 0;
  for (let up = 1; up <= 10; up++)
    for (let a = 1; a <= 10; a++)
      for (let b = a; b <= 10; b++) {
        const m = [...shoe];
        let prob = m[a]! / size;
        m[a]!--;
        prob *= m[b]! / (size - 1);
        m[b]!--;
        prob *= m[up]! / (size - 2);
        m[up]!--;
        if (a !== b) prob *= 2;
        const left = size - 3;
        const p = m.map((n) => n / left);
        const { dist, blackjack: pBj } = dealerDistributionFromShoe(up, m, rules.dealerHitsSoft17, conditioned);
        let value: number;
        if (a === 1 && b === 10) value = (1 - pBj) * bjPay;
        else {
          const s = solveUp(dist, p);
          const hard = a + b;
          const hasAce = a === 1;
          const moves = [s.stand(hard, hasAce)];
          if (bestTotal(hard, hasAce) < 21) moves.push(s.hit(hard, hasAce));
          if (canDoubleTwo(rules, hard, hasAce)) moves.push(s.double(hard, hasAce));
          if (rules.surrender === 'late') moves.push(-0.5);
          if (a === b) moves.push(splitEv(rules, s, a, p));
          const best = Math.max(...moves);
          value = conditioned ? -pBj + (1 - pBj) * best : best;
        }
        ev += prob * value;
      }
  return { ev, rtp: 1 + ev, houseEdge: -ev, decks: rules.decks };
}
