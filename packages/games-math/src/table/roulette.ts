import type { Rng } from '../rng.js';

/**
 * The maths of roulette, pure: the table (37 pockets, wheel order, colours), every standard bet and
 * its validation, the spin (one unbiased draw from the Rng), the settlement of a spin's bets in
 * integer øre, the table limits, and the return to player as an exact fraction.
 *
 * Money rule. A bet's *return* is what the table hands back for it, the stake included: a winning
 * bet returns `stakeOre × (payout + 1)` (the payout is "to 1", the stake comes back on top), a losing
 * bet returns 0, and at a La Partage table an even-money bet loses only half when zero wins: it
 * returns `stakeOre / 2`. Nothing is ever rounded: a La Partage table takes even stakes only on its
 * even-money bets (its stake step must be even, `validateRouletteTable`; `checkRouletteBets` and
 * `settleRoulette` refuse an odd stake there), so every return is a whole number of øre and the RTP
 * is exactly 73/74 for every stake.
 */

export type RouletteVariant = 'european' | 'french-la-partage';
export const ROULETTE_VARIANTS: readonly RouletteVariant[] = Object.freeze(['european', 'french-la-partage']);

/** Pockets 0..36. */
export const ROULETTE_POCKETS = 37;

/** The standard single-zero wheel, clockwise from zero (for drawing the wheel; the maths needs no order). */
export const EUROPEAN_WHEEL_ORDER: readonly number[] = Object.freeze([
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
]);

export const RED_NUMBERS: readonly number[] = Object.freeze([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const IS_RED: readonly boolean[] = Array.from({ length: ROULETTE_POCKETS }, (_, n) => RED_NUMBERS.includes(n));

export type PocketColour = 'green' | 'red' | 'black';

export function pocketColour(pocket: number): PocketColour {
  assertPocket(pocket);
  return pocket === 0 ? 'green' : IS_RED[pocket] ? 'red' : 'black';
}

function assertPocket(pocket: number): void {
  if (!(Number.isInteger(pocket) && pocket >= 0 && pocket < ROULETTE_POCKETS)) {
    throw new RangeError(`a pocket is an integer 0..36, got ${pocket}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Bets

export const INSIDE_BET_KINDS = ['straight', 'split', 'street', 'corner', 'six-line'] as const;
export const OUTSIDE_BET_KINDS = ['column', 'dozen', 'red-black', 'odd-even', 'low-high'] as const;
export const ROULETTE_BET_KINDS = [...INSIDE_BET_KINDS, ...OUTSIDE_BET_KINDS] as const;
export type InsideBetKind = (typeof INSIDE_BET_KINDS)[number];
export type OutsideBetKind = (typeof OUTSIDE_BET_KINDS)[number];
export type RouletteBetKind = (typeof ROULETTE_BET_KINDS)[number];

/** The payout "to 1" of a winning bet of each kind; the stake is returned on top of it. */
export const ROULETTE_PAYOUTS: Readonly<Record<RouletteBetKind, number>> = Object.freeze({
  straight: 35,
  split: 17,
  street: 11,
  corner: 8,
  'six-line': 5,
  column: 2,
  dozen: 2,
  'red-black': 1,
  'odd-even': 1,
  'low-high': 1,
});

/** The even-money bets: the ones La Partage returns half of when zero wins. */
export const EVEN_MONEY_KINDS: readonly RouletteBetKind[] = Object.freeze(['red-black', 'odd-even', 'low-high']);

/** How many numbers an inside bet covers. */
const INSIDE_SIZE: Readonly<Record<InsideBetKind, number>> = { straight: 1, split: 2, street: 3, corner: 4, 'six-line': 6 };

/** Where a selection was placed, without its stake. Inside bets list their numbers ascending. */
export type RouletteSelection =
  | { readonly kind: InsideBetKind; readonly numbers: readonly number[] }
  | { readonly kind: 'column' | 'dozen'; readonly selector: 1 | 2 | 3 }
  | { readonly kind: 'red-black'; readonly selector: 'red' | 'black' }
  | { readonly kind: 'odd-even'; readonly selector: 'odd' | 'even' }
  | { readonly kind: 'low-high'; readonly selector: 'low' | 'high' };

/** A bet: a selection and its stake in øre (a positive safe integer). */
export type RouletteBet = RouletteSelection & { readonly stakeOre: number };

const OUTSIDE_SELECTORS: Readonly<Record<OutsideBetKind, readonly (number | string)[]>> = {
  column: [1, 2, 3],
  dozen: [1, 2, 3],
  'red-black': ['red', 'black'],
  'odd-even': ['odd', 'even'],
  'low-high': ['low', 'high'],
};

/**
 * The layout: 1..36 in 12 rows (streets) of three, row r holding 3r+1, 3r+2, 3r+3, so column c
 * (0, 1, 2) holds the numbers n with (n − 1) mod 3 = c; zero above the first row, touching 1, 2 and 3.
 * Every inside bet is listed here once, numbers ascending; a bet is valid exactly when it is listed.
 */
function enumerateInside(kind: InsideBetKind): number[][] {
  const at = (row: number, col: number): number => 3 * row + col + 1;
  const rows = Array.from({ length: 12 }, (_, r) => r);
  const spots: number[][] = [];
  switch (kind) {
    case 'straight':
      for (let n = 0; n < ROULETTE_POCKETS; n++) spots.push([n]);
      break;
    case 'split':
      spots.push([0, 1], [0, 2], [0, 3]);
      for (const r of rows) for (const c of [0, 1]) spots.push([at(r, c), at(r, c + 1)]);
      for (const r of rows.slice(0, 11)) for (const c of [0, 1, 2]) spots.push([at(r, c), at(r + 1, c)]);
      break;
    case 'street':
      spots.push([0, 1, 2], [0, 2, 3]);
      for (const r of rows) spots.push([at(r, 0), at(r, 1), at(r, 2)]);
      break;
    case 'corner':
      spots.push([0, 1, 2, 3]);
      for (const r of rows.slice(0, 11)) for (const c of [0, 1]) spots.push([at(r, c), at(r, c + 1), at(r + 1, c), at(r + 1, c + 1)]);
      break;
    case 'six-line':
      for (const r of rows.slice(0, 11)) spots.push([0, 1, 2].flatMap((c) => [at(r, c), at(r + 1, c)]));
      break;
  }
  return spots.map((numbers) => numbers.sort((a, b) => a - b));
}

/** A record with one entry per kind. */
function byKind<K extends string, V>(kinds: readonly K[], value: (kind: K) => V): Record<K, V> {
  const record = {} as Record<K, V>;
  for (const kind of kinds) record[kind] = value(kind);
  return record;
}

const INSIDE_SPOTS: Readonly<Record<InsideBetKind, readonly (readonly number[])[]>> = byKind(INSIDE_BET_KINDS, (kind) =>
  enumerateInside(kind).map((n) => Object.freeze(n)),
);

const INSIDE_KEYS: Readonly<Record<InsideBetKind, ReadonlySet<string>>> = byKind(
  INSIDE_BET_KINDS,
  (kind) => new Set(INSIDE_SPOTS[kind].map((n) => n.join('-'))),
);

const isInsideKind = (kind: RouletteBetKind): kind is InsideBetKind => (INSIDE_BET_KINDS as readonly string[]).includes(kind);

/** Every distinct selection of a kind (all 37 straights, all 60 splits, …), in a fixed order. */
export function allRouletteSelections(kind: RouletteBetKind): RouletteSelection[] {
  if (isInsideKind(kind)) return INSIDE_SPOTS[kind].map((numbers) => ({ kind, numbers }));
  return OUTSIDE_SELECTORS[kind].map((selector) => ({ kind, selector }) as RouletteSelection);
}

/** The pockets a selection covers, ascending. */
export function betNumbers(bet: RouletteSelection): readonly number[] {
  switch (bet.kind) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'six-line':
      return bet.numbers;
    case 'column':
      return range(1, 36).filter((n) => (n - 1) % 3 === bet.selector - 1);
    case 'dozen':
      return range(12 * (bet.selector - 1) + 1, 12 * bet.selector);
    case 'red-black':
      return range(1, 36).filter((n) => IS_RED[n] === (bet.selector === 'red'));
    case 'odd-even':
      return range(1, 36).filter((n) => n % 2 === (bet.selector === 'odd' ? 1 : 0));
    case 'low-high':
      return bet.selector === 'low' ? range(1, 18) : range(19, 36);
  }
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Whether a selection wins on a pocket (the settlement's hot path: no allocation). */
export function betCovers(bet: RouletteSelection, pocket: number): boolean {
  switch (bet.kind) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'six-line':
      return bet.numbers.includes(pocket);
    case 'column':
      return pocket !== 0 && (pocket - 1) % 3 === bet.selector - 1;
    case 'dozen':
      return pocket !== 0 && Math.ceil(pocket / 12) === bet.selector;
    case 'red-black':
      return pocket !== 0 && IS_RED[pocket] === (bet.selector === 'red');
    case 'odd-even':
      return pocket !== 0 && pocket % 2 === (bet.selector === 'odd' ? 1 : 0);
    case 'low-high':
      return pocket !== 0 && (bet.selector === 'low' ? pocket <= 18 : pocket >= 19);
  }
}

/** A canonical key per selection: bets with the same key are chips on the same spot. */
export function selectionKey(bet: RouletteSelection): string {
  return 'numbers' in bet ? `${bet.kind}:${bet.numbers.join('-')}` : `${bet.kind}:${bet.selector}`;
}

// ---------------------------------------------------------------------------------------------
// Errors and parsing of untrusted input

export type RouletteErrorCode =
  | 'BET_MALFORMED'
  | 'BET_UNKNOWN_KIND'
  | 'BET_INVALID_NUMBERS'
  | 'BET_INVALID_SELECTOR'
  | 'BET_INVALID_STAKE'
  | 'BETS_MALFORMED'
  | 'BETS_EMPTY'
  | 'BETS_TOO_MANY'
  | 'STAKE_OFF_STEP'
  | 'STAKE_ODD_LA_PARTAGE'
  | 'STAKE_BELOW_MIN'
  | 'STAKE_ABOVE_MAX'
  | 'TOTAL_ABOVE_MAX'
  | 'TABLE_INVALID';

/** A refusal: a stable code (mapped to a Danish message key by whoever shows it), the bet it concerns, and an English detail for logs. */
export interface RouletteError {
  readonly code: RouletteErrorCode;
  readonly betIndex?: number;
  readonly detail: string;
}

export type RouletteResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: RouletteError };

/** No layout needs more bets than this on one spin (every spot of the table is 157); tables set their own lower limit. */
export const ROULETTE_MAX_BETS = 200;

const fail = (code: RouletteErrorCode, detail: string, betIndex?: number): { ok: false; error: RouletteError } => ({
  ok: false,
  error: betIndex === undefined ? { code, detail } : { code, detail, betIndex },
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/**
 * Validates one bet from untrusted input: `{ kind, numbers, stakeOre }` for inside bets (numbers in
 * any order, each 0..36, together a real spot of the layout), `{ kind, selector, stakeOre }` for
 * outside bets (column/dozen 1..3, 'red'/'black', 'odd'/'even', 'low'/'high'). Any other field is
 * refused. The stake must be a positive safe integer of øre; the table's limits are checked apart
 * (`checkRouletteBets`).
 */
export function parseBet(input: unknown): RouletteResult<RouletteBet> {
  if (!isRecord(input)) return fail('BET_MALFORMED', 'a bet is a plain object');
  const kind = input.kind;
  if (typeof kind !== 'string' || !(ROULETTE_BET_KINDS as readonly string[]).includes(kind)) {
    return fail('BET_UNKNOWN_KIND', `unknown bet kind ${JSON.stringify(kind)?.slice(0, 40)}`);
  }
  const betKind = kind as RouletteBetKind;
  const allowed = isInsideKind(betKind) ? ['kind', 'numbers', 'stakeOre'] : ['kind', 'selector', 'stakeOre'];
  const extra = Object.keys(input).find((key) => !allowed.includes(key));
  if (extra !== undefined) return fail('BET_MALFORMED', `a ${kind} bet has no field ${JSON.stringify(extra.slice(0, 40))}`);

  const stakeOre = input.stakeOre;
  if (typeof stakeOre !== 'number' || !Number.isSafeInteger(stakeOre) || stakeOre < 1) {
    return fail('BET_INVALID_STAKE', 'stakeOre must be a positive integer number of øre');
  }

  if (isInsideKind(betKind)) {
    const raw = input.numbers;
    const size = INSIDE_SIZE[betKind];
    if (!Array.isArray(raw) || raw.length !== size) return fail('BET_INVALID_NUMBERS', `a ${kind} bet covers ${size} number(s)`);
    if (!raw.every((n): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < ROULETTE_POCKETS)) {
      return fail('BET_INVALID_NUMBERS', 'numbers are integers 0..36');
    }
    const numbers = [...raw].sort((a, b) => a - b);
    if (!INSIDE_KEYS[betKind].has(numbers.join('-'))) {
      return fail('BET_INVALID_NUMBERS', `${numbers.join(', ')} is not a ${kind} on the layout`);
    }
    return { ok: true, value: { kind: betKind, numbers, stakeOre } };
  }

  const selector = input.selector;
  if (!(typeof selector === 'number' || typeof selector === 'string') || !OUTSIDE_SELECTORS[betKind].includes(selector)) {
    return fail('BET_INVALID_SELECTOR', `a ${kind} bet takes ${OUTSIDE_SELECTORS[betKind].join(' or ')}`);
  }
  return { ok: true, value: { kind: betKind, selector, stakeOre } as RouletteBet };
}

/** Validates a spin's list of bets from untrusted input (1..ROULETTE_MAX_BETS bets), naming the first bad bet by index. */
export function parseBets(input: unknown): RouletteResult<RouletteBet[]> {
  if (!Array.isArray(input)) return fail('BETS_MALFORMED', 'bets are a list');
  if (input.length === 0) return fail('BETS_EMPTY', 'a spin needs at least one bet');
  if (input.length > ROULETTE_MAX_BETS) return fail('BETS_TOO_MANY', `at most ${ROULETTE_MAX_BETS} bets on one spin`);
  const bets: RouletteBet[] = [];
  for (let i = 0; i < input.length; i++) {
    const parsed = parseBet(input[i]);
    if (!parsed.ok) return fail(parsed.error.code, parsed.error.detail, i);
    bets.push(parsed.value);
  }
  return { ok: true, value: bets };
}

// ---------------------------------------------------------------------------------------------
// Table limits

export interface RouletteStakeLimit {
  readonly minOre: number;
  readonly maxOre: number;
}

/**
 * A table's limits. Every stake is a whole multiple of `stakeStepOre` (the smallest chip); per
 * spot, the chips on it together lie within its kind's min and max (two bets on the same number
 * count as one spot, so a limit cannot be dodged by splitting a stake); the spin's total stake is at
 * most `maxTotalStakeOre`; at most `maxBets` bets.
 */
export interface RouletteTableLimits {
  readonly stakeStepOre: number;
  readonly perBet: Readonly<Record<RouletteBetKind, RouletteStakeLimit>>;
  readonly maxTotalStakeOre: number;
  readonly maxBets: number;
}

/** A table of a variant with its limits (an operator's configuration). */
export interface RouletteTable {
  readonly variant: RouletteVariant;
  readonly limits: RouletteTableLimits;
}

const limitsOf = (inside: RouletteStakeLimit, outside: RouletteStakeLimit): Record<RouletteBetKind, RouletteStakeLimit> =>
  byKind(ROULETTE_BET_KINDS, (kind) => (isInsideKind(kind) ? inside : outside));

/** A plain table: chips from 1 kr., 1–500 kr. per inside spot, 5–5.000 kr. per outside bet, 10.000 kr. a spin. */
export const STANDARD_ROULETTE_LIMITS: RouletteTableLimits = Object.freeze({
  stakeStepOre: 100,
  perBet: Object.freeze(limitsOf(Object.freeze({ minOre: 100, maxOre: 50_000 }), Object.freeze({ minOre: 500, maxOre: 500_000 }))),
  maxTotalStakeOre: 1_000_000,
  maxBets: 100,
});

/** Checks a table's configuration (at boot): every problem found, empty when the table is sound. */
export function validateRouletteTable(table: RouletteTable): RouletteError[] {
  const errors: RouletteError[] = [];
  const problem = (detail: string): void => void errors.push({ code: 'TABLE_INVALID', detail });
  const { variant, limits } = table;
  const positive = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
  if (!ROULETTE_VARIANTS.includes(variant)) problem(`unknown variant ${String(variant)}`);
  if (!positive(limits.stakeStepOre)) {
    problem('stakeStepOre must be a positive integer');
    return errors;
  }
  if (variant === 'french-la-partage' && limits.stakeStepOre % 2 !== 0) {
    problem('a La Partage table needs an even stakeStepOre: half of an even-money stake is returned on zero, in whole øre');
  }
  for (const kind of ROULETTE_BET_KINDS) {
    const limit = limits.perBet[kind];
    if (!limit || !positive(limit.minOre) || !positive(limit.maxOre) || limit.minOre > limit.maxOre) {
      problem(`${kind}: minOre and maxOre must be positive integers, min ≤ max`);
    } else if (limit.minOre % limits.stakeStepOre !== 0 || limit.maxOre % limits.stakeStepOre !== 0) {
      problem(`${kind}: minOre and maxOre must be multiples of stakeStepOre`);
    } else if (positive(limits.maxTotalStakeOre) && limit.minOre > limits.maxTotalStakeOre) {
      problem(`${kind}: minOre above maxTotalStakeOre, so no bet of this kind could be placed`);
    }
  }
  if (!positive(limits.maxTotalStakeOre)) problem('maxTotalStakeOre must be a positive integer');
  if (!(Number.isInteger(limits.maxBets) && limits.maxBets >= 1 && limits.maxBets <= ROULETTE_MAX_BETS)) {
    problem(`maxBets must be 1..${ROULETTE_MAX_BETS}`);
  }
  return errors;
}

/**
 * Checks a spin's parsed bets against a table: every problem found (each with its bet's index, the
 * first bet of a spot for a spot's limits), empty when the spin may be played.
 */
export function checkRouletteBets(table: RouletteTable, bets: readonly RouletteBet[]): RouletteError[] {
  const { variant, limits } = table;
  const errors: RouletteError[] = [];
  if (bets.length === 0) errors.push({ code: 'BETS_EMPTY', detail: 'a spin needs at least one bet' });
  if (bets.length > limits.maxBets) errors.push({ code: 'BETS_TOO_MANY', detail: `at most ${limits.maxBets} bets on one spin` });
  const spots = new Map<string, { index: number; kind: RouletteBetKind; stakeOre: number }>();
  let totalOre = 0;
  bets.forEach((bet, index) => {
    totalOre += bet.stakeOre;
    if (bet.stakeOre % limits.stakeStepOre !== 0) {
      errors.push({ code: 'STAKE_OFF_STEP', betIndex: index, detail: `stakes are multiples of ${limits.stakeStepOre} øre` });
    }
    if (variant === 'french-la-partage' && EVEN_MONEY_KINDS.includes(bet.kind) && bet.stakeOre % 2 !== 0) {
      errors.push({ code: 'STAKE_ODD_LA_PARTAGE', betIndex: index, detail: 'even-money stakes are even øre at a La Partage table' });
    }
    const key = selectionKey(bet);
    const spot = spots.get(key);
    if (spot) spot.stakeOre += bet.stakeOre;
    else spots.set(key, { index, kind: bet.kind, stakeOre: bet.stakeOre });
  });
  for (const spot of spots.values()) {
    const limit = limits.perBet[spot.kind];
    if (spot.stakeOre < limit.minOre) {
      errors.push({ code: 'STAKE_BELOW_MIN', betIndex: spot.index, detail: `a ${spot.kind} bet is at least ${limit.minOre} øre` });
    } else if (spot.stakeOre > limit.maxOre) {
      errors.push({ code: 'STAKE_ABOVE_MAX', betIndex: spot.index, detail: `a ${spot.kind} bet is at most ${limit.maxOre} øre` });
    }
  }
  if (totalOre > limits.maxTotalStakeOre) {
    errors.push({ code: 'TOTAL_ABOVE_MAX', detail: `a spin's stakes total at most ${limits.maxTotalStakeOre} øre` });
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Spin, settlement, replay

/** One spin of the wheel: a pocket 0..36, uniform (the Rng's rejection rule), one draw. */
export function spinRoulette(rng: Rng): number {
  return rng.int(ROULETTE_POCKETS);
}

export type BetOutcome = 'win' | 'lose' | 'la-partage';

export interface RouletteBetSettlement {
  readonly bet: RouletteBet;
  readonly outcome: BetOutcome;
  /** What the table hands back for this bet, the stake included (0 on a loss). */
  readonly returnOre: number;
}

export interface RouletteSettlement {
  readonly variant: RouletteVariant;
  readonly pocket: number;
  readonly bets: readonly RouletteBetSettlement[];
  readonly totalStakeOre: number;
  readonly totalReturnOre: number;
  /** totalReturnOre − totalStakeOre: the player's result of the spin. */
  readonly netOre: number;
}

/** The return of one bet on a pocket, in øre (see the money rule at the top of this file). */
export function betReturnOre(variant: RouletteVariant, bet: RouletteBet, pocket: number): { outcome: BetOutcome; returnOre: number } {
  if (betCovers(bet, pocket)) return { outcome: 'win', returnOre: bet.stakeOre * (ROULETTE_PAYOUTS[bet.kind] + 1) };
  if (variant === 'french-la-partage' && pocket === 0 && EVEN_MONEY_KINDS.includes(bet.kind)) {
    return { outcome: 'la-partage', returnOre: bet.stakeOre / 2 };
  }
  return { outcome: 'lose', returnOre: 0 };
}

/**
 * Settles a spin's bets (parsed, and checked against the table) on a pocket. Throws a RangeError on
 * a pocket out of range, a stake that is not a positive safe integer, an odd even-money stake at a
 * La Partage table (whatever the pocket: such a bet was never valid), or totals beyond safe integers.
 */
export function settleRoulette(variant: RouletteVariant, bets: readonly RouletteBet[], pocket: number): RouletteSettlement {
  assertPocket(pocket);
  if (!ROULETTE_VARIANTS.includes(variant)) throw new RangeError(`unknown roulette variant ${String(variant)}`);
  let totalStakeOre = 0;
  let totalReturnOre = 0;
  const settled: RouletteBetSettlement[] = [];
  for (const bet of bets) {
    if (!(Number.isSafeInteger(bet.stakeOre) && bet.stakeOre >= 1))
      throw new RangeError(`stake ${bet.stakeOre} is not a positive integer of øre`);
    if (variant === 'french-la-partage' && EVEN_MONEY_KINDS.includes(bet.kind) && bet.stakeOre % 2 !== 0) {
      throw new RangeError(`odd even-money stake ${bet.stakeOre} øre at a La Partage table`);
    }
    const { outcome, returnOre } = betReturnOre(variant, bet, pocket);
    totalStakeOre += bet.stakeOre;
    totalReturnOre += returnOre;
    settled.push({ bet, outcome, returnOre });
  }
  if (!Number.isSafeInteger(totalReturnOre) || !Number.isSafeInteger(totalStakeOre))
    throw new RangeError('totals beyond exact integer øre');
  return { variant, pocket, bets: settled, totalStakeOre, totalReturnOre, netOre: totalReturnOre - totalStakeOre };
}

/** A played spin: the draws to store with the round (one: the pocket) and its settlement. */
export interface RouletteRound {
  readonly draws: readonly [number];
  readonly settlement: RouletteSettlement;
}

/** Spins and settles: the round's outcome comes from the Rng's one draw alone. */
export function playRoulette(variant: RouletteVariant, bets: readonly RouletteBet[], rng: Rng): RouletteRound {
  const pocket = spinRoulette(rng);
  return { draws: [pocket], settlement: settleRoulette(variant, bets, pocket) };
}

/** The settlement again from a round's stored draws (replay, audit); refuses draws that are not exactly one pocket. */
export function replayRoulette(variant: RouletteVariant, bets: readonly RouletteBet[], draws: readonly number[]): RouletteSettlement {
  if (draws.length !== 1) throw new RangeError(`a roulette round has exactly one draw, got ${draws.length}`);
  return settleRoulette(variant, bets, draws[0]!);
}

// ---------------------------------------------------------------------------------------------
// Return to player, exactly

/** A fraction in lowest terms. */
export interface RtpFraction {
  readonly numerator: number;
  readonly denominator: number;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The exact RTP of a bet kind in a variant, computed from the settlement itself: one bet of the kind
 * (every bet of a kind returns the same, proven in the tests) at a stake of 2 øre (even, for La
 * Partage), its return summed over the 37 equally likely pockets, over the 37 stakes. European:
 * 36/37 for every kind; La Partage: 73/74 for the even-money bets, 36/37 for the others.
 */
export function rouletteRtp(variant: RouletteVariant, kind: RouletteBetKind): RtpFraction {
  const stakeOre = 2;
  const bet = { ...allRouletteSelections(kind)[0]!, stakeOre } as RouletteBet;
  let returned = 0;
  for (let pocket = 0; pocket < ROULETTE_POCKETS; pocket++) returned += betReturnOre(variant, bet, pocket).returnOre;
  const staked = ROULETTE_POCKETS * stakeOre;
  const divisor = gcd(returned, staked);
  return { numerator: returned / divisor, denominator: staked / divisor };
}

/** The RTP as a percentage rounded to `decimals` places (for the rules text: 97.30, 98.65), by integer arithmetic. */
export function rtpPercent(rtp: RtpFraction, decimals = 2): string {
  const scale = 10n ** BigInt(decimals);
  const scaled = (BigInt(rtp.numerator) * 100n * scale * 2n + BigInt(rtp.denominator)) / (BigInt(rtp.denominator) * 2n); // half up
  const whole = scaled / scale;
  const fraction = (scaled % scale).toString().padStart(decimals, '0');
  return decimals === 0 ? whole.toString() : `${whole}.${fraction}`;
}
