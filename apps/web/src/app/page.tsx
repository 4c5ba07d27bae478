import { formatDateDa } from '@krone/domain';
import Link from 'next/link';
import { CampaignCard, NewsCard } from '@/components/content/cards';
import { BannerView } from '@/components/content/banner-view';
import { Icon } from '@/components/icons';
import { WELCOME_BLOCK_TEXT_KEYS } from '@/components/players/text-keys';
import { WelcomeBlock } from '@/components/players/welcome-block';
import { GameTexts } from '@/components/games/game-texts';
import { JackpotTiles } from '@/components/jackpots/jackpot-tiles';
import { WinnersStrip } from '@/components/winners/winners-strip';
import { GameRow } from '@/components/games/game-tile';
import { NewestAndPopularRows } from '@/components/games/lobby-rows';
import { GAME_TEXT_KEYS } from '@/components/games/text-keys';
import { toTileGame } from '@/lib/game-types';
import { loadLobby } from '@/lib/games';
import { loadJackpots } from '@/lib/jackpots';
import { loadLiveCatalogue } from '@/lib/live';
import { LIVE_LOBBY_PATH } from '@/lib/live-casino';
import { TABLE_LOBBY_PATH } from '@/lib/table-games';
import { bannersAt, readBanners } from '@/lib/banners';
import { isBuiltRoute, withBuiltLinks } from '@/lib/built-routes';
import { pickTranslations } from '@/lib/i18n';
import { getCampaigns, getMainContent, getNewsList, getTranslator } from '@/lib/content';
import { seoMetadata } from '@/lib/seo';
import { loadWinners, WINNERS_STRIP_SIZE } from '@/lib/winners';

// The jackpot tiles' and the new winners' figures are read a few seconds old (lib/jackpots.ts), which Next takes as the page's.
export const revalidate = 60;
export const generateMetadata = () => seoMetadata('seo_home');

interface HomeContent {
  /** The banners (lib/banners.ts); `banner` is the older single one. */
  banners?: unknown;
  banner?: unknown;
  categories?: { title: string; text: string; url: string; icon: string }[];
  responsible?: { title: string; text: string; ctaText: string; ctaUrl: string };
  newsCount?: number;
  campaignCount?: number;
}

export default async function HomePage() {
  const [t, home] = await Promise.all([getTranslator(), getMainContent<HomeContent>('home')]);
  const [news, campaigns, lobby, live, jackpots, winners] = await Promise.all([
    getNewsList({ PageSize: home.newsCount ?? 4, CurrentPage: 1 }),
    getCampaigns(),
    loadLobby(),
    loadLiveCatalogue(),
    loadJackpots(),
    loadWinners(WINNERS_STRIP_SIZE),
  ]);
  // Only slides and cards whose link leads to a page this build has (lib/built-routes.ts).
  const banners = readBanners(home);
  const [opening, ...moreCenter] = bannersAt(banners, 'center');
  const pair = [...bannersAt(banners, 'left'), ...bannersAt(banners, 'right')];
  const categories = withBuiltLinks(home.categories, (category) => category.url);
  const runningCampaigns = campaigns.filter((campaign) => campaign.active).slice(0, home.campaignCount ?? 3);

  return (
    <>
      {opening ? <BannerView banner={opening} t={t} opening /> : <h1>{t('seo.default_title')}</h1>}
      {moreCenter.map((banner, i) => (
        <div className="section" key={i}>
          <BannerView banner={banner} t={t} />
        </div>
      ))}

      <WelcomeBlock texts={pickTranslations(t, WELCOME_BLOCK_TEXT_KEYS)} />

      {pair.length > 0 ? (
        <div className="section banner-pair" data-testid="banner-pair">
          {pair.map((banner, i) => (
            <BannerView key={i} banner={banner} t={t} half />
          ))}
        </div>
      ) : null}

      {/* The jackpots (issue 26), their amounts live; none when the platform has none or does not answer. */}
      {jackpots.ok ? <JackpotTiles pools={jackpots.data.pools} t={t} id="home-jackpots" /> : null}

      {lobby.ok ? (
        <GameTexts texts={pickTranslations(t, GAME_TEXT_KEYS)}>
          {/* The operator's own rows (the back office's lobby categories), in their order, before the computed ones. */}
          {lobby.data.featured.map((row) => (
            <GameRow key={row.slug} id={`home-row-${row.slug}`} title={row.name} games={row.games.map(toTileGame)} t={t} />
          ))}
          <NewestAndPopularRows
            lobby={lobby.data}
            t={t}
            ids={{ newest: 'home-new-games', popular: 'home-popular-games' }}
            popularSeeAll={{ href: '/spilleautomater', name: t('slot_machines.title') }}
          />
          {/* The table games (issue 24), in their categories' order, all of them at /bordspil. */}
          <GameRow
            id="home-table-games"
            title={t('games.board_games_title')}
            games={lobby.data.tables.map(toTileGame)}
            t={t}
            seeAll={{ href: TABLE_LOBBY_PATH }}
          />
          {/* The live tables (issue 25), each to its table for money; their live state is on /live-casino. */}
          <GameRow
            id="home-live-casino"
            title={t('games.live_casino_title')}
            games={live.ok ? live.data.items.map(toTileGame) : []}
            t={t}
            seeAll={{ href: LIVE_LOBBY_PATH }}
          />
        </GameTexts>
      ) : null}

      {bannersAt(banners, 'between').map((banner, i) => (
        <div className="section" key={i} data-testid="banner-between">
          <BannerView banner={banner} t={t} />
        </div>
      ))}

      {/* The new winners (issue 26): real wins of settled rounds, live; not shown when the platform does not answer. */}
      {winners.ok ? <WinnersStrip winners={winners.data.items} limit={WINNERS_STRIP_SIZE} t={t} id="home-winners-title" /> : null}

      {categories.length ? (
        <section className="section" aria-labelledby="home-categories">
          <h2 id="home-categories">{t('games.categories')}</h2>
          <ul className="category-grid">
            {categories.map((category) => (
              <li key={category.url}>
                <Link href={category.url} prefetch={false}>
                  <Icon name={category.icon} size={28} />
                  <strong>{category.title}</strong>
                  <span>{category.text}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {runningCampaigns.length > 0 ? (
        <section className="section" aria-labelledby="home-campaigns">
          <div className="section-head">
            <h2 id="home-campaigns">{t('campaign.title')}</h2>
            <Link href="/kampagner">{t('campaign.see_all')}</Link>
          </div>
          <ul className="card-grid">
            {runningCampaigns.map((item) => (
              <li key={item.campaignId}>
                <CampaignCard
                  item={item}
                  headingLevel={3}
                  readMore={t('campaign.read_more')}
                  validUntil={t('campaign.valid_until', { date: formatDateDa(item.endsAt) })}
                  endedLabel={t('campaign.expired')}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {news.data.length > 0 ? (
        <section className="section" aria-labelledby="home-news">
          <div className="section-head">
            <h2 id="home-news">{t('news.latest')}</h2>
            <Link href="/nyheder">{t('news.see_all')}</Link>
          </div>
          <ul className="card-grid">
            {news.data.map((item) => (
              <li key={item.newsId}>
                <NewsCard item={item} headingLevel={3} readMore={t('news.read_more')} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {home.responsible ? (
        <section className="section panel" aria-labelledby="home-responsible">
          <h2 id="home-responsible">{home.responsible.title}</h2>
          <p>{home.responsible.text}</p>
          {isBuiltRoute(home.responsible.ctaUrl) ? (
            <Link href={home.responsible.ctaUrl} className="btn btn-outline" prefetch={false}>
              {home.responsible.ctaText}
            </Link>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
