/*
 * The live casino's own words (issue 25, games/README.md "Live casino"): what the platform knows of
 * a live studio's tables, whichever studio it is. A studio's adapter (providers/lysmester/) turns its
 * protocol into these shapes at the edge; the catalogue's sync, the lobby's fan-out and the launch
 * read only these.
 */

/** The kinds of live table, as the catalogue and the storefront name them. */
export const LIVE_KINDS = ['roulette', 'blackjack', 'money-wheel'] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

/** The system config `LiveCategories`' ids a live table belongs to (the live-casino entry is every table). */
export const LIVE_CATEGORIES = ['live-roulette', 'live-blackjack', 'andre-live-spil'] as const;
export type LiveCategory = (typeof LIVE_CATEGORIES)[number];

/** A table's category, by its kind: a game show such as the money wheel is "andre live spil". */
export const LIVE_CATEGORY_OF: Readonly<Record<LiveKind, LiveCategory>> = Object.freeze({
  roulette: 'live-roulette',
  blackjack: 'live-blackjack',
  'money-wheel': 'andre-live-spil',
});

export const LIVE_ROUND_STATES = ['betting', 'closed', 'result', 'void'] as const;
export type LiveRoundState = (typeof LIVE_ROUND_STATES)[number];

/** One shown result in a table's last results: a roulette pocket, the wheel's number and multiplier, the dealer's blackjack total. */
export interface LiveResultSummary {
  pocket?: number;
  number?: number;
  multiplier?: number;
  dealerTotal?: number;
}

/** A table as its studio's lobby tells it, in our words (amounts in øre, figures as fractions). */
export interface LiveStudioTable {
  tableId: string;
  name: string;
  kind: LiveKind;
  dealer: string;
  /** The studio films the table (it sends a video stream); false: the table is drawn, no video. */
  video: boolean;
  open: boolean;
  players: number;
  /** One bet's least and most. */
  minBetOre: number;
  maxBetOre: number;
  /** The most one player can stake in one round (blackjack: the main bet, its doubles and split). */
  maxRoundStakeOre: number;
  /** The return to player the studio publishes, a fraction; the best bet's when `rtpIsUpTo`. */
  rtp: number;
  rtpIsUpTo: boolean;
  /** A round's largest return as units per cost units of its stake (the win bound's exact fraction). */
  largestWin: { units: number; cost: number };
  round: { roundId: string; state: LiveRoundState; bettingClosesAt: string; resultAt: string };
  /** Newest first. */
  lastResults: LiveResultSummary[];
}

export interface LiveStudioLobby {
  /** The studio's name, as its titles carry it in the catalogue. */
  studio: string;
  tables: LiveStudioTable[];
}

/** A launch the studio refused or never answered: the storefront is told LIVE_STUDIO_UNAVAILABLE. */
export class LiveStudioUnavailable extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LiveStudioUnavailable';
  }
}

/** A live studio as the platform uses it: one adapter per studio implements it (providers/<name>/studio.ts). */
export interface LiveStudio {
  /** The games contract's provider id its wallet calls arrive under, and its titles carry. */
  providerId: string;
  /** Its lobby now (throws when it cannot be read). */
  lobby(): Promise<LiveStudioLobby>;
  /**
   * Its lobby as a stream: `onLobby` with every state it sends, `onAlive` with each keep-alive.
   * Resolves when the studio ends the stream, rejects when it cannot be opened or breaks; `signal` closes it.
   */
  streamLobby(handlers: { onLobby: (lobby: LiveStudioLobby) => void; onAlive: () => void }, signal: AbortSignal): Promise<void>;
  /** Seats a player at a table: the address of the studio's game client for them (throws LiveStudioUnavailable). */
  launch(input: { sessionToken: string; playerRef: string; tableId: string; lobbyUrl: string }): Promise<{ gameUrl: string }>;
}

/**
 * A live table's catalogue id is the studio's table id (kept to GAME_ID_PATTERN; the sync skips one
 * that is not, or that another title holds): the wallet adapter checks a debit's table against the
 * session's game by it. Named here so the one rule has one place.
 */
export const gameIdOfTable = (tableId: string) => tableId;
export const tableIdOfGame = (gameId: string) => gameId;
