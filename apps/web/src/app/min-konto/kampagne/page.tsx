import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { ClaimOffer } from '@/components/offers/claim-offer';
import { CLAIM_TEXT_KEYS } from '@/components/offers/text-keys';
import { PlayerOffersView } from '@/components/offers/player-offers';
import styles from '@/components/players/players.module.css';
import { getCampaigns, getTranslator } from '@/lib/content';
import { pickTranslations } from '@/lib/i18n';
import { loginUrlFor } from '@/lib/login-required';
import { OFFERS_PATH } from '@/lib/offer-rules';
import { loadGameLinks, loadPlayerOffers } from '@/lib/offers';
import { loadServerTime } from '@/lib/server-time';
import { sessionToken } from '@/lib/session';

export const metadata: Metadata = { robots: { index: false } };

/** The campaigns' titles by slug, for the headings; without them the codes name the offers. */
const loadTitles = () =>
  getCampaigns().then(
    (campaigns) => new Map(campaigns.map((campaign) => [campaign.slug, campaign.title])),
    () => new Map<string, string>(),
  );

/**
 * /min-konto/kampagne (login required; the spec's account page "kampagne"): the player's open bonus
 * with its terms and where its wagering and free rounds stand, the campaigns' offers they may
 * claim ("Hent tilbud", to the deposit with the code chosen) or why not, and their ended bonuses.
 * Rendered on the server for the player, never cached.
 */
export default async function OffersPage() {
  const token = await sessionToken();
  if (!token) redirect(loginUrlFor(OFFERS_PATH));
  const [t, answer, time, titles] = await Promise.all([getTranslator(), loadPlayerOffers(token), loadServerTime(), loadTitles()]);
  if (!answer.ok && answer.status === 401) redirect(loginUrlFor(OFFERS_PATH));
  const games = answer.ok ? await loadGameLinks(answer.data.active.flatMap((bonus) => bonus.freeRounds?.gameIds ?? [])) : new Map();
  const claimTexts = pickTranslations(t, CLAIM_TEXT_KEYS);

  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <h1 className={styles.title}>{t('campaign.my_campaigns_title')}</h1>
      <p className={styles.intro}>{t('campaign.my_offers_intro')}</p>
      {answer.ok ? (
        <PlayerOffersView
          offers={answer.data}
          games={games}
          titles={titles}
          now={time.now}
          t={t}
          claim={(offer) => <ClaimOffer code={offer.code} returnPath={OFFERS_PATH} texts={claimTexts} player />}
        />
      ) : (
        <p className={styles.alert} role="alert" data-testid="offers-error">
          {t('campaign.offers_error')}
        </p>
      )}
    </div>
  );
}
