import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslator } from '@/lib/content';
import { GAME_ID_PATTERN } from '@/lib/game-sessions';
import { loadGame } from '@/lib/games';
import { pickTranslations } from '@/lib/i18n';
import { loginUrlFor } from '@/lib/login-required';
import { GAMES_PATH } from '@/lib/built-routes';
import { loadProfile } from '@/lib/session';
import { loadGameRules } from '@/lib/studio';
import { GAME_SCREEN_TEXT_KEYS } from './text-keys';
import { GameFavourite } from './game-favourite';
import { GameScreen } from './game-screen';
import styles from './game-screen.module.css';
import { RulesPanel } from './rules-panel';

export const FUN_PATH = '/spilleautomater/spil-for-sjov';
export const MONEY_PATH = '/spilleautomater/spil-for-penge';

/** The two play types of the slot launch route (spec §2); anything else is a 404. */
export const PLAY_TYPES = { 'spil-for-sjov': 'fun', 'spil-for-penge': 'real' } as const;
export type PlayType = keyof typeof PLAY_TYPES;

/**
 * How a launch route plays: the slot route names its mode; the mobile route (`/mobilspil/{slug}`)
 * plays for money for a logged-in player and for fun for a guest (docs/decisions.md).
 */
export type LaunchChoice = { route: 'slot'; playType: string } | { route: 'mobile' };

/** A game's rules, or the 404 page for a malformed or unknown id (the studio's GAME_NOT_FOUND). */
async function rulesOr404(gameId: string) {
  if (!GAME_ID_PATTERN.test(gameId)) notFound();
  const rules = await loadGameRules(gameId);
  if (!rules.ok && rules.status === 404) notFound();
  return rules;
}

export async function gameMetadata(gameId: string): Promise<Metadata> {
  const rules = GAME_ID_PATTERN.test(gameId) ? await loadGameRules(gameId) : null;
  return { title: rules?.ok ? rules.data.name : undefined, robots: { index: false } };
}

/**
 * A launch route's page (rendered per visitor, never cached: it depends on the login): the 404 page
 * for an unknown game or play type, login first for a guest who chose money (the proxy sends a
 * guest without a session cookie; an ended session is caught here), then the game screen, which
 * opens its studio session through /api/spil once it runs in the browser, so that no page view
 * (a crawler, a prefetch) starts a session.
 */
export async function GamePage({ gameId, choice, path }: { gameId: string; choice: LaunchChoice; path: string }) {
  if (choice.route === 'slot' && !(choice.playType in PLAY_TYPES)) notFound();
  const [rules, profile, t, game] = await Promise.all([
    rulesOr404(gameId),
    loadProfile(),
    getTranslator(),
    // The catalogue's entry gives the title's studio brand and colours; the game plays without them.
    loadGame(gameId).catch(() => null),
  ]);
  const mode = choice.route === 'slot' ? PLAY_TYPES[choice.playType as PlayType] : profile ? 'real' : 'fun';
  if (mode === 'real' && !profile) redirect(loginUrlFor(path));
  if (!rules.ok) {
    return (
      <div className={styles.screen}>
        <h1>{t('slot_machines.title')}</h1>
        <p role="alert" data-testid="game-launch-error">
          {t('slot_machines.game_error')}
        </p>
      </div>
    );
  }
  return (
    <GameScreen
      gameId={gameId}
      mode={mode}
      rules={rules.data}
      loginAt={profile?.userInfo.lastLogin ?? null}
      studio={game?.ok ? game.data.studio : null}
      colours={game?.ok ? game.data.theme.colours : null}
      lobbyPath={GAMES_PATH}
      moneyPath={mode === 'fun' ? `${MONEY_PATH}/${gameId}` : null}
      texts={pickTranslations(t, GAME_SCREEN_TEXT_KEYS)}
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
      <RulesPanel rules={rules.data} t={t} />
    </GameScreen>
  );
}
