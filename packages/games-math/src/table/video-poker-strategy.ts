import { DECK_SIZE as IMPORTED_DECK_SIZE, type Card } from './cards.js';
import {
  HAND_CLASSES as IMPORTED_HAND_CLASSES,
  VideoPokerError,
  checkPaytable,
  classifyFive as importedClassifyFive,
  isHand,
  maskToHolds,
  type VideoPokerPaytable,
} from './video-poker.js';

// Local copies of what the hot loops use: a bundler or test runner may turn every use of an
// imported binding into a property read through the module object, millions of times here.
const DECK_SIZE = IMPORTED_DECK_SIZE;
const HAND_CLASSES = IMPORTED_HAND_CLASSES;
const classifyFive = importedClassifyFive;

/**
 * The optimal strategy of video poker and its exact return, by counting (no sampling, no suit
 * classes needed):
 *
 * 1. Once, for every set S of 0 to 4 cards, how many of the 2 598 960 five-card hands containing S
 *    fall in each hand class (`counts`), and the class of every five-card hand (`classOfHand`).
 *    Sets are numbered by their colex rank, Σ C(cardₜ, t + 1) over the sorted cards.
 * 2. Per paytable, `sums[S]`: the pays summed over the hands containing S.
 * 3. For a dealt hand H and a hold h ⊆ H, the draws are the hands that contain h and none of the
 *    discards H \ h. By inclusion–exclusion their pays sum to Σ over h ⊆ m ⊆ H of (−1)^|m \ h| sums[m],
 *    which a Möbius transform over the 32 subsets of H gives for all 32 holds at once (80 subtractions).
 * 4. A hold drawing k cards has C(47, k) equally likely draws. Every value is scaled by
 *    `LCM_DRAWS / C(47, k)` (LCM_DRAWS = lcm of C(47, 0..5) = 7 669 695), so all 32 values are integers
 *    on one scale: the best hold is found by exact integer comparison, and the return is the exact
 *    ratio Σ best / (C(52, 5) × LCM_DRAWS), the denominator 19 933 230 517 200 used by published tables.
 */

/** lcm of C(47, k) for k = 0..5: the common denominator of every hold's expected value. */
export const LCM_DRAWS = 7_669_695;
/** C(52, 5) × LCM_DRAWS: the denominator of the exact return and of `combinations`. */
export const RETURN_DENOMINATOR = 2_598_960 * LCM_DRAWS;

const binom = new Float64Array(53 * 6);
for (let n = 0; n <= 52; n++) {
  binom[n * 6] = 1;
  for (let k = 1; k <= 5; k++) binom[n * 6 + k] = n === 0 ? 0 : binom[(n - 1) * 6 + k - 1]! + binom[(n - 1) * 6 + k]!;
}
const C = (n: number, k: number): number => binom[n * 6 + k]!;

/** Scale of a hold that draws k cards: LCM_DRAWS / C(47, k). */
const WEIGHT = [0, 1, 2, 3, 4, 5].map((k) => LCM_DRAWS / C(47, k));
/** Per mask of the five positions: how many held, and the highest held position. */
const POP = Array.from({ length: 32 }, (_, m) => [0, 1, 2, 3, 4].filter((i) => m & (1 << i)).length);
const HIGH = Array.from({ length: 32 }, (_, m) => (m === 0 ? -1 : 31 - Math.clz32(m)));
/** The 32 masks, fewer held cards first: a tie between holds goes to the one holding fewer cards. */
const MASKS_BY_HELD = Array.from({ length: 32 }, (_, m) => m).sort((x, y) => POP[x]! - POP[y]! || x - y);
/** Where the sets of each size start in the flat tables of sets of 0..4 cards. */
const OFFSET = [0, 1, 1 + 52, 1 + 52 + 1326, 1 + 52 + 1326 + 22_100];
const SMALL_SETS = OFFSET[4]! + 270_725; // 294 204
const HANDS = 2_598_960;

interface DrawTables {
  /** Per set of 0..4 cards (at OFFSET[size] + colex rank), × HAND_CLASSES: hands containing it per class. */
  counts: Int32Array;
  /** Per five-card hand by colex rank: its class. */
  classOfHand: Uint8Array;
}

let tables: DrawTables | undefined;

/** The colex positions of the 32 subsets of sorted cards s[0] < … < s[4], sets of size < 5 offset into the small-set table. */
function subsetPositions(s: ArrayLike<number>, out: Int32Array): void {
  // A set's rank is the rank of the set without its largest card plus C(largest card, size).
  out[0] = 0;
  for (let m = 1; m < 32; m++) out[m] = out[m ^ (1 << HIGH[m]!)]! + binom[s[HIGH[m]!]! * 6 + POP[m]!]!;
  for (let m = 0; m < 31; m++) out[m] = out[m]! + OFFSET[POP[m]!]!;
}

/** Calls `visit` with the sorted cards of every five-card hand (the same array, rewritten). */
function forEachHand(visit: (s: Int32Array) => void): void {
  const s = new Int32Array(5);
  for (let a = 0; a < DECK_SIZE; a++) {
    s[0] = a;
    for (let b = a + 1; b < DECK_SIZE; b++) {
      s[1] = b;
      for (let c = b + 1; c < DECK_SIZE; c++) {
        s[2] = c;
        for (let d = c + 1; d < DECK_SIZE; d++) {
          s[3] = d;
          for (let e = d + 1; e < DECK_SIZE; e++) {
            s[4] = e;
            visit(s);
          }
        }
      }
    }
  }
}

/** Step 1, once per process (about a second; 16 MB). */
function drawTables(): DrawTables {
  if (tables) return tables;
  const counts = new Int32Array(SMALL_SETS * HAND_CLASSES);
  const classOfHand = new Uint8Array(HANDS);
  const pos = new Int32Array(32);
  forEachHand((s) => {
    subsetPositions(s, pos);
    const cls = classifyFive(s[0]!, s[1]!, s[2]!, s[3]!, s[4]!);
    classOfHand[pos[31]!] = cls;
    for (let m = 0; m < 31; m++) counts[pos[m]! * HAND_CLASSES + cls]!++;
  });
  return (tables = { counts, classOfHand });
}

interface PaySums {
  pays: readonly number[];
  /** Per set of 0..4 cards: the pays summed over the hands containing it. */
  sums: Float64Array;
}

/** Step 2, cached per paytable's pays (2.3 MB each): a five-card hand's own pay is read from `classOfHand`. */
const paySumsCache = new Map<string, PaySums>();

function paySums(paytable: VideoPokerPaytable): PaySums {
  const pays = [...checkPaytable(paytable).pays];
  const key = pays.join(',');
  const cached = paySumsCache.get(key);
  if (cached) return cached;
  const { counts } = drawTables();
  const sums = new Float64Array(SMALL_SETS);
  for (let i = 0; i < SMALL_SETS; i++) {
    let sum = 0;
    for (let c = 0; c < HAND_CLASSES; c++) sum += pays[c]! * counts[i * HAND_CLASSES + c]!;
    sums[i] = sum;
  }
  const made = { pays, sums };
  paySumsCache.set(key, made);
  return made;
}

/** Step 3 and 4 for one dealt hand: `value[m]` = the scaled pay total of holding mask m (of the sorted positions). */
function holdValuesSorted(pos: Int32Array, { pays, sums }: PaySums, classOfHand: Uint8Array, value: Float64Array): void {
  for (let m = 0; m < 31; m++) value[m] = sums[pos[m]!]!;
  value[31] = pays[classOfHand[pos[31]!]!]!;
  for (let bit = 1; bit < 32; bit <<= 1) {
    for (let m = 0; m < 32; m++) if ((m & bit) === 0) value[m] = value[m]! - value[m | bit]!;
  }
  for (let m = 0; m < 32; m++) value[m] = value[m]! * WEIGHT[5 - POP[m]!]!;
}

export interface HoldValue {
  /** Position i of the hand as given is held when true. */
  holds: boolean[];
  /** The expected pay × the stake: numerator / denominator exactly. */
  expectedPay: number;
  numerator: number;
  denominator: number;
}

/** The 32 scaled hold values of a hand, by masks over its cards sorted ascending, and where each sorted card was in the hand. */
function scaledHoldValues(hand: readonly Card[], paytable: VideoPokerPaytable): { value: Float64Array; order: number[] } {
  if (!isHand(hand)) throw new VideoPokerError('HAND_INVALID', 'a hand is five distinct cards 0..51');
  const order = [0, 1, 2, 3, 4].sort((i, j) => hand[i]! - hand[j]!);
  const pos = new Int32Array(32);
  subsetPositions(
    order.map((i) => hand[i]!),
    pos,
  );
  const value = new Float64Array(32);
  holdValuesSorted(pos, paySums(paytable), drawTables().classOfHand, value);
  return { value, order };
}

function holdValueOf(value: Float64Array, order: number[], m: number): HoldValue {
  let original = 0;
  for (let i = 0; i < 5; i++) if (m & (1 << i)) original |= 1 << order[i]!;
  const drawn = 5 - POP[m]!;
  const numerator = value[m]! / WEIGHT[drawn]!;
  const denominator = C(47, drawn);
  return { holds: maskToHolds(original), expectedPay: numerator / denominator, numerator, denominator };
}

/**
 * The expected pay of each of the 32 ways to hold `hand` under `paytable`, best first (on a tie,
 * fewer cards held first). The first call builds the draw tables (about a second, 16 MB), the first
 * per paytable its pay sums (2.3 MB); after that a hand takes microseconds.
 */
export function holdValues(hand: readonly Card[], paytable: VideoPokerPaytable): HoldValue[] {
  const { value, order } = scaledHoldValues(hand, paytable);
  const ranked = [...MASKS_BY_HELD].sort((x, y) => value[y]! - value[x]!); // stable: ties keep fewer held first
  return ranked.map((m) => holdValueOf(value, order, m));
}

/** The hold with the highest expected pay: the optimal play (on a tie, the one holding fewer cards). */
export function bestHold(hand: readonly Card[], paytable: VideoPokerPaytable): HoldValue {
  const { value, order } = scaledHoldValues(hand, paytable);
  let best = 0;
  for (const m of MASKS_BY_HELD) if (value[m]! > value[best]!) best = m;
  return holdValueOf(value, order, best);
}

export interface VideoPokerReturn {
  paytableId: string;
  /** The return of optimal play, × the stake: `numerator / RETURN_DENOMINATOR` exactly. */
  return: number;
  numerator: number;
  denominator: number;
  /**
   * The final hands of optimal play per `HandClass`, each dealt hand weighted by RETURN_DENOMINATOR /
   * C(52, 5) spread over its draws (the layout of published tables; the counts sum to the
   * denominator). On a tie between holds the one holding fewer cards is counted.
   */
  combinations: number[];
  /** P(the final hand pays something). */
  hitFrequency: number;
  /** Of the pay per round, × the stake. */
  standardDeviation: number;
  /** How many dealt hands are best played by drawing five new cards. */
  drawFiveHands: number;
}

/**
 * Every deal played by its best hold: `visit` gets the deal's five cards sorted ascending (the same
 * array, rewritten: copy it to keep it), the best hold as a mask over those sorted positions (bit i:
 * the i-th lowest card held; a tie goes to fewer cards held) and its expected pay × LCM_DRAWS, an
 * exact integer. `pos` is the deal's subset positions, for this module's own use.
 */
function playEveryDeal(
  paytable: VideoPokerPaytable,
  visit: (cards: Int32Array, best: number, scaledValue: number, pos: Int32Array) => void,
): void {
  const sums = paySums(paytable);
  const { classOfHand } = drawTables();
  const pos = new Int32Array(32);
  const value = new Float64Array(32);
  forEachHand((s) => {
    subsetPositions(s, pos);
    holdValuesSorted(pos, sums, classOfHand, value);
    let best = 0;
    for (const m of MASKS_BY_HELD) if (value[m]! > value[best]!) best = m;
    visit(s, best, value[best]!, pos);
  });
}

/**
 * The optimal play of each of the 2 598 960 deals (see `playEveryDeal`): the expected pay of the
 * best hold is `scaledValue / LCM_DRAWS`.
 */
export function forEachOptimalPlay(
  paytable: VideoPokerPaytable,
  visit: (cards: Int32Array, best: number, scaledValue: number) => void,
): void {
  playEveryDeal(paytable, (cards, best, scaledValue) => visit(cards, best, scaledValue));
}

/**
 * The exact return of optimal play (every one of the 2 598 960 deals, each played by its best of 32
 * holds, each hold's draws counted exactly). About 2 s on one core, the draw tables included.
 */
export function videoPokerReturn(paytable: VideoPokerPaytable): VideoPokerReturn {
  const { counts, classOfHand } = drawTables();
  const combinations = new Float64Array(HAND_CLASSES);
  let numerator = 0;
  let drawFiveHands = 0;
  playEveryDeal(paytable, (_cards, best, scaledValue, pos) => {
    numerator += scaledValue;
    if (best === 0) drawFiveHands++;
    // The classes of the best hold's draws, by the same inclusion–exclusion over the sets between
    // the hold and the hand.
    const weight = WEIGHT[5 - POP[best]!]!;
    const free = 31 ^ best;
    for (let extra = free; ; extra = (extra - 1) & free) {
      const m = best | extra;
      const signed = POP[extra]! & 1 ? -weight : weight;
      if (m === 31) combinations[classOfHand[pos[31]!]!]! += signed;
      else for (let c = 0; c < HAND_CLASSES; c++) combinations[c]! += signed * counts[pos[m]! * HAND_CLASSES + c]!;
      if (extra === 0) break;
    }
  });
  if (!Number.isSafeInteger(numerator)) throw new Error('the exact return left the exact range of a double');
  const { pays } = paytable;
  let hits = 0;
  let second = 0;
  for (let c = 0; c < HAND_CLASSES; c++) {
    if (pays[c]! > 0) hits += combinations[c]!;
    second += combinations[c]! * pays[c]! * pays[c]!;
  }
  const mean = numerator / RETURN_DENOMINATOR;
  return {
    paytableId: paytable.id,
    return: mean,
    numerator,
    denominator: RETURN_DENOMINATOR,
    combinations: Array.from(combinations),
    hitFrequency: hits / RETURN_DENOMINATOR,
    standardDeviation: Math.sqrt(second / RETURN_DENOMINATOR - mean * mean),
    drawFiveHands,
  };
}
