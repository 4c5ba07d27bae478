import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslator } from '@/lib/content';
import { toTileGame } from '@/lib/game-types';
import { pickTranslations } from '@/lib/i18n';
import { loadLiveCatalogue, loadLiveCategories, loadLiveLobby } from '@/lib/live';
import {
  groupLiveTables,
  LIVE_ALL_CATEGORY,
  LIVE_CATEGORY_PAGES,
  LIVE_LOBBY_PATH,
  liveCategoryHref,
  liveTablesOfCategory,
  tablesByGame,
  type LiveCategoryId,
} from '@/lib/live-casino';
import { seoMetadata } from '@/lib/seo';
import styles from '../games/games.module.css';
import { LobbyShell } from '../games/lobby-shell';
import { LiveLobbyProvider } from './live-lobby-provider';
import { LiveNav } from './live-nav';
import { LiveTableGrid } from './live-table-tile';
import { LIVE_TILE_TEXT_KEYS } from './text-keys';

/** The live tables and their state now: the catalogue's tables (pictures, names, returns) and the lobby's live part. */
async function loadLivePage(category?: Exclude<LiveCategoryId, 'live-casino'>) {
  const [t, categories, answer, lobby] = await Promise.all([
    getTranslator(),
    loadLiveCategories(),
    loadLiveCatalogue(category),
    loadLiveLobby(),
  ]);
  return { t, categories, answer, lobby, tables: tablesByGame(lobby) };
}

/**
 * /live-casino (spec §2, issue 25): every live table grouped by the categories of `LiveCategories`
 * in their order (its all-tables entry is the page /live/live-casino, no group), each group headed
 * by its name with a link to its page. Each tile shows the table's live state, server-rendered and
 * then followed from the lobby stream. The same for everyone, cached a few seconds.
 */
export async function LiveLobbyPage() {
  const { t, categories, answer, lobby, tables } = await loadLivePage();
  const groups = answer.ok ? groupLiveTables(answer.data.items.map(toTileGame), categories) : [];
  return (
    <LobbyShell
      t={t}
      nav={<LiveNav categories={categories} current={LIVE_LOBBY_PATH} t={t} />}
      title={t('games.live_casino_title')}
      intro={t('games.live_casino_intro')}
    >
      <LiveLobbyProvider initial={lobby} texts={pickTranslations(t, LIVE_TILE_TEXT_KEYS)}>
        {!answer.ok ? (
          <p className={styles.empty} role="alert">
            {t('slot_machines.list_error')}
          </p>
        ) : groups.length === 0 ? (
          <p className={styles.empty}>{t('games.category_empty')}</p>
        ) : (
          groups.map(({ category, games }, index) => {
            const href = liveCategoryHref(category);
            const id = `live-${category.id}`;
            return (
              <section key={category.id} className={styles.row} aria-labelledby={id} data-testid={`live-group-${category.id}`}>
                <div className="section-head">
                  <h2 id={id}>{category.name}</h2>
                  {href ? (
                    <Link href={href} prefetch={false} aria-label={t('slot_machines.see_all_named', { name: category.name })}>
                      {t('slot_machines.see_all')}
                    </Link>
                  ) : null}
                </div>
                {/* The first group is a phone's first screen: its pictures load at once. */}
                <LiveTableGrid games={games} tables={tables} t={t} eagerCount={index === 0 ? 2 : 0} />
              </section>
            );
          })
        )}
      </LiveLobbyProvider>
    </LobbyShell>
  );
}

/** A category's name (the operator's, `LiveCategories`, or the dictionary's) and intro. */
async function categoryTexts(categoryId: LiveCategoryId) {
  const [t, categories] = await Promise.all([getTranslator(), loadLiveCategories()]);
  const page = LIVE_CATEGORY_PAGES[categoryId];
  const name = categories.find((category) => category.id === categoryId)?.name ?? t(page.key);
  return { name, intro: t(page.introKey) };
}

export async function liveCategoryMetadata(categoryId: LiveCategoryId): Promise<Metadata> {
  const { name, intro } = await categoryTexts(categoryId);
  return seoMetadata('live-casino', { title: name, description: intro });
}

/**
 * A live category's page (/live/live-casino: every table; /live/live-roulette, /live/live-blackjack,
 * /live/andre-live-spil: that category's), the live casino's navigation above it. Cached as the lobby.
 */
export async function LiveCategoryPage({ categoryId }: { categoryId: LiveCategoryId }) {
  const [{ name, intro }, { t, categories, answer, lobby, tables }] = await Promise.all([
    categoryTexts(categoryId),
    loadLivePage(categoryId === LIVE_ALL_CATEGORY ? undefined : categoryId),
  ]);
  const games = answer.ok ? liveTablesOfCategory(answer.data.items.map(toTileGame), categoryId) : [];
  return (
    <LobbyShell t={t} nav={<LiveNav categories={categories} current={`/live/${categoryId}`} t={t} />} title={name} intro={intro}>
      <LiveLobbyProvider initial={lobby} texts={pickTranslations(t, LIVE_TILE_TEXT_KEYS)}>
        {!answer.ok ? (
          <p className={styles.empty} role="alert">
            {t('slot_machines.list_error')}
          </p>
        ) : games.length === 0 ? (
          <p className={styles.empty}>{t('games.category_empty')}</p>
        ) : (
          <LiveTableGrid games={games} tables={tables} t={t} eagerCount={2} />
        )}
      </LiveLobbyProvider>
    </LobbyShell>
  );
}
