import { artHref, TILE_SIZES, tileHint, tileSrcSet, type TileGame } from '../../lib/game-types';
import type { Translate } from '../../lib/i18n';
import { livePlayHref, type LiveTableState } from '../../lib/live-casino';
import gameStyles from '../games/games.module.css';
import styles from './live.module.css';
import { LiveTileState, LiveVideoLabel } from './live-tile-state';

/**
 * A live table's tile (issue 25): its picture (the catalogue's artwork) and name, a link named by
 * the table to play it for money (a guest is sent to log in first), under the name "Tegnet bord ·
 * ingen video" unless the studio films the table (LiveVideoLabel), its return, and its live part
 * (LiveTileState: state and countdown, dealer, players, limits, last results), which follows the
 * lobby stream. The whole tile is the link's target; only the name and picture are its text.
 */
export function LiveTableTile({
  game,
  table,
  t,
  eager = false,
}: {
  game: TileGame;
  table: LiveTableState | null;
  t: Translate;
  eager?: boolean;
}) {
  return (
    <article className={`${gameStyles.tile} ${styles.tile}`} data-testid="live-table" data-game-id={game.id}>
      <a href={livePlayHref(game.id)} className={`${gameStyles.tileLink} ${styles.link}`} data-testid="live-table-link">
        <span className={gameStyles.artWrap}>
          {/* Decorative: the name below says what the picture shows. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            className={gameStyles.art}
            src={artHref(game.id)}
            srcSet={tileSrcSet(game.id)}
            sizes={TILE_SIZES}
            alt=""
            width={320}
            height={240}
            loading={eager ? 'eager' : 'lazy'}
            decoding={eager ? 'auto' : 'async'}
            {...(eager ? { fetchPriority: 'high' as const } : {})}
          />
        </span>
        <span className={gameStyles.name}>{game.name}</span>
      </a>
      <LiveVideoLabel gameId={game.id} initial={table} />
      <p className={`${gameStyles.hint} ${styles.hint}`}>{tileHint(game, t)}</p>
      <LiveTileState gameId={game.id} initial={table} />
    </article>
  );
}

/** Live tables in a grid that wraps. */
export function LiveTableGrid({
  games,
  tables,
  t,
  eagerCount = 0,
}: {
  games: TileGame[];
  tables: Readonly<Record<string, LiveTableState>>;
  t: Translate;
  eagerCount?: number;
}) {
  return (
    <ul className={gameStyles.grid} data-testid="live-grid">
      {games.map((game, index) => (
        <li key={game.id}>
          <LiveTableTile game={game} table={tables[game.id] ?? null} t={t} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
