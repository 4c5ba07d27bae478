import type { Translate } from './i18n';
import type { PlatformData } from './platform-types';
import { readCategoryConfig, type GameKindFields, type TableCategory } from './table-games';

/**
 * The live casino's addresses, lists and words in the storefront (issue 25). The tables belong to
 * an outside live studio (Lysmester Live); the platform lists them in its catalogue (game type
 * `live`) and tells their live state (`GET /Games/live/lobby` and its stream). Pure (no I/O): shared
 * by the pages, the tiles in the browser and the unit tests.
 *
 *   /live-casino                              every live table, grouped by `LiveCategories`
 *   /live/live-casino                         every live table ("all tables", the config's first entry)
 *   /live/live-roulette                       one category's tables
 *   /live-casino/spil-for-penge/{gameId}      a table for money (login first; there is no fun play)
 *   /mobil-live-casino/{gameId}               the same, the spec's mobile route
 */

export const LIVE_LOBBY_PATH = '/live-casino';
export const LIVE_MONEY_PATH = '/live-casino/spil-for-penge';
export const LIVE_MOBILE_PATH = '/mobil-live-casino';
/** The play type of the launch route; live tables have no play for fun (docs/decisions.md). */
export const LIVE_PLAY_TYPE = 'spil-for-penge';
export const LIVE_FUN_PLAY_TYPE = 'spil-for-sjov';

/** Where a live table is played: for money, always. */
export const livePlayHref = (gameId: string) => `${LIVE_MONEY_PATH}/${encodeURIComponent(gameId)}`;

export const isLiveGame = (game: GameKindFields): boolean => game.gameType === 'live';

// ---------------------------------------------------------------------------------------------
// The live state, as the platform tells it (GET /Games/live/lobby, the stream's `lobby` event).

/** The live lobby (dealer, open, players, limits, round, last results per table), from the generated client. */
export type LiveLobbyState = PlatformData<'/Games/live/lobby', 'get'>;
export type LiveTableState = LiveLobbyState['tables'][number];
export type LiveKind = LiveTableState['kind'];
export type LiveRoundState = LiveTableState['round']['state'];
/** One shown result: a roulette pocket, the wheel's number (and multiplier), the dealer's blackjack total. */
export type LiveResult = LiveTableState['lastResults'][number];

// ---------------------------------------------------------------------------------------------
// The categories (system config `LiveCategories`, the shape of `BordspilCategory`).

/** The config's entry that stands for every table: its page lists them all, and it is no group. */
export const LIVE_ALL_CATEGORY = 'live-casino';

/** The category pages this build has (app/live/{id}), with their Danish names and intros in the dictionary. */
export const LIVE_CATEGORY_PAGES = {
  'live-casino': { key: 'menu.live_casino_all', introKey: 'games.live_all_intro' },
  'live-roulette': { key: 'games.live_roulette', introKey: 'games.live_roulette_intro' },
  'live-blackjack': { key: 'games.live_blackjack', introKey: 'games.live_blackjack_intro' },
  'andre-live-spil': { key: 'games.other_live_games', introKey: 'games.other_live_games_intro' },
} as const;
export type LiveCategoryId = keyof typeof LIVE_CATEGORY_PAGES;

const LIVE_CATEGORY_BASE = '/live';

/**
 * The categories of `LiveCategories` in their order (as `readTableCategories` reads its config);
 * without a usable config this build's four, named from the dictionary.
 */
export function readLiveCategories(value: unknown, fallbackName: (id: LiveCategoryId) => string): TableCategory[] {
  const read = readCategoryConfig(value, (id) => `${LIVE_CATEGORY_BASE}/${id}`);
  if (read.length > 0) return read;
  return (Object.keys(LIVE_CATEGORY_PAGES) as LiveCategoryId[]).map((id, index) => ({
    id,
    name: fallbackName(id),
    slug: `${LIVE_CATEGORY_BASE}/${id}`,
    position: index + 1,
  }));
}

/** The page a category links to when this build has it (app/live/{id}); an operator's new category links nowhere. */
export function liveCategoryHref(category: Pick<TableCategory, 'slug'>): string | undefined {
  const path = category.slug.replace(/\/+$/, '');
  return Object.keys(LIVE_CATEGORY_PAGES).some((id) => path === `${LIVE_CATEGORY_BASE}/${id}`) ? path : undefined;
}

/**
 * The live tables under their categories, in the config's order, each group's tables in the order
 * given. The "all tables" entry is no group; a group without tables is left out, and so is a table
 * of no listed category (it is still on the all-tables page), and anything that is not live.
 */
export function groupLiveTables<T extends GameKindFields>(games: readonly T[], categories: readonly TableCategory[]) {
  return categories
    .filter((category) => category.id !== LIVE_ALL_CATEGORY)
    .map((category) => ({ category, games: games.filter((game) => isLiveGame(game) && game.category === category.id) }))
    .filter((group) => group.games.length > 0);
}

/** One category's live tables (every one for the all-tables entry), in the order given. */
export const liveTablesOfCategory = <T extends GameKindFields>(games: readonly T[], categoryId: string): T[] =>
  games.filter((game) => isLiveGame(game) && (categoryId === LIVE_ALL_CATEGORY || game.category === categoryId));

// ---------------------------------------------------------------------------------------------
// A table's tile: its state, limits, players and last results in words.

/** What a tile says of a table: closed (the table, or no state known), or its round's state. */
export type LiveTileState = 'table-closed' | LiveRoundState;

export const LIVE_STATE_KEYS: Readonly<Record<LiveTileState, string>> = {
  'table-closed': 'games.live_state_table_closed',
  betting: 'games.live_state_betting',
  closed: 'games.live_state_closed',
  result: 'games.live_state_result',
  void: 'games.live_state_void',
};

export const liveTileState = (table: Pick<LiveTableState, 'open' | 'round'> | null | undefined): LiveTileState =>
  table?.open ? table.round.state : 'table-closed';

/**
 * Whether a table is shown as drawn, "Tegnet bord · ingen video" (danish-rules.md: a computer-drawn
 * table shown as live is labelled for what it is): unless the studio says it streams the table on
 * video. A table whose state is not known is labelled too, the stricter reading.
 */
export const isDrawnTable = (table: Pick<LiveTableState, 'video'> | null | undefined): boolean => table?.video !== true;

/** The label's texts: the short visible words and what the title and screen readers say. */
export const LIVE_NO_VIDEO_KEYS = { text: 'games.live_no_video', label: 'games.live_no_video_label' } as const;

/** Whole seconds until an instant (rounded up, never below 0); null for a time that is not one. */
export function secondsUntil(iso: string, nowMs: number): number | null {
  const at = Date.parse(iso);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - nowMs) / 1000)) : null;
}

/**
 * The state in words: "Åben for indsatser", with "Lukker om 12 s" once the clock is known (the
 * browser's, set by the stream's server time); the other states as they are.
 */
export function liveStateText(
  table: Pick<LiveTableState, 'open' | 'round'> | null | undefined,
  t: Translate,
  nowMs: number | null,
): string {
  const state = liveTileState(table);
  const text = t(LIVE_STATE_KEYS[state]);
  if (state !== 'betting' || nowMs === null || !table) return text;
  const left = secondsUntil(table.round.bettingClosesAt, nowMs);
  return left === null ? text : `${text} · ${t('games.live_closes_in', { s: left })}`;
}

const wholeKroner = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 0 });
const kronerAndOre = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** An amount in øre as Danish kroner without the unit: 100 → "1", 500000 → "5.000", 250 → "2,50". */
export const kronerOf = (ore: number) => (ore % 100 === 0 ? wholeKroner.format(ore / 100) : kronerAndOre.format(ore / 100));

/** A bet's least and most: "Indsats 1–5.000 kr." */
export const liveLimitsText = (limits: LiveTableState['limits'], t: Translate) =>
  t('games.live_limits', { min: kronerOf(limits.minBetOre), max: kronerOf(limits.maxBetOre) });

export const livePlayersText = (players: number, t: Translate) =>
  players === 1 ? t('games.live_players_one') : t('games.live_players', { n: players });

/** European roulette's red pockets (the wheel of @krone/games-math). */
const RED_POCKETS: ReadonlySet<number> = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export type PocketColour = 'red' | 'black' | 'green';
export const pocketColour = (pocket: number): PocketColour => (pocket === 0 ? 'green' : RED_POCKETS.has(pocket) ? 'red' : 'black');

/** One last result as a tile shows it: the short text, what a screen reader says, and a roulette pocket's colour. */
export interface LiveResultView {
  text: string;
  label: string;
  colour?: PocketColour;
}

/** How many last results a tile shows. */
export const LIVE_RESULTS_SHOWN = 8;

/** A table's last results (newest first) in words; one that does not fit the table's kind is left out. */
export function liveResultViews(kind: LiveKind, results: readonly LiveResult[], t: Translate): LiveResultView[] {
  const views: LiveResultView[] = [];
  for (const result of results) {
    if (views.length >= LIVE_RESULTS_SHOWN) break;
    const view = liveResultView(kind, result, t);
    if (view) views.push(view);
  }
  return views;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function liveResultView(kind: LiveKind, result: LiveResult, t: Translate): LiveResultView | null {
  if (kind === 'roulette' && isCount(result.pocket) && result.pocket <= 36) {
    const colour = pocketColour(result.pocket);
    return { text: String(result.pocket), label: t(`games.live_pocket_${colour}`, { pocket: result.pocket }), colour };
  }
  if (kind === 'money-wheel' && isCount(result.number)) {
    const multiplier = isCount(result.multiplier) && result.multiplier > 1 ? result.multiplier : null;
    return multiplier
      ? {
          text: t('games.live_wheel_multiplied', { number: result.number, multiplier }),
          label: t('games.live_wheel_result_multiplied', { number: result.number, multiplier }),
        }
      : { text: String(result.number), label: t('games.live_wheel_result', { number: result.number }) };
  }
  if (kind === 'blackjack' && isCount(result.dealerTotal)) {
    const bust = result.dealerTotal > 21;
    return {
      text: bust ? t('games.live_dealer_bust_short') : String(result.dealerTotal),
      label: bust
        ? t('games.live_dealer_bust', { total: result.dealerTotal })
        : t('games.live_dealer_total', { total: result.dealerTotal }),
    };
  }
  return null;
}

/** The live states by catalogue id, the shape the tiles look their table up in. */
export const tablesByGame = (lobby: LiveLobbyState | null): Record<string, LiveTableState> =>
  Object.fromEntries((lobby?.tables ?? []).map((table) => [table.gameId, table]));

// ---------------------------------------------------------------------------------------------
// The live launch page's figures (app/api/live/sessions/[gameSessionId]).

/** A player's stakes, wins and net over some rounds (øre), and how many rounds. */
export interface PlayedFigures {
  stakedOre: number;
  wonOre: number;
  netOre: number;
  rounds: number;
}

/** How far back a live game session's figures may be asked: a login lasts at most 12 hours. */
export const FIGURES_MAX_HOURS = 13;

/**
 * The period the figures are asked for: `from` (the launch), an ISO time within the last 13 hours
 * and not in the future (a minute's grace for clocks). Null when it is missing or out of bounds.
 */
export function readFiguresWindow(params: URLSearchParams, nowMs: number): { from: Date } | null {
  const value = params.get('from');
  if (value === null || value.length > 40) return null;
  const at = Date.parse(value);
  if (!Number.isFinite(at) || at < nowMs - FIGURES_MAX_HOURS * 3_600_000 || at > nowMs + 60_000) return null;
  return { from: new Date(at) };
}

/** A round of the game history as the figures read it. */
export interface FigureRound {
  roundId: string;
  stakeOre: number;
  winOre: number;
  startedAt: string;
}

const noFigures = (): PlayedFigures => ({ stakedOre: 0, wonOre: 0, netOre: 0, rounds: 0 });
const addRound = (figures: PlayedFigures, round: FigureRound) => {
  figures.stakedOre += round.stakeOre;
  figures.wonOre += round.winOre;
  figures.netOre = figures.wonOre - figures.stakedOre;
  figures.rounds += 1;
};

/**
 * One live game session's sums since `from` (the contract's round id of a live round is
 * `{tableRoundId}:{gameSessionId}`). A round still open counts its stake; its win comes when the
 * studio settles it.
 */
export function sumFigures(rounds: readonly FigureRound[], gameSessionId: string, from: Date): PlayedFigures {
  const session = noFigures();
  for (const round of rounds) {
    if (round.roundId.endsWith(`:${gameSessionId}`) && Date.parse(round.startedAt) >= from.getTime()) addRound(session, round);
  }
  return session;
}

/** The platform's money-played warning at the live tables (GET /Games/live/warning), the part the screen reads. */
export interface LiveWarningState {
  due: boolean;
  minutesPlayed: number;
  stakedOre: number;
  wonOre: number;
}

/** The warning as the live screen shows it: due or not, and the minutes, stakes, wins and net its text says. */
export interface LiveWarningView {
  due: boolean;
  minutesPlayed: number;
  stakedOre: number;
  wonOre: number;
  netOre: number;
}

/**
 * The platform's warning for the live screen. The platform keeps the clock (per login, across the
 * player's tables and tabs) and refuses the studio's debits while it is due; the screen only shows
 * it and passes the player's "continue" on.
 */
export const liveWarningView = (state: LiveWarningState): LiveWarningView => ({
  due: state.due,
  minutesPlayed: Math.max(0, state.minutesPlayed),
  stakedOre: state.stakedOre,
  wonOre: state.wonOre,
  netOre: state.wonOre - state.stakedOre,
});

/**
 * What the warning's dialog says while it is due (the table paused, its frame inert), or null when
 * it is not due or not known: the figures are the platform's, so every tab of the login says the same.
 */
export function dueLiveWarning(
  view: LiveWarningView | null,
): { minutesPlayed: number; netOre: number; stakedOre: number; wonOre: number } | null {
  if (!view?.due) return null;
  return { minutesPlayed: view.minutesPlayed, netOre: view.netOre, stakedOre: view.stakedOre, wonOre: view.wonOre };
}
