import { artHref, TILE_SIZES, tileSrcSet } from '../../lib/game-types';
import type { Translate } from '../../lib/i18n';
import { TileLink } from '../games/tile-link';
import styles from './jackpots.module.css';

/** How many feeding titles show before "Vis alle": two rows on a phone, one on a desktop. */
const FIRST_GAMES = 6;

function FeedingGame({ game }: { game: { id: string; name: string } }) {
  return (
    <li className={styles.game} data-testid="jackpot-game" data-game-id={game.id}>
      <TileLink gameId={game.id} className={styles.gameTile}>
        {/* Decorative: the name below says what the picture shows. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          src={artHref(game.id)}
          srcSet={tileSrcSet(game.id)}
          sizes={TILE_SIZES}
          alt=""
          width={320}
          height={240}
          loading="lazy"
          decoding="async"
        />
        <span>{game.name}</span>
      </TileLink>
    </li>
  );
}

/**
 * The titles that feed a jackpot (the platform's, by name), as small tiles that open the game (for
 * money when logged in, for fun for a guest). The first few show; the rest under "Vis alle N
 * spil", a disclosure that works without script.
 */
export function FeedingGames({
  games,
  count,
  jackpotName,
  headingId,
  t,
}: {
  games: readonly { id: string; name: string }[];
  count: number;
  jackpotName: string;
  headingId: string;
  t: Translate;
}) {
  if (games.length === 0) return null;
  const first = games.slice(0, FIRST_GAMES);
  const rest = games.slice(FIRST_GAMES);
  return (
    <div className={styles.feeding} data-testid="jackpot-games">
      <h3 id={headingId} className={styles.smallHeading}>
        {t('games.jackpot_games_title', { name: jackpotName, count })}
      </h3>
      <ul className={styles.games} aria-labelledby={headingId}>
        {first.map((game) => (
          <FeedingGame key={game.id} game={game} />
        ))}
      </ul>
      {rest.length > 0 ? (
        <details className={styles.moreGames}>
          <summary>{t('games.jackpot_games_more', { count: games.length })}</summary>
          <ul className={styles.games}>
            {rest.map((game) => (
              <FeedingGame key={game.id} game={game} />
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
