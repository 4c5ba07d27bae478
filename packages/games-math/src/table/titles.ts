import { createHash } from 'node:crypto';
import { canonicalJson } from '../hash.js';
import { BLACKJACK_EUROPEAN, BLACKJACK_VEGAS_H17, type BlackjackRules } from './blackjack-rules.js';
import {
  ROULETTE_BET_KINDS,
  STANDARD_ROULETTE_LIMITS,
  rouletteRtp,
  validateRouletteTable,
  type RouletteBetKind,
  type RouletteTable,
  type RtpFraction,
} from './roulette.js';
import { BONUS_POKER_8_5, JACKS_OR_BETTER_9_6, type VideoPokerPaytable } from './video-poker.js';

/**
 * The table games' titles: each a table of one game kind with its rules, the stakes it takes and
 * the figures a player is shown. They are code, not title files: a table's rules are a handful of
 * named rule sets whose returns are proven by the tests (roulette.test, blackjack-strategy.test,
 * video-poker-strategy.test), not maths tuned per title.
 */

/** The kinds, each a category of the system config `BordspilCategory` (its `id`). */
export const TABLE_KINDS = ['roulette', 'blackjack', 'video-poker'] as const;
export type TableKind = (typeof TABLE_KINDS)[number];

/**
 * What a table takes. The player picks `stepsOre` (roulette: the chips; blackjack and video poker:
 * the stake of a hand); every money call of a round (a chip total, a double, a split, insurance) is
 * a whole multiple of `unitOre` and at most `maxCallOre`; a round's stakes together are at most
 * `maxRoundOre` (a blackjack round: four split hands doubled and insurance).
 */
export interface TableStake {
  stepsOre: readonly number[];
  defaultOre: number;
  minOre: number;
  unitOre: number;
  maxCallOre: number;
  maxRoundOre: number;
}

interface TableTitleBase {
  id: string;
  name: string;
  studio: string;
  providerId: string;
  releaseDate: string;
  kind: TableKind;
  tags: readonly string[];
  devices: readonly ('mobile' | 'tablet' | 'desktop')[];
  theme: { motif: string; colours: { background: string; primary: string; accent: string } };
  stake: TableStake;
  /**
   * The return shown: roulette's best bet type (every bet type's own is in the rules); blackjack and
   * video poker "up to", with the strategy it assumes (basic strategy; the optimal hold).
   */
  rtp: number;
  rtpIsUpTo: boolean;
  /** The largest return of a round over what the round staked, as a fraction (the platform's win bound). */
  largestWin: { units: number; cost: number };
  /** SHA-256 of the table's rules (canonical JSON), kept with every round as a slot's maths hash is. */
  mathsHash: string;
}

export type TableTitle =
  | (TableTitleBase & { kind: 'roulette'; table: RouletteTable })
  | (TableTitleBase & { kind: 'blackjack'; rules: BlackjackRules })
  | (TableTitleBase & { kind: 'video-poker'; paytable: VideoPokerPaytable });

/**
 * Basic strategy's return for the blackjack rule sets, 6 decks (`blackjackReturnFiniteShoe`; the
 * tests compute it again and compare): Vegas 0.6162 %, European 0.5477 % house edge.
 */
export const BLACKJACK_RTP: Readonly<Record<string, number>> = Object.freeze({
  [BLACKJACK_VEGAS_H17.id]: 0.993838,
  [BLACKJACK_EUROPEAN.id]: 0.994523,
});

/** Optimal play's exact return of the paytables (`videoPokerReturn`; the tests compute it again). */
export const VIDEO_POKER_RTP: Readonly<Record<string, number>> = Object.freeze({
  [JACKS_OR_BETTER_9_6.id]: 0.995439,
  [BONUS_POKER_8_5.id]: 0.99166,
});

const STUDIO = 'Krone Studio';
const PROVIDER = 'krone-studio';
const DEVICES = Object.freeze(['mobile', 'tablet', 'desktop'] as const);

const hashOf = (rules: unknown) => createHash('sha256').update(canonicalJson(rules)).digest('hex');
const fraction = (f: RtpFraction) => f.numerator / f.denominator;

/** Roulette: chips 1, 5, 10, 25, 100 and 500 kr.; the table's limits (STANDARD_ROULETTE_LIMITS): 10.000 kr. a spin. */
const ROULETTE_CHIPS_ORE = Object.freeze([100, 500, 1_000, 2_500, 10_000, 50_000]);
/** Blackjack: a hand's stake 10 kr. to 1.000 kr. */
const BLACKJACK_STAKES_ORE = Object.freeze([1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000]);
/** Video poker: a hand (five coins) 1 kr. to 100 kr. */
const VIDEO_POKER_STAKES_ORE = Object.freeze([100, 200, 500, 1_000, 2_000, 5_000, 10_000]);

/** What a title names of itself; the rest its builder derives from its rules. */
type TitleIdentity = Pick<TableTitleBase, 'id' | 'name' | 'releaseDate' | 'tags' | 'theme'>;

/** The part every title shares: its identity, the studio, provider and devices, and its kind. */
function titleHead<K extends TableKind>(base: TitleIdentity, kind: K) {
  return { ...base, studio: STUDIO, providerId: PROVIDER, kind, devices: DEVICES };
}

function rouletteTitle(base: TitleIdentity, table: RouletteTable): TableTitle & { kind: 'roulette' } {
  const best = Math.max(...ROULETTE_BET_KINDS.map((kind: RouletteBetKind) => fraction(rouletteRtp(table.variant, kind))));
  return {
    ...titleHead(base, 'roulette'),
    table,
    stake: {
      stepsOre: ROULETTE_CHIPS_ORE,
      defaultOre: 1_000,
      minOre: table.limits.stakeStepOre,
      unitOre: table.limits.stakeStepOre,
      maxCallOre: table.limits.maxTotalStakeOre,
      maxRoundOre: table.limits.maxTotalStakeOre,
    },
    rtp: best,
    rtpIsUpTo: table.variant === 'french-la-partage',
    // A straight up returns 36 × its stake: no spin returns more than 36 × what it staked.
    largestWin: { units: 36, cost: 1 },
    mathsHash: hashOf({ kind: 'roulette', table }),
  };
}

function blackjackTitle(base: TitleIdentity, rules: BlackjackRules): TableTitle & { kind: 'blackjack' } {
  const { numerator, denominator } = rules.blackjackPays;
  const maxHand = BLACKJACK_STAKES_ORE[BLACKJACK_STAKES_ORE.length - 1]!;
  return {
    ...titleHead(base, 'blackjack'),
    rules,
    stake: {
      stepsOre: BLACKJACK_STAKES_ORE,
      defaultOre: 5_000,
      minOre: BLACKJACK_STAKES_ORE[0]!,
      // Insurance is half a hand's stake: every stake is a multiple of 10 kr., so every call is whole kroner.
      unitOre: 100,
      maxCallOre: maxHand,
      maxRoundOre: maxHand * rules.maxHands * 2 + (rules.insurance ? maxHand / 2 : 0),
    },
    rtp: BLACKJACK_RTP[rules.id]!,
    rtpIsUpTo: true,
    // A blackjack returns 1 + numerator/denominator of its stake; nothing returns more per øre staked.
    largestWin: { units: denominator + numerator, cost: denominator },
    mathsHash: hashOf({ kind: 'blackjack', rules }),
  };
}

function videoPokerTitle(base: TitleIdentity, paytable: VideoPokerPaytable): TableTitle & { kind: 'video-poker' } {
  const maxHand = VIDEO_POKER_STAKES_ORE[VIDEO_POKER_STAKES_ORE.length - 1]!;
  return {
    ...titleHead(base, 'video-poker'),
    paytable,
    stake: {
      stepsOre: VIDEO_POKER_STAKES_ORE,
      defaultOre: 500,
      minOre: VIDEO_POKER_STAKES_ORE[0]!,
      unitOre: 100,
      maxCallOre: maxHand,
      maxRoundOre: maxHand,
    },
    rtp: VIDEO_POKER_RTP[paytable.id]!,
    rtpIsUpTo: true,
    largestWin: { units: Math.max(...paytable.pays), cost: 1 },
    mathsHash: hashOf({ kind: 'video-poker', pays: paytable.pays }),
  };
}

export const TABLE_TITLES: readonly TableTitle[] = Object.freeze([
  rouletteTitle(
    {
      id: 'europaeisk-roulette',
      name: 'Europæisk Roulette',
      releaseDate: '2026-11-27',
      tags: ['roulette', 'bordspil', 'klassisk'],
      theme: { motif: 'roulette', colours: { background: '#0b3d2e', primary: '#c8102e', accent: '#f2c14e' } },
    },
    { variant: 'european', limits: STANDARD_ROULETTE_LIMITS },
  ),
  rouletteTitle(
    {
      id: 'fransk-roulette',
      name: 'Fransk Roulette La Partage',
      releaseDate: '2026-11-27',
      tags: ['roulette', 'bordspil', 'la partage'],
      theme: { motif: 'roulette', colours: { background: '#14213d', primary: '#b5172f', accent: '#e9c46a' } },
    },
    { variant: 'french-la-partage', limits: STANDARD_ROULETTE_LIMITS },
  ),
  blackjackTitle(
    {
      id: 'blackjack-vegas',
      name: 'Blackjack Vegas',
      releaseDate: '2026-11-27',
      tags: ['blackjack', 'bordspil', 'kort'],
      theme: { motif: 'blackjack', colours: { background: '#0e4d36', primary: '#1b1b1b', accent: '#d4af37' } },
    },
    BLACKJACK_VEGAS_H17,
  ),
  blackjackTitle(
    {
      id: 'europaeisk-blackjack',
      name: 'Europæisk Blackjack',
      releaseDate: '2026-11-27',
      tags: ['blackjack', 'bordspil', 'kort'],
      theme: { motif: 'blackjack', colours: { background: '#123a5e', primary: '#1b1b1b', accent: '#e0b84f' } },
    },
    BLACKJACK_EUROPEAN,
  ),
  videoPokerTitle(
    {
      id: 'jacks-or-better',
      name: 'Jacks or Better',
      releaseDate: '2026-11-27',
      tags: ['videopoker', 'poker', 'kort'],
      theme: { motif: 'video-poker', colours: { background: '#1d1a4f', primary: '#f4d35e', accent: '#ee964b' } },
    },
    JACKS_OR_BETTER_9_6,
  ),
  videoPokerTitle(
    {
      id: 'bonus-poker',
      name: 'Bonus Poker',
      releaseDate: '2026-11-27',
      tags: ['videopoker', 'poker', 'kort'],
      theme: { motif: 'video-poker', colours: { background: '#3b0d3f', primary: '#f7b801', accent: '#f35b04' } },
    },
    BONUS_POKER_8_5,
  ),
]);

const byId = new Map(TABLE_TITLES.map((title) => [title.id, title]));

export function tableTitleById(id: string): TableTitle | undefined {
  return byId.get(id);
}

for (const title of TABLE_TITLES) {
  if (title.kind === 'roulette' && validateRouletteTable(title.table).length > 0)
    throw new Error(`table title ${title.id}: its table is invalid`);
  if (title.stake.stepsOre.some((step) => step % title.stake.unitOre !== 0))
    throw new Error(`table title ${title.id}: a step off the unit`);
}
