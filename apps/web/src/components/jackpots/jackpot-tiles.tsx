import { formatKr } from '@krone/domain';
import Link from 'next/link';
import type { Translate } from '../../lib/i18n';
import type { JackpotPool } from '../../lib/jackpots-schema';
import { figuresOf, groupPools, JACKPOTS_PATH, jackpotHref } from '../../lib/jackpots-view';
import { JackpotAmount } from './jackpot-amount';
import { JackpotLiveProvider } from './jackpot-live';
import styles from './jackpots.module.css';

/**
 * The jackpots as tiles (the start page's and the slot lobby's row, issue 26): one per jackpot, its
 * pools' amounts ticking live (a network jackpot's one amount large, a tiered jackpot's tiers one
 * a line) and when it falls at the latest, each tile a link to its part of /jackpots. Only the
 * platform's pools and figures; no tiles when there are none.
 */
export function JackpotTiles({ pools, t, id }: { pools: readonly JackpotPool[]; t: Translate; id: string }) {
  const groups = groupPools(pools);
  if (groups.length === 0) return null;
  return (
    <section className={styles.tilesRow} aria-labelledby={id} data-testid="jackpot-tiles">
      <div className="section-head">
        <h2 id={id}>{t('games.jackpots_title')}</h2>
        <Link href={JACKPOTS_PATH} prefetch={false} aria-label={t('slot_machines.see_all_named', { name: t('games.jackpots_title') })}>
          {t('slot_machines.see_all')}
        </Link>
      </div>
      <JackpotLiveProvider figures={figuresOf(pools)} texts={{}}>
        <ul className={styles.tiles}>
          {groups.map(({ jackpot, pools: tiers }) => (
            <li key={jackpot.id} className={styles.tile} data-testid="jackpot-tile" data-jackpot-id={jackpot.id}>
              <span className={styles.kind}>
                {jackpot.kind === 'network' ? t('games.jackpot_kind_network') : t('games.jackpot_kind_tiered', { count: tiers.length })}
              </span>
              <h3 className={styles.tileName}>
                <a href={jackpotHref(jackpot.id)} className={styles.tileLink}>
                  {jackpot.name}
                </a>
              </h3>
              {jackpot.kind === 'network' && tiers.length === 1 ? (
                <>
                  <JackpotAmount poolId={tiers[0]!.id} amountOre={tiers[0]!.amountOre} className={styles.tileAmount} />
                  <span className={styles.tileCap}>{t('games.jackpot_must_drop_by', { amount: formatKr(tiers[0]!.capOre) })}</span>
                </>
              ) : (
                <dl className={styles.tiers}>
                  {tiers.map((pool) => (
                    <div key={pool.id}>
                      <dt>{pool.name}</dt>
                      <dd>
                        <JackpotAmount poolId={pool.id} amountOre={pool.amountOre} className={styles.tierAmount} />
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          ))}
        </ul>
      </JackpotLiveProvider>
    </section>
  );
}
