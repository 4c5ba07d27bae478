// Relative imports: the unit test (offers.test.tsx) runs under vitest, which has no '@/' alias.
import { formatDateDa, formatKr } from '@krone/domain';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { playHref } from '../../lib/game-types';
import type { Translate } from '../../lib/i18n';
import { campaignHref, expiryText, KIND_KEYS, OUTCOME_KEYS, refusalLines, wageringShare, type GameLink } from '../../lib/offer-rules';
import type { AvailableOffer, PlayerBonus, PlayerOffers } from '../../lib/platform-types';
import cards from '../players/players.module.css';
import { OfferTerms } from './offer-terms';
import styles from './offers.module.css';

/** The general bonus terms, for a bonus whose code names no campaign. */
const BONUS_TERMS_PATH = '/contents/bonusvilkaar';

interface Shared {
  t: Translate;
  /** Campaign slug → its title (the content's), for the headings; a bonus without one is named by its code. */
  titles: ReadonlyMap<string, string>;
}

const titleOf = (entry: { code: string; campaignSlug: string | null }, titles: ReadonlyMap<string, string>) =>
  (entry.campaignSlug && titles.get(entry.campaignSlug)) || entry.code;

function Heading({ entry, t, titles }: Shared & { entry: { kind: PlayerBonus['kind']; code: string; campaignSlug: string | null } }) {
  return (
    <>
      <h3>
        <span className={styles.kind}>{t(KIND_KEYS[entry.kind])}</span> · {titleOf(entry, titles)}
      </h3>
      <p className={styles.muted}>{t('campaign.offer_code', { code: entry.code })}</p>
    </>
  );
}

function TermsLink({ slug, t }: { slug: string | null; t: Translate }) {
  return (
    <p>
      <Link href={slug ? campaignHref(slug) : BONUS_TERMS_PATH} prefetch={false} data-testid="offer-terms-link">
        {slug ? t('campaign.terms') : t('condition.bonus_terms_link')}
      </Link>
    </p>
  );
}

/**
 * An open bonus with its terms: the kind, the free rounds left of all at their stake with a link
 * to each title they are played on, the wagering done of what is required (a bar with its share),
 * the maximum bet, the expiry date with the days left, and the campaign's whole terms.
 */
export function ActiveBonus({
  bonus,
  games,
  now,
  t,
  titles,
}: Shared & { bonus: PlayerBonus; games: ReadonlyMap<string, GameLink>; now: string }) {
  const share = wageringShare(bonus);
  const rounds = bonus.freeRounds;
  const wageringId = `offer-wagering-${bonus.id}`;
  const remainingOre = Math.max(0, bonus.wageringRequirementOre - bonus.wageredOre);
  return (
    <li className={styles.offer} data-testid="offer-active" data-code={bonus.code}>
      <Heading entry={bonus} t={t} titles={titles} />
      <dl className={styles.facts}>
        {rounds ? (
          <>
            <dt>{t('campaign.rounds_label')}</dt>
            <dd data-testid="offer-rounds-left" data-left={rounds.roundsLeft}>
              {t('campaign.rounds_left', { left: rounds.roundsLeft, total: rounds.roundsTotal, stake: formatKr(rounds.stakeOre) })}
              {rounds.wonOre > 0 ? ` · ${t('slot_machines.free_rounds_won', { amount: formatKr(rounds.wonOre) })}` : ''}
            </dd>
            <dt>{t('campaign.spin_value')}</dt>
            <dd>{formatKr(bonus.amountOre)}</dd>
          </>
        ) : (
          <>
            <dt>{t('campaign.bonus_label')}</dt>
            <dd>{formatKr(bonus.amountOre)}</dd>
          </>
        )}
        <dt>{t('campaign.max_bet_label')}</dt>
        <dd data-testid="offer-max-bet">{formatKr(bonus.maxBetOre)}</dd>
      </dl>
      <div className={styles.terms}>
        <p id={wageringId}>
          <strong>{t('campaign.wagering_label')}:</strong>{' '}
          {t('condition.wagering_progress', { done: formatKr(bonus.wageredOre), total: formatKr(bonus.wageringRequirementOre) })}
        </p>
        <div
          className={styles.progress}
          role="progressbar"
          aria-labelledby={wageringId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={share}
          aria-valuetext={t('overview.wagering_progress', { percent: share })}
          data-testid="offer-wagering"
        >
          <span className={styles.progressBar} style={{ width: `${share}%` }} />
        </div>
        <p className={styles.conditions}>
          {t('overview.wagering_progress', { percent: share })} · {t('campaign.wagering_left', { amount: formatKr(remainingOre) })}
        </p>
      </div>
      {rounds && rounds.roundsLeft > 0 && rounds.gameIds.length > 0 ? (
        <div className={styles.terms}>
          <p>
            <strong>{t('campaign.rounds_games')}</strong>
          </p>
          <ul className={styles.games} data-testid="offer-games">
            {rounds.gameIds.map((id) => {
              const game = games.get(id);
              return (
                <li key={id}>
                  <Link href={game?.href ?? playHref(id, 'real')} prefetch={false}>
                    {t('campaign.play_game', { name: game?.name ?? id })}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      <p data-testid="offer-expiry">{expiryText(bonus.expiresAt, now, t)}</p>
      <TermsLink slug={bonus.campaignSlug} t={t} />
    </li>
  );
}

/** An offer the player may see: its key terms, and "Hent tilbud" when they may claim it now, else why not. */
export function AvailableOfferItem({ offer, claim, t, titles }: Shared & { offer: AvailableOffer; claim: ReactNode }) {
  return (
    <li className={styles.offer} data-testid="offer-available" data-code={offer.code}>
      <Heading entry={offer} t={t} titles={titles} />
      <OfferTerms offer={offer} t={t} />
      {offer.refusal === null ? (
        claim
      ) : (
        <div className={styles.refusal} data-testid="offer-refusal" data-refusal={offer.refusal}>
          {refusalLines(offer.refusal, offer.window?.opensAt, t).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      <TermsLink slug={offer.campaignSlug} t={t} />
    </li>
  );
}

/** An ended bonus: how it ended (omsat, bortfaldet, udløbet) and when it began and ended. */
export function EndedBonus({ bonus, t, titles }: Shared & { bonus: PlayerBonus }) {
  return (
    <li className={styles.offer} data-testid="offer-ended" data-outcome={bonus.outcome ?? undefined}>
      <Heading entry={bonus} t={t} titles={titles} />
      <p>
        <strong data-testid="offer-outcome">{bonus.outcome ? t(OUTCOME_KEYS[bonus.outcome]) : ''}</strong> ·{' '}
        {t('campaign.ended_dates', { granted: formatDateDa(bonus.grantedAt), ended: formatDateDa(bonus.endedAt ?? bonus.expiresAt) })}
      </p>
    </li>
  );
}

function Section({
  id,
  title,
  empty,
  testId,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  testId: string;
  children: ReactNode[];
}) {
  return (
    <section className={cards.card} aria-labelledby={id} data-testid={testId}>
      <h2 id={id}>{title}</h2>
      {children.length > 0 ? <ul className={styles.list}>{children}</ul> : <p className={styles.muted}>{empty}</p>}
    </section>
  );
}

/**
 * /min-konto/kampagne's three sections: the open bonus ("Aktive"), the offers ("Kan hentes") and
 * the ended bonuses ("Afsluttede"). Figures and dates only: nothing counts down and nothing urges
 * play. `claim` renders the button of an offer the player may claim (a client component).
 */
export function PlayerOffersView({
  offers,
  games,
  now,
  claim,
  t,
  titles,
}: Shared & { offers: PlayerOffers; games: ReadonlyMap<string, GameLink>; now: string; claim: (offer: AvailableOffer) => ReactNode }) {
  return (
    <>
      <Section id="offers-active" title={t('campaign.section_active')} empty={t('campaign.no_active_bonuses')} testId="offers-active">
        {offers.active.map((bonus) => (
          <ActiveBonus key={bonus.id} bonus={bonus} games={games} now={now} t={t} titles={titles} />
        ))}
      </Section>
      <Section
        id="offers-available"
        title={t('campaign.section_available')}
        empty={t('campaign.available_empty')}
        testId="offers-available"
      >
        {offers.available.map((offer) => (
          <AvailableOfferItem key={offer.code} offer={offer} claim={claim(offer)} t={t} titles={titles} />
        ))}
      </Section>
      <Section id="offers-ended" title={t('campaign.section_ended')} empty={t('campaign.ended_empty')} testId="offers-ended">
        {offers.ended.map((bonus) => (
          <EndedBonus key={bonus.id} bonus={bonus} t={t} titles={titles} />
        ))}
      </Section>
    </>
  );
}
