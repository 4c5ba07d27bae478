import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslator } from '@/lib/content';
import { GAME_ID_PATTERN } from '@/lib/game-sessions';
import { loadGame } from '@/lib/games';
import { pickTranslations, type Translate } from '@/lib/i18n';
import { loginUrlFor } from '@/lib/login-required';
import { GAMES_PATH } from '@/lib/built-routes';
import { loadProfile } from '@/lib/session';
import { loadGameRules, type StudioResult } from '@/lib/studio';
import { GAME_SCREEN_TEXT_KEYS } from './text-keys';
import { GameFavourite } from './game-favourite';
import { GameScreen } from './game-screen';
import styles from './game-screen.module.css';
import { jackpotOfGame } from './jackpot-words';
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

/** A kind's rules from the studio: the slots' or the tables' (each 404s for the other kind). */
type RulesLoader<R> = (gameId: string) => Promise<StudioResult<R>>;

/** A game's rules, or the 404 page for a malformed or unknown id (the studio's GAME_NOT_FOUND). */
async function rulesOr404<R>(gameId: string, loadRules: RulesLoader<R>) {
  if (!GAME_ID_PATTERN.test(gameId)) notFound();
  const rules = await loadRules(gameId);
  if (!rules.ok && rules.status === 404) notFound();
  return rules;
}

/** A launch route's metadata: the game's name as the title, never indexed. */
export async function launchMetadata(gameId: string, loadRules: RulesLoader<{ name: string }>): Promise<Metadata> {
  const rules = GAME_ID_PATTERN.test(gameId) ? await loadRules(gameId) : null;
  return { title: rules?.ok ? rules.data.name : undefined, robots: { index: false } };
}

export const gameMetadata = (gameId: string) => launchMetadata(gameId, loadGameRules);

/**
 * What a launch route's page (a slot's or a table's) knows before it renders: the 404 page for an
 * unknown play type (before anything is loaded) and for an unknown game; the rules (or the
 * studio's failure to give them), the player's profile, the translator and the catalogue's entry
 * (the brand and colours; the game plays without them); the mode the route plays; login first for
 * a guest who chose money (the proxy sends a guest without a session cookie; an ended session is
 * caught here).
 */
export async function openLaunch<R>(gameId: string, choice: LaunchChoice, path: string, loadRules: RulesLoader<R>) {
  if (choice.route === 'slot' && !(choice.playType in PLAY_TYPES)) notFound();
  const [rules, profile, t, game] = await Promise.all([
    rulesOr404(gameId, loadRules),
    loadProfile(),
    getTranslator(),
    loadGame(gameId).catch(() => null),
  ]);
  const mode: 'fun' | 'real' = choice.route === 'slot' ? PLAY_TYPES[choice.playType as PlayType] : profile ? 'real' : 'fun';
  if (mode === 'real' && !profile) redirect(loginUrlFor(path));
  return { rules, profile, t, game, mode };
}

/** The page when the studio could not give the rules (not a 404): the kind's heading and the game's error. */
export function LaunchFailed({ title, t }: { title: string; t: Translate }) {
  return (
    <div className={styles.screen}>
      <h1>{title}</h1>
      <p role="alert" data-testid="game-launch-error">
        {t('slot_machines.game_error')}
      </p>
    </div>
  );
}

/** A logged-in player's heart in the game's bar, as on the lobby tiles (the page leaves it out for a guest). */
export function BarFavourite({ gameId, name, t }: { gameId: string; name: string; t: Translate }) {
  return (
    <GameFavourite
      gameId={gameId}
      texts={{
        label: t('slot_machines.favourite_label', { game: name }),
        added: t('slot_machines.added_favourite', { game: name }),
        removed: t('slot_machines.removed_favourite', { game: name }),
        error: t('slot_machines.favourite_error'),
      }}
    />
  );
}

/**
 * A slot's launch route's page (rendered per visitor, never cached: it depends on the login): as
 * `openLaunch` says, then the game screen, which opens its studio session through /api/spil once
 * it runs in the browser, so that no page view (a crawler, a prefetch) starts a session.
 */
export async function GamePage({ gameId, choice, path }: { gameId: string; choice: LaunchChoice; path: string }) {
  const { rules, profile, t, game, mode } = await openLaunch(gameId, choice, path, loadGameRules);
  if (!rules.ok) return <LaunchFailed title={t('slot_machines.title')} t={t} />;
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
      barExtra={profile ? <BarFavourite gameId={gameId} name={rules.data.name} t={t} /> : null}
    >
      <RulesPanel rules={rules.data} jackpot={game?.ok ? jackpotOfGame(game.data) : null} t={t} />
    </GameScreen>
  );
}
