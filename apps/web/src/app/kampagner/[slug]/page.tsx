import { CampaignArticle, CampaignCta } from '@/components/content/campaign-article';
import { notFound } from 'next/navigation';
import { ClaimOffer } from '@/components/offers/claim-offer';
import { CLAIM_TEXT_KEYS } from '@/components/offers/text-keys';
import { OfferTerms } from '@/components/offers/offer-terms';
import offerStyles from '@/components/offers/offers.module.css';
import { ContentMissing, getCampaign, getTranslator, isSlug } from '@/lib/content';
import { pickTranslations } from '@/lib/i18n';
import { campaignHref } from '@/lib/offer-rules';
import { loadGameLinks, loadPublicOffers } from '@/lib/offers';
import { TOURNAMENT_TEXT_KEYS } from '@/components/tournaments/text-keys';
import { TournamentBoard } from '@/components/tournaments/tournament-board';
import { loadTournaments } from '@/lib/tournaments';
import { seoMetadata } from '@/lib/seo';

export const revalidate = 60;
export const dynamicParams = true;
export const generateStaticParams = async () => [];

type Props = { params: Promise<{ slug: string }> };

async function loadCampaign(slug: string) {
  if (!isSlug(slug)) notFound();
  try {
    return await getCampaign(slug);
  } catch (error) {
    if (error instanceof ContentMissing && error.status < 500) notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: Props) {
  const { slug } = await params;
  if (!isSlug(slug)) return {};
  try {
    const item = await getCampaign(slug);
    return seoMetadata(`kampagner/${slug}`, { title: item.title, description: item.subLine });
  } catch {
    return {};
  }
}

/** The campaign's offer (its bonus code), when the platform has one valid now; a campaign page shows without it otherwise. */
async function loadOffer(slug: string) {
  const offers = await loadPublicOffers();
  return offers.ok ? offers.data.offers.find((offer) => offer.campaignSlug === slug) : undefined;
}

/** The campaign's tournament (issue 27), when the platform runs one for it, with its titles' names and links. */
async function loadTournament(slug: string) {
  const answer = await loadTournaments();
  const tournament = answer.ok ? answer.data.tournaments.find((entry) => entry.campaignSlug === slug) : undefined;
  if (!tournament) return null;
  const links = await loadGameLinks(tournament.rule.gameIds);
  return { tournament, games: Object.fromEntries([...links].map(([id, link]) => [id, { name: link.name, href: link.href }])) };
}

/**
 * A campaign on its own page: the header and wallpaper stay hidden here (spec §2). A campaign with
 * an offer (issue 27) shows its key terms beside "Hent tilbud" (for a guest "Log ind" and "Opret
 * konto") in the content's call to action's place; a tournament's campaign its board ("Tilmeld
 * dig", its live leaderboard). The page stays one cached page for everyone, and the browser tells a
 * player from a guest (the board asks for the player's own view once shown).
 */
export default async function CampaignPage({ params }: Props) {
  const { slug } = await params;
  const [item, t, offer, tournament] = await Promise.all([loadCampaign(slug), getTranslator(), loadOffer(slug), loadTournament(slug)]);
  const action =
    item.active && offer ? (
      <section className={offerStyles.campaignOffer} aria-labelledby="campaign-offer-title" data-testid="campaign-offer">
        <h2 id="campaign-offer-title">{t('campaign.offer_title')}</h2>
        <OfferTerms offer={offer} t={t} />
        <ClaimOffer code={offer.code} returnPath={campaignHref(slug)} texts={pickTranslations(t, CLAIM_TEXT_KEYS)} />
      </section>
    ) : item.active && tournament ? (
      <TournamentBoard
        initial={tournament.tournament}
        texts={pickTranslations(t, TOURNAMENT_TEXT_KEYS)}
        games={tournament.games}
        returnPath={campaignHref(slug)}
      />
    ) : item.active ? (
      <CampaignCta item={item} />
    ) : null;
  return <CampaignArticle item={item} t={t} action={action} />;
}
