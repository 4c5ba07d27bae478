import { formatKr } from '@krone/domain';
import { pickTranslations, type Translate } from '../../lib/i18n';
import type { JackpotPool } from '../../lib/jackpots-schema';
import { figuresOf, formatRatePpm, groupPools, jackpotAnchor, type JackpotGroup } from '../../lib/jackpots-view';
import { DropCommitment } from './drop-commitment';
import { FeedingGames } from './feeding-games';
import { HitAnnouncer } from './hit-announcer';
import { JackpotAmount } from './jackpot-amount';
import { JackpotLiveProvider } from './jackpot-live';
import styles from './jackpots.module.css';
import { LastHits } from './last-hits';
import { JACKPOT_LIVE_TEXT_KEYS } from './text-keys';

/** One pool: its amount (live), when it falls at the latest, its seed and rate, its last hits and its next drop's hash. */
function PoolCard({ pool, t }: { pool: JackpotPool; t: Translate }) {
  const headingId = `pool-${pool.id}`;
  return (
    <article
      className={styles.pool}
      aria-labelledby={headingId}
      data-testid="jackpot-pool"
      data-pool-id={pool.id}
      data-tier={pool.tier ?? undefined}
    >
      <h3 id={headingId} className={styles.poolName}>
        {pool.tier ? pool.name : t('games.jackpot_current')}
      </h3>
      <p className={styles.amountLine}>
        <JackpotAmount poolId={pool.id} amountOre={pool.amountOre} className={styles.amount} />
      </p>
      <p className={styles.mustDrop} data-testid="jackpot-cap">
        {t('games.jackpot_must_drop_by', { amount: formatKr(pool.capOre) })}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('games.jackpot_seed')}</dt>
          <dd>{formatKr(pool.seedOre)}</dd>
        </div>
        <div>
          <dt>{t('games.jackpot_rate')}</dt>
          <dd>{t('games.jackpot_rate_value', { rate: formatRatePpm(pool.ratePpm) })}</dd>
        </div>
      </dl>
      <LastHits poolId={pool.id} headingId={`${headingId}-hits`} />
      <DropCommitment poolId={pool.id} initial={pool.drop} />
    </article>
  );
}

/** The feeding titles of a jackpot's pools together (a tiered jackpot's tiers are fed by the same family). */
function feedingOf(group: JackpotGroup) {
  const games = new Map<string, { id: string; name: string }>();
  for (const pool of group.pools) for (const game of pool.games) games.set(game.id, game);
  const list = [...games.values()].sort((a, b) => a.name.localeCompare(b.name, 'da', { numeric: true }));
  return { games: list, count: Math.max(list.length, ...group.pools.map((pool) => pool.gameCount)) };
}

/** One jackpot: its kind and name, the must-drop rule in plain words, its pools (tiers side by side), the titles that feed it. */
function JackpotSection({ group, t }: { group: JackpotGroup; t: Translate }) {
  const { jackpot, pools } = group;
  const anchor = jackpotAnchor(jackpot.id);
  const tiered = jackpot.kind === 'tiered' || pools.length > 1;
  const feeding = feedingOf(group);
  const network = pools[0]!;
  return (
    <section id={anchor} className={styles.jackpot} aria-labelledby={`${anchor}-name`} data-testid="jackpot" data-jackpot-id={jackpot.id}>
      <header className={styles.jackpotHead}>
        <span className={styles.kind}>
          {tiered ? t('games.jackpot_kind_tiered', { count: pools.length }) : t('games.jackpot_kind_network')}
        </span>
        <h2 id={`${anchor}-name`}>{jackpot.name}</h2>
        <p className={styles.rule}>
          {tiered
            ? t('games.jackpot_rule_tiered')
            : t('games.jackpot_rule', { seed: formatKr(network.seedOre), cap: formatKr(network.capOre) })}
        </p>
      </header>
      <div className={tiered ? styles.tierGrid : styles.single}>
        {pools.map((pool) => (
          <PoolCard key={pool.id} pool={pool} t={t} />
        ))}
      </div>
      <FeedingGames games={feeding.games} count={feeding.count} jackpotName={jackpot.name} headingId={`${anchor}-games`} t={t} />
    </section>
  );
}

/**
 * /jackpots' body (issue 26): every jackpot with its pools (a tiered jackpot's mini, midi and maxi
 * grouped under it), each amount ticking live from the stream, its cap, last hits and next drop's
 * commitment, the titles that feed it, and how anyone can check a revealed drop. Everything is
 * the platform's; with no pools, the page says so.
 */
export function JackpotsOverview({ pools, t }: { pools: readonly JackpotPool[]; t: Translate }) {
  const groups = groupPools(pools);
  if (groups.length === 0)
    return (
      <p className={styles.empty} data-testid="jackpots-empty">
        {t('games.jackpots_empty')}
      </p>
    );
  const hits = Object.fromEntries(pools.map((pool) => [pool.id, pool.lastHits]));
  return (
    <JackpotLiveProvider figures={figuresOf(pools)} hits={hits} texts={pickTranslations(t, JACKPOT_LIVE_TEXT_KEYS)}>
      <HitAnnouncer />
      {groups.map((group) => (
        <JackpotSection key={group.jackpot.id} group={group} t={t} />
      ))}
      <section className={styles.howTo} aria-labelledby="jackpots-check">
        <h2 id="jackpots-check">{t('games.jackpot_check_title')}</h2>
        <p>{t('games.jackpot_check_text')}</p>
        <p>
          <code>{t('games.jackpot_check_format')}</code>
        </p>
        <p>{t('games.jackpot_check_tool')}</p>
      </section>
    </JackpotLiveProvider>
  );
}
