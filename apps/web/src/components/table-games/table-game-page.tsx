import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslator } from '@/lib/content';
import { GAME_ID_PATTERN } from '@/lib/game-sessions';
import { loadGame } from '@/lib/games';
import { pickTranslations } from '@/lib/i18n';
import { loginUrlFor } from '@/lib/login-required';
import { loadProfile } from '@/lib/session';
import { loadTableRules } from '@/lib/studio';
import { PLAY_TYPES, type LaunchChoice, type PlayType } from '../game-screen/game-page';
import { GameFavourite } from '../game-screen/game-favourite';
import styles from '../game-screen/game-screen.module.css';
import { TableRulesPanel } from './table-rules-panel';
import { TableScreen } from './table-screen';
import { TABLE_TEXT_KEYS } from './text-keys';

/** The table games' lists and launch routes (issue 24): the lobby, and play for fun or for money. */
export const TABLE_GAMES_PATH = '/bordspil';
export const TABLE_FUN_PATH = '/bordspil/spil-for-sjov';
export const TABLE_MONEY_PATH = '/bordspil/spil-for-penge';

/** A table game's rules, or the 404 page for a malformed or unknown id and for a slot (the studio's GAME_NOT_FOUND). */
async function rulesOr404(gameId: string) {
  if (!GAME_ID_PATTERN.test(gameId)) notFound();
  const rules = await loadTableRules(gameId);
  if (!rules.ok && rules.status === 404) notFound();
  return rules;
}

export async function tableGameMetadata(gameId: string): Promise<Metadata> {
  const rules = GAME_ID_PATTERN.test(gameId) ? await loadTableRules(gameId) : null;
  return { title: rules?.ok ? rules.data.name : undefined, robots: { index: false } };
}

/**
 * A table game's launch route (rendered per visitor, never cached: it depends on the login), as
 * the slot's GamePage: the 404 page for an unknown game, a slot or an unknown play type, login
 * first for a guest who chose money, then the table's screen (roulette, blackjack or video poker),
 * which opens its studio session through /api/spil once it runs in the browser. The rules panel
 * (rules, paytable, RTP) is rendered here, on the server.
 */
export async function TableGamePage({ gameId, choice, path }: { gameId: string; choice: LaunchChoice; path: string }) {
  if (choice.route === 'slot' && !(choice.playType in PLAY_TYPES)) notFound();
  const [rules, profile, t, game] = await Promise.all([
    rulesOr404(gameId),
    loadProfile(),
    getTranslator(),
    // The catalogue's entry gives the table's colours; the game plays without them.
    loadGame(gameId).catch(() => null),
  ]);
  const mode = choice.route === 'slot' ? PLAY_TYPES[choice.playType as PlayType] : profile ? 'real' : 'fun';
  if (mode === 'real' && !profile) redirect(loginUrlFor(path));
  if (!rules.ok) {
    return (
      <div className={styles.screen}>
        <h1>{t('games.board_games_title')}</h1>
        <p role="alert" data-testid="game-launch-error">
          {t('slot_machines.game_error')}
        </p>
      </div>
    );
  }
  return (
    <TableScreen
      gameId={gameId}
      mode={mode}
      rules={rules.data}
      loginAt={profile?.userInfo.lastLogin ?? null}
      colours={game?.ok ? game.data.theme.colours : null}
      lobbyPath={TABLE_GAMES_PATH}
      moneyPath={mode === 'fun' ? `${TABLE_MONEY_PATH}/${gameId}` : null}
      funPath={`${TABLE_FUN_PATH}/${gameId}`}
      texts={pickTranslations(t, TABLE_TEXT_KEYS)}
      barExtra={
        // A logged-in player's heart, as on the lobby tiles (a guest has no favourites).
        profile ? (
          <GameFavourite
            gameId={gameId}
            texts={{
              label: t('slot_machines.favourite_label', { game: rules.data.name }),
              added: t('slot_machines.added_favourite', { game: rules.data.name }),
              removed: t('slot_machines.removed_favourite', { game: rules.data.name }),
              error: t('slot_machines.favourite_error'),
            }}
          />
        ) : null
      }
    >
      <TableRulesPanel rules={rules.data} t={t} />
    </TableScreen>
  );
}
