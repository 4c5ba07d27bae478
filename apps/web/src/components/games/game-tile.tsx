import Link from 'next/link';
import { artHref, TILE_SIZES, tileHint, tileSrcSet, type TileGame } from '../../lib/game-types';
import type { Translate } from '../../lib/i18n';
import { isLiveGame } from '../../lib/live-casino';
import { isTableGame } from '../../lib/table-games';
import styles from './games.module.css';
import { TileActions } from './tile-actions';
import { TileLink } from './tile-link';

/**
 * One title: its generated artwork (the build's WebP in the width the screen needs, lib/game-types.ts
 * tileSrcSet), name, studio and a return/volatility hint (a table title or a live table: its return,
 * "op til" where it assumes the best play), leading to the game's launch route (a slot's, a table's
 * or a live table's). Marked "Nyt" when new and "Jackpot" when it feeds a progressive jackpot.
 * Renders on the server or in the browser alike (recently played is fetched by the browser).
 * The first tiles of a page load their picture at once; the rest when scrolled near.
 */
export function GameTile({ game, t, eager = false, extra }: { game: TileGame; t: Translate; eager?: boolean; extra?: React.ReactNode }) {
  const kind = isTableGame(game) ? 'table' : isLiveGame(game) ? 'live' : undefined;
  return (
    <div className={styles.tile} data-testid="game-tile" data-game-id={game.id}>
      <TileLink gameId={game.id} kind={kind} className={styles.tileLink}>
        <span className={styles.artWrap}>
          {/* Decorative: the name below says what the picture shows. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            className={styles.art}
            src={artHref(game.id)}
            srcSet={tileSrcSet(game.id)}
            sizes={TILE_SIZES}
            alt=""
            width={320}
            height={240}
            loading={eager ? 'eager' : 'lazy'}
            // A first-screen picture is painted in the frame it arrives in (async decoding let the
            // framework's scripts run first and pushed the page's largest paint after them).
            decoding={eager ? 'auto' : 'async'}
            {...(eager ? { fetchPriority: 'high' as const } : {})}
          />
          {game.isNew ? <span className={styles.badge}>{t('slot_machines.badge_new')}</span> : null}
          {game.jackpot ? (
            <span className={`${styles.badge} ${styles.badgeJackpot}`} data-testid="tile-jackpot">
              {t('slot_machines.badge_jackpot')}
            </span>
          ) : null}
        </span>
        <span className={styles.name}>{game.name}</span>
        <span className={styles.studio}>{game.studio}</span>
        <span className={styles.hint}>{tileHint(game, t)}</span>
        {extra ? <span className={styles.hint}>{extra}</span> : null}
      </TileLink>
      <TileActions gameId={game.id} name={game.name} kind={kind} />
    </div>
  );
}

/** Tiles in a grid that wraps (lists with pages). */
export function GameGrid({
  games,
  t,
  eagerCount = 4,
  extra,
}: {
  games: TileGame[];
  t: Translate;
  eagerCount?: number;
  extra?: (game: TileGame) => React.ReactNode;
}) {
  return (
    <ul className={styles.grid} data-testid="game-grid">
      {games.map((game, index) => (
        <li key={game.id}>
          <GameTile game={game} t={t} eager={index < eagerCount} extra={extra?.(game)} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A lobby row: a heading, a "see all" link, and tiles that scroll sideways on a phone. The link is
 * named for screen readers after what it lists (`seeAll.name`, the row's title by default).
 */
export function GameRow({
  id,
  title,
  games,
  t,
  seeAll,
  eagerCount = 0,
}: {
  id: string;
  title: string;
  games: TileGame[];
  t: Translate;
  seeAll?: { href: string; name?: string };
  eagerCount?: number;
}) {
  if (games.length === 0) return null;
  return (
    <section className={styles.row} aria-labelledby={id} data-testid={`game-row-${id}`}>
      <div className="section-head">
        <h2 id={id}>{title}</h2>
        {seeAll ? (
          <Link href={seeAll.href} aria-label={t('slot_machines.see_all_named', { name: seeAll.name ?? title })} prefetch={false}>
            {t('slot_machines.see_all')}
          </Link>
        ) : null}
      </div>
      <ul className={styles.rowList}>
        {games.map((game, index) => (
          <li key={game.id}>
            <GameTile game={game} t={t} eager={index < eagerCount} />
          </li>
        ))}
      </ul>
    </section>
  );
}
