import { redirect } from 'next/navigation';
import { ListPagination } from '@/components/content/pagination';
import { CatalogueFilters } from '@/components/games/catalogue-filters';
import { GameGrid } from '@/components/games/game-tile';
import styles from '@/components/games/games.module.css';
import { LobbyShell } from '@/components/games/lobby-shell';
import { getTranslator } from '@/lib/content';
import { toTileGame } from '@/lib/game-types';
import { loadCatalogue } from '@/lib/games';
import { catalogueHref, CATALOGUE_PATH, readCatalogueQuery } from '@/lib/games-query';
import { seoMetadata } from '@/lib/seo';

export const generateMetadata = () => seoMetadata('spilleautomater');

type Search = Promise<Record<string, string | string[] | undefined>>;

/** The address the page was asked for, its query in the order given. */
function addressOf(search: Record<string, string | string[] | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) for (const one of [value ?? ''].flat()) params.append(name, one);
  const query = params.toString();
  return query ? `${CATALOGUE_PATH}?${query}` : CATALOGUE_PATH;
}

/**
 * /alle-spil: every title, 24 a page, filtered by studio, volatility and feature and sorted, all
 * from the address (a GET form and page links): each page is rendered on the server from the
 * platform's cached answer, so a phone never receives or filters the whole catalogue.
 */
export default async function AllGamesPage({ searchParams }: { searchParams: Search }) {
  const search = await searchParams;
  const query = readCatalogueQuery(search);
  // One address per list: the filter form's empty and default fields (and anything unknown) are
  // left out, so the same list is one cache entry and one link to share.
  const canonical = catalogueHref(query, { page: query.page });
  if (canonical !== addressOf(search)) redirect(canonical);
  const [t, answer] = await Promise.all([getTranslator(), loadCatalogue(query)]);
  return (
    <LobbyShell t={t} current={CATALOGUE_PATH} title={t('slot_machines.all_games')} intro={t('slot_machines.all_games_intro')}>
      {!answer.ok ? (
        <p className={styles.empty} role="alert">
          {t('slot_machines.list_error')}
        </p>
      ) : (
        <>
          <CatalogueFilters query={query} facets={answer.data.facets} t={t} />
          <p className={styles.summary} data-testid="catalogue-count" aria-live="polite">
            {t('slot_machines.showing', {
              shown: `${Math.min(answer.data.total, (answer.data.page - 1) * answer.data.pageSize + 1)}–${Math.min(answer.data.total, answer.data.page * answer.data.pageSize)}`,
              total: answer.data.total,
            })}
          </p>
          {answer.data.items.length === 0 ? (
            <p className={styles.empty}>{t('slot_machines.filter_empty')}</p>
          ) : (
            <GameGrid games={answer.data.items.map(toTileGame)} t={t} />
          )}
          <ListPagination
            list={answer.data}
            basePath={CATALOGUE_PATH}
            hrefFor={(n) => catalogueHref(query, { page: n })}
            nav={t('slot_machines.pagination_label')}
            t={t}
          />
        </>
      )}
    </LobbyShell>
  );
}
