// Relative imports: the unit test (free-rounds.test.tsx) runs under vitest, which has no '@/' alias.
import { formatKr } from '@krone/domain';
import type { Translate } from '../../lib/i18n';
import type { StudioSession } from '../../lib/studio-schemas';
import styles from './game-screen.module.css';

export type FreeRoundsOffer = NonNullable<StudioSession['freeRounds']>;
/** What the player's free rounds came to once the last was played (issue 27). */
export type FreeRoundsDone = { roundsTotal: number; wonOre: number };

/**
 * The free rounds a player has on this title (issue 27), in the stake selector's place: the
 * stake they are played at (fixed: no choice), how many are left of how many, and what they have
 * won so far (paid into the bonus balance with the offer's wagering).
 */
export function FreeRoundsStake({ offer, t }: { offer: FreeRoundsOffer; t: Translate }) {
  return (
    <div className={styles.freeRounds} role="group" aria-label={t('slot_machines.free_rounds_title')} data-testid="game-free-rounds">
      <output className={styles.stakeValue} data-testid="game-stake">
        <span className={styles.stakeLabel}>{t('slot_machines.free_rounds_stake')}</span>
        {formatKr(offer.stakeOre)}
      </output>
      <p className={styles.freeRoundsCount}>
        <strong>{t('slot_machines.free_rounds_title')}</strong>{' '}
        <span data-testid="game-free-rounds-left" data-left={offer.roundsLeft}>
          {t('slot_machines.free_rounds_left', { left: String(offer.roundsLeft), total: String(offer.roundsTotal) })}
        </span>
        {offer.wonOre > 0 ? (
          <span className={styles.freeRoundsWon}> · {t('slot_machines.free_rounds_won', { amount: formatKr(offer.wonOre) })}</span>
        ) : null}
      </p>
    </div>
  );
}

/** The free rounds' total once the last is played: what they won, where it went, and where the offer's terms stand. */
export function FreeRoundsSummary({ done, t }: { done: FreeRoundsDone; t: Translate }) {
  return (
    <p className={styles.freeRoundsDone} role="status" data-testid="game-free-rounds-done" data-won-ore={done.wonOre}>
      {t('slot_machines.free_rounds_done', { total: String(done.roundsTotal), amount: formatKr(done.wonOre) })}{' '}
      <a href="/min-konto/kampagne">{t('slot_machines.free_rounds_offers_link')}</a>
    </p>
  );
}

/** The free rounds' total after a round, when it was the last of its grant; else null. */
export function freeRoundsDoneAfter(round: { freeRound?: { roundsLeft: number; roundsTotal: number; wonOre: number } | null }) {
  const free = round.freeRound;
  return free && free.roundsLeft === 0 ? { roundsTotal: free.roundsTotal, wonOre: free.wonOre } : null;
}
