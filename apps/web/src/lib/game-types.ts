import type { Translate } from './i18n';
import type { PlatformData } from './platform-types';
import { isLiveGame, livePlayHref } from './live-casino';
import { formatTableRtp, isTableGame, tablePlayHref, type GameKindFields } from './table-games';

/**
 * A title as the platform's games catalogue answers it (`GameSummary`, from the generated client),
 * and the small rules a tile shows it by. Type and pure functions only: safe in client components.
 */
export type GameSummary = PlatformData<'/Games/lobby', 'get'>['newest'][number];

/**
 * The part of a title a tile needs (what the browser receives for recently played, too). A table
 * title carries its kind (issue 24): it is played on the table launch routes and shows its return
 * "op til" where it assumes the best play.
 */
export type TileGame = Pick<GameSummary, 'id' | 'name' | 'studio' | 'volatility' | 'rtp' | 'isNew'> &
  GameKindFields & {
    /** The title feeds a progressive jackpot (its tile is marked so): true, or the catalogue's own jackpot entry. */
    jackpot?: boolean | GameSummary['jackpot'];
  };

export const toTileGame = (game: GameSummary): TileGame => {
  const { id, name, studio, volatility, rtp, isNew } = game;
  const jackpot = game.jackpot ? { jackpot: true } : {};
  // Only a table title or a live table carries its kind to the browser: the slots' tiles stay as small as before.
  if (!isTableGame(game) && !isLiveGame(game)) return { id, name, studio, volatility, rtp, isNew, ...jackpot };
  return {
    id,
    name,
    studio,
    volatility,
    rtp,
    isNew,
    ...jackpot,
    gameType: game.gameType,
    category: game.category ?? null,
    rtpIsUpTo: game.rtpIsUpTo === true,
  };
};

/** Where a slot's tile leads: play for money for a logged-in player, play for fun for a guest (spec §2 launch routes). */
export const playHref = (gameId: string, mode: 'fun' | 'real') =>
  `/spilleautomater/${mode === 'real' ? 'spil-for-penge' : 'spil-for-sjov'}/${encodeURIComponent(gameId)}`;

/**
 * Where any title leads: a table title to the table launch routes (/bordspil/…), a live table to
 * the live casino's for money whatever the mode (there is no fun play; a guest logs in first), a
 * slot to the slot's.
 */
export const gameHref = (game: { id: string } & GameKindFields, mode: 'fun' | 'real') =>
  isLiveGame(game) ? livePlayHref(game.id) : isTableGame(game) ? tablePlayHref(game.id, mode) : playHref(game.id, mode);

/**
 * Where a round of the game history leads (a logged-in player's: play for money). Its kind comes
 * from the titles the player played lately (`known`, the recently played list the page loads
 * anyway), else the round's own `gameType` (the history names it since issue 25); a game without
 * either goes to the mobile route,
 * which plays a table title or a slot as the catalogue says (app/mobilspil/[slugGames]).
 */
export function historyGameHref(
  gameId: string,
  known: ReadonlyMap<string, GameKindFields>,
  gameType?: GameKindFields['gameType'] | null,
): string {
  const game = known.get(gameId) ?? (gameType ? { gameType } : undefined);
  return game ? gameHref({ id: gameId, ...game }, 'real') : `/mobilspil/${encodeURIComponent(gameId)}`;
}

/**
 * The artwork's address. The version changes when the drawing (lib/game-art.ts) does, so the year
 * a browser may keep it never shows an old picture.
 */
export const ART_VERSION = 2;
export const artHref = (gameId: string) => `/api/games/art/${encodeURIComponent(gameId)}?v=${ART_VERSION}`;

/**
 * The widths (px) the build renders each tile in as WebP (scripts/build-tiles.ts): a tile is
 * 150–250 CSS px wide at every breakpoint (games.module.css), so 200 serves 1x screens, 360 and 480
 * the phones' 2x–3x. The art route answers `&w=` with the built file, or the SVG where the build
 * made none (another provider's title, a dev server), so a srcset never points at a missing file.
 */
export const TILE_WIDTHS = [200, 360, 480] as const;
export const tileSrcSet = (gameId: string) => TILE_WIDTHS.map((width) => `${artHref(gameId)}&w=${width} ${width}w`).join(', ');
/** The tile's CSS width per breakpoint: two a row on a phone, four to five on a tablet, six a row from 1024 px. */
export const TILE_SIZES = '(min-width: 1024px) 220px, (min-width: 640px) 25vw, 46vw';

/**
 * A tile's hint line: a slot's return and volatility; a table title's return, "op til" when it
 * assumes the best play (blackjack's basic strategy, video poker's optimal hold, La Partage's
 * even-money bets), to two decimals as the tables' figures are known.
 */
export function tileHint(game: TileGame, t: Translate): string {
  if (isTableGame(game) || isLiveGame(game))
    return t(game.rtpIsUpTo ? 'games.board_games_rtp_up_to' : 'games.board_games_rtp', { rtp: formatTableRtp(game.rtp) });
  const volatility = VOLATILITY_KEYS[game.volatility];
  return volatility ? t('slot_machines.tile_hint', { rtp: formatRtp(game.rtp), volatility: t(volatility) }) : formatRtp(game.rtp);
}

/** The translation key of a volatility class; an unknown class has none. */
export const VOLATILITY_KEYS: Readonly<Record<string, string>> = {
  low: 'slot_machines.volatility_low',
  medium: 'slot_machines.volatility_medium',
  high: 'slot_machines.volatility_high',
  'very-high': 'slot_machines.volatility_very_high',
};

/** The translation key of a feature's Danish name. */
export const FEATURE_KEYS: Readonly<Record<string, string>> = {
  wild: 'slot_machines.feature_wild',
  scatter: 'slot_machines.feature_scatter',
  'free-spins': 'slot_machines.feature_free_spins',
  retrigger: 'slot_machines.feature_retrigger',
  multiplier: 'slot_machines.feature_multiplier',
};

const percent = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A return to player as Danish shows it: 0.9581 → "95,8 %" (a figure above 1 is taken as a percentage). */
export function formatRtp(rtp: number): string {
  const value = rtp > 1 ? rtp : rtp * 100;
  return `${percent.format(Math.floor(value * 10) / 10)} %`;
}
