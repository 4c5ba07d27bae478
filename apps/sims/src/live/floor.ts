import {
  handTotal,
  MONEY_WHEEL_LARGEST_RETURN,
  MONEY_WHEEL_NUMBERS,
  moneyWheelRtp,
  rouletteRtp,
  SHARED_HAND_RTP,
  SHARED_HAND_RULES,
  sharedDealerHand,
  type BlackjackAction,
  type BlackjackRound,
  type Rng,
} from '@krone/games-math';
import type { PlacedBet } from './bets.js';
import type { LiveResult, LiveRound, LiveTableSpec } from './rounds.js';

/* Lysmester Live's floor: its operators, its tables, a player's launch and seat, and how a round is shown to the outside. */

export interface LiveOperator {
  operatorId: string;
  /** The key the operator's server sends with lobby and launch calls. */
  apiKey: string;
  /** Where the studio calls the operator's wallet, and the secret those calls are signed with. */
  walletUrl: string;
  walletSecret: string;
  /** The operator's sites that may embed the game client (its CSP frame-ancestors). */
  embedOrigins?: string[];
}

export interface LiveStudioOptions {
  host?: string;
  port?: number;
  publicUrl?: string;
  operators: LiveOperator[];
  tables?: LiveTableSpec[];
  /** Guards the studio floor's controls (a dealer's void): tests and demos. */
  adminKey?: string;
  now?: () => Date;
  rng?: Rng;
  /** How often the floor looks for rounds to settle (ms). */
  tickMs?: number;
  /** Waits between tries of a credit or cancel the wallet did not answer. */
  retryDelaysMs?: number[];
  launchMinutes?: number;
  /** How many lobby streams the studio serves at once (an operator keeps one per process). */
  maxLobbyStreams?: number;
}

export const LIVE_TABLES: readonly LiveTableSpec[] = Object.freeze([
  {
    tableId: 'krone-roulette-live',
    name: 'Krone Roulette Live',
    kind: 'roulette',
    dealer: 'Sofie',
    minBetOre: 100,
    maxBetOre: 500_000,
    bettingMs: 15_000,
    playMs: 6_000,
    resultMs: 5_000,
  },
  {
    // Shared hand: betting, then the deal and 20 s for every player's decisions, then the dealer.
    tableId: 'nattergal-blackjack',
    name: 'Nattergal Blackjack',
    kind: 'blackjack',
    dealer: 'Mads',
    minBetOre: 100,
    maxBetOre: 500_000,
    bettingMs: 15_000,
    playMs: 20_000,
    resultMs: 6_000,
  },
  {
    tableId: 'karrusellen-live',
    name: 'Karrusellen Live',
    kind: 'money-wheel',
    dealer: 'Ida',
    minBetOre: 100,
    maxBetOre: 250_000,
    bettingMs: 15_000,
    playMs: 8_000,
    resultMs: 5_000,
  },
]);

export interface Launch {
  token: string;
  operator: LiveOperator;
  sessionToken: string;
  playerRef: string;
  tableId: string;
  lobbyUrl: string | null;
  expiresAt: number;
  lastSeen: number;
}

export interface Debit {
  transactionId: string;
  amountOre: number;
  bets: PlacedBet[];
  /** 'taken': the wallet said OK; 'unknown': no answer (cancelled at settlement, never paid on). */
  state: 'taken' | 'unknown';
}

/** One player's stake in one round: every debit the round took from them. */
export interface Seat {
  launch: Launch;
  roundId: string;
  debits: Debit[];
  settled: boolean;
  settledAt?: number;
  /** At a blackjack table: the player's hand as played so far (the round engine on the shared shoe) and the actions taken. */
  hand?: { round: BlackjackRound; actions: BlackjackAction[] };
}

export const publicRound = (round: LiveRound) => ({
  roundId: round.roundId,
  state: round.state,
  openedAt: round.openedAt,
  bettingClosesAt: round.bettingClosesAt,
  resultAt: round.resultAt,
  commitment: round.commitment,
  ...(round.result ? { result: publicResult(round.result), nonce: round.nonce } : {}),
  ...(round.voidReason ? { voidReason: round.voidReason } : {}),
});
export const publicResult = (result: LiveResult) => (result.kind === 'blackjack' ? { kind: result.kind, shoe: result.shoe } : result);

/** A shown result in a line of the last results. */
export const summary = (result: LiveResult) =>
  result.kind === 'roulette'
    ? { pocket: result.pocket }
    : result.kind === 'money-wheel'
      ? { number: result.number, multiplier: result.multiplier }
      : { dealerTotal: handTotal(sharedDealerHand(SHARED_HAND_RULES, result.shoe)).total };

/**
 * A table's video in the lobby: a real live studio films its tables and sends `{ url }`, the address
 * of the table's stream; null when there is no stream. This stand-in films nothing (its game client
 * draws the table), so every table of its lobby says `video: null` and an operator labels it drawn.
 */
export type TableVideo = { url: string } | null;
export const NO_VIDEO: TableVideo = null;

/** What a table's figures are, as the studio publishes them in its lobby (and the operator shows). */
export interface PublishedFigures {
  /** Return to player, a fraction: the best bet's when the bets differ (`rtpIsUpTo`). */
  rtp: number;
  rtpIsUpTo: boolean;
  /** The largest return of a round per stake, as units per cost units (an operator bounds a round's win by it). */
  largestWin: { units: number; cost: number };
  /** The most one player can stake in one round (øre): a blackjack's doubles and split take the main bet up to 4 times. */
  maxRoundStake: number;
}

const fraction = (rtp: { numerator: number; denominator: number }) => rtp.numerator / rtp.denominator;

/** The exact figures of a table from the maths (games-math), never typed in by hand. */
export function publishedFigures(spec: LiveTableSpec): PublishedFigures {
  if (spec.kind === 'roulette')
    // European roulette: every bet returns 36/37; a straight up pays 35 to 1.
    return {
      rtp: round6(fraction(rouletteRtp('european', 'straight'))),
      rtpIsUpTo: false,
      largestWin: { units: 36, cost: 1 },
      maxRoundStake: spec.maxBetOre,
    };
  if (spec.kind === 'money-wheel')
    return {
      rtp: round6(Math.max(...MONEY_WHEEL_NUMBERS.map((number) => fraction(moneyWheelRtp(number))))),
      rtpIsUpTo: true,
      largestWin: { units: MONEY_WHEEL_LARGEST_RETURN, cost: 1 },
      maxRoundStake: spec.maxBetOre,
    };
  // Blackjack 3:2 returns 5/2 of its stake; a doubled or split hand at most 2.
  const { numerator, denominator } = SHARED_HAND_RULES.blackjackPays;
  return {
    rtp: SHARED_HAND_RTP,
    rtpIsUpTo: true,
    largestWin: { units: denominator + numerator, cost: denominator },
    maxRoundStake: 4 * spec.maxBetOre,
  };
}
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
