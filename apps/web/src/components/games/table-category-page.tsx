import type { Metadata } from 'next';
import { getTranslator } from '@/lib/content';
import { toTileGame } from '@/lib/game-types';
import { loadTableCatalogue, loadTableCategories } from '@/lib/games';
import { seoMetadata } from '@/lib/seo';
import { gamesOfCategory, TABLE_CATEGORY_PAGES, TABLE_LOBBY_PATH, type TableCategoryId } from '@/lib/table-games';
import { GameGrid } from './game-tile';
import styles from './games.module.css';
import { LobbyShell } from './lobby-shell';
import { TableNav } from './table-nav';

/** A category's name: the operator's (`BordspilCategory`), or the dictionary's when the config has none. */
async function categoryTexts(categoryId: TableCategoryId) {
  const [t, categories] = await Promise.all([getTranslator(), loadTableCategories()]);
  const page = TABLE_CATEGORY_PAGES[categoryId];
  const name = categories.find((category) => category.id === categoryId)?.name ?? t(page.key);
  return { t, categories, name, intro: t(page.introKey) };
}

export async function tableCategoryMetadata(categoryId: TableCategoryId): Promise<Metadata> {
  const { name, intro } = await categoryTexts(categoryId);
  return seoMetadata('bordspil', { title: name, description: intro });
}

/**
 * A table category's page (/bordspil/roulette, /bordspil/blackjack, /bordspil/video-poker; spec §2):
 * that category's titles by name, the table games' navigation above them. Cached as the lobby.
 */
export async function TableCategoryPage({ categoryId }: { categoryId: TableCategoryId }) {
  const [{ t, categories, name, intro }, answer] = await Promise.all([categoryTexts(categoryId), loadTableCatalogue(categoryId)]);
  const games = answer.ok ? gamesOfCategory(answer.data.items.map(toTileGame), categoryId) : [];
  return (
    <LobbyShell
      t={t}
      nav={<TableNav categories={categories} current={`${TABLE_LOBBY_PATH}/${categoryId}`} t={t} />}
      title={name}
      intro={intro}
    >
      {!answer.ok ? (
        <p className={styles.empty} role="alert">
          {t('slot_machines.list_error')}
        </p>
      ) : games.length === 0 ? (
        <p className={styles.empty}>{t('games.category_empty')}</p>
      ) : (
        <GameGrid games={games} t={t} />
      )}
    </LobbyShell>
  );
}
