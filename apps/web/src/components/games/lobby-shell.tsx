import { pickTranslations, type Translate } from '@/lib/i18n';
import { GameSearch } from './game-search';
import { GameTexts } from './game-texts';
import styles from './games.module.css';
import { LobbyNav, type LobbyPage } from './lobby-nav';
import { GAME_TEXT_KEYS } from './text-keys';

/**
 * The frame of every games list page: its heading and intro, the search box, and the pages'
 * navigation: the slot pages' (`current` marked) unless a page gives its own (`nav`: the table games').
 */
export function LobbyShell({
  t,
  current,
  nav,
  title,
  intro,
  search = { mode: 'suggest' },
  children,
}: {
  t: Translate;
  title: string;
  intro?: string;
  search?: { mode: 'suggest' | 'navigate'; initial?: string };
  children: React.ReactNode;
} & ({ current: LobbyPage; nav?: undefined } | { current?: undefined; nav: React.ReactNode })) {
  return (
    <GameTexts texts={pickTranslations(t, GAME_TEXT_KEYS)}>
      <div className={styles.lobbyHead}>
        <div>
          <h1>{title}</h1>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
        </div>
        <GameSearch mode={search.mode} initial={search.initial} />
      </div>
      {nav ?? (current ? <LobbyNav current={current} t={t} /> : null)}
      {children}
    </GameTexts>
  );
}
