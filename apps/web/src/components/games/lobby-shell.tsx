import { pickTranslations, type Translate } from '@/lib/i18n';
import { GameSearch } from './game-search';
import { GameTexts } from './game-texts';
import styles from './games.module.css';
import { LobbyNav, type LobbyPage } from './lobby-nav';
import { GAME_TEXT_KEYS } from './text-keys';

/** The frame of every slot page: its heading and intro, the search box, the slot pages' navigation. */
export function LobbyShell({
  t,
  current,
  title,
  intro,
  search = { mode: 'suggest' },
  children,
}: {
  t: Translate;
  current: LobbyPage;
  title: string;
  intro?: string;
  search?: { mode: 'suggest' | 'navigate'; initial?: string };
  children: React.ReactNode;
}) {
  return (
    <GameTexts texts={pickTranslations(t, GAME_TEXT_KEYS)}>
      <div className={styles.lobbyHead}>
        <div>
          <h1>{title}</h1>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
        </div>
        <GameSearch mode={search.mode} initial={search.initial} />
      </div>
      <LobbyNav current={current} t={t} />
      {children}
    </GameTexts>
  );
}
