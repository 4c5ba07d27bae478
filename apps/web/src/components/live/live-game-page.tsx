import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslator } from '@/lib/content';
import { liveStudioOrigin } from '@/lib/csp';
import { GAME_ID_PATTERN } from '@/lib/game-sessions';
import { loadGame } from '@/lib/games';
import { pickTranslations } from '@/lib/i18n';
import { isDrawnTable, LIVE_LOBBY_PATH } from '@/lib/live-casino';
import { loadLiveLobby } from '@/lib/live';
import { loginUrlFor } from '@/lib/login-required';
import { loadProfile } from '@/lib/session';
import { LaunchFailed } from '../game-screen/game-page';
import styles from '../game-screen/game-screen.module.css';
import { LiveScreen } from './live-screen';
import { LIVE_SCREEN_TEXT_KEYS } from './text-keys';

/** A live table of the catalogue, or the 404 page (a malformed id, an unknown title, a slot or a table game). */
async function liveTableOr404(gameId: string) {
  if (!GAME_ID_PATTERN.test(gameId)) notFound();
  const game = await loadGame(gameId);
  if (!game.ok && (game.status === 404 || game.status === 400)) notFound();
  if (game.ok && game.data.gameType !== 'live') notFound();
  return game;
}

/** A live launch page's metadata: the table's name as the title, never indexed. */
export async function liveGameMetadata(gameId: string): Promise<Metadata> {
  const game = GAME_ID_PATTERN.test(gameId) ? await loadGame(gameId) : null;
  return { title: game?.ok && game.data.gameType === 'live' ? game.data.name : undefined, robots: { index: false } };
}

/**
 * A live table's launch page (/live-casino/spil-for-penge/{gameId} and /mobil-live-casino/{gameId};
 * rendered per visitor, never cached): the 404 page for what is no live table, login first for a
 * guest (the proxy sends a guest without a session cookie; an ended session is caught here), "live
 * casino is unavailable" without a live studio (LIVE_STUDIO_ORIGIN unset: no frame could be shown),
 * else the table's screen, which takes the seat once it runs in the browser. The lobby's state of
 * the table says whether the studio films it: if not (or not known), the screen labels it drawn.
 */
export async function LiveGamePage({ gameId, path }: { gameId: string; path: string }) {
  const [game, profile, t, lobby] = await Promise.all([liveTableOr404(gameId), loadProfile(), getTranslator(), loadLiveLobby()]);
  if (!profile) redirect(loginUrlFor(path));
  if (!game.ok) return <LaunchFailed title={t('games.live_casino_title')} t={t} />;
  if (!liveStudioOrigin()) {
    return (
      <div className={styles.screen}>
        <h1>{game.data.name}</h1>
        <p role="alert" data-testid="live-unavailable">
          {t('games.live_unavailable')}
        </p>
      </div>
    );
  }
  return (
    <LiveScreen
      gameId={gameId}
      name={game.data.name}
      studio={game.data.studio}
      loginAt={profile.userInfo.lastLogin ?? null}
      drawn={isDrawnTable(lobby?.tables.find((table) => table.gameId === gameId))}
      lobbyPath={LIVE_LOBBY_PATH}
      texts={pickTranslations(t, LIVE_SCREEN_TEXT_KEYS)}
    />
  );
}
