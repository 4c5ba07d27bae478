import 'server-only';
import { cache } from 'react';
import { getSystemConfig, getTranslator } from './content';
import { createLobbyHub, type LobbyHub, type UpstreamSink } from './live-lobby-hub';
import {
  LIVE_CATEGORY_PAGES,
  readLiveCategories,
  type LiveCategoryId,
  type LiveLobbyState,
  liveWarningView,
  type LiveWarningView,
  type PlayedFigures,
  sumFigures,
} from './live-casino';
import { normaliseLobbyData } from './live-lobby-schema';
import { platform, platformNoStore } from './platform';
import { platformEventStream, processHub } from './platform-stream';
import { loadHistory, platformAnswer, type Answer, type HistoryRound } from './games';

/**
 * The storefront's loaders of the live casino (issue 25; the platform's `/Games/live/*` and the
 * catalogue's live tables), one per platform call, as lib/games.ts keeps them for the other games.
 */

const answer = platformAnswer;

/** Every live table of the catalogue is one page (three today; the platform pages at most 100). */
const LIVE_LIST_SIZE = 100;
type LiveCatalogueCategory = Exclude<LiveCategoryId, 'live-casino'>;

/** The live tables of the catalogue (all, or one category's), by name; cached like the other lists. */
export const loadLiveCatalogue = (category?: LiveCatalogueCategory) =>
  answer(
    platform.GET('/Games/catalogue', {
      params: { query: { page: 1, pageSize: LIVE_LIST_SIZE, sort: 'name', type: 'live', ...(category ? { category } : {}) } },
    }),
  );

/** The categories of the system config `LiveCategories` in their order; this build's four when it has none. */
export const loadLiveCategories = cache(async () => {
  const [t, value] = await Promise.all([getTranslator(), getSystemConfig('LiveCategories').catch(() => undefined)]);
  return readLiveCategories(value, (id: LiveCategoryId) => t(LIVE_CATEGORY_PAGES[id].key));
});

/**
 * How long a page may show a lobby state before asking again. The page's state is only the first
 * picture: the stream replaces it as soon as the page runs (components/live/live-lobby-provider).
 */
export const LIVE_LOBBY_REVALIDATE_SECONDS = 5;

/** The live tables' state now (GET /Games/live/lobby): null when the platform does not answer it. */
export async function loadLiveLobby(): Promise<LiveLobbyState | null> {
  const lobby = await answer(
    platform.GET('/Games/live/lobby', {
      fetch: (request: Request) =>
        fetch(request, { next: { revalidate: LIVE_LOBBY_REVALIDATE_SECONDS, tags: ['live-lobby'] } } as RequestInit),
    }),
  );
  return lobby.ok ? lobby.data : null;
}

export type LiveLaunch = { gameSessionId: string; gameId: string; tableId: string; gameUrl: string; expiresAt: string };

/** Seats the logged-in player at a live table for money (POST /Games/live/launch): the game client's address, or the refusal. */
export const launchLiveTable = (token: string, gameId: string): Promise<Answer<LiveLaunch>> =>
  answer(platformNoStore.POST('/Games/live/launch/{sessionId}', { params: { path: { sessionId: token } }, body: { gameId } }));

// ---------------------------------------------------------------------------------------------
// The figures of a live game session (the game bar's net, the money-played warning's totals).

/** The history pages read for one answer (100 rounds each): a live round takes about 25 s, so 10 pages cover 7 hours of one table. */
const FIGURE_PAGES = 10;
const PAGE_SIZE = 100;

/**
 * A live game session's net (its rounds are the contract's `{tableRoundId}:{gameSessionId}`), from
 * the game history: the platform keeps no per-session figures for a live studio, whose money calls
 * are its own. Not ok when the history could not be read (401: the session is gone, in `status`).
 */
export async function loadLiveFigures(
  token: string,
  gameSessionId: string,
  from: Date,
): Promise<{ ok: true; session: PlayedFigures } | { ok: false; status: number }> {
  const rounds: HistoryRound[] = [];
  for (let page = 1; page <= FIGURE_PAGES; page++) {
    const history = await loadHistory(token, { from: from.toISOString(), page, pageSize: PAGE_SIZE });
    if (!history.ok) return { ok: false, status: history.status };
    rounds.push(...history.data.items);
    if (page >= history.data.lastPage) break;
  }
  return { ok: true, session: sumFigures(rounds, gameSessionId, from) };
}

/**
 * The money-played warning at the live tables for the player's login (GET /Games/live/warning): the
 * platform keeps its clock and refuses the live studio's debits while it is due.
 */
export async function loadLiveWarning(token: string): Promise<Answer<LiveWarningView>> {
  const read = await answer(platformNoStore.GET('/Games/live/warning/{sessionId}', { params: { path: { sessionId: token } } }));
  return read.ok ? { ok: true, data: liveWarningView(read.data) } : read;
}

/** The player's "continue" to the warning (POST /Games/live/warning/…/continue): its minutes start again when it was due. */
export async function continueLiveWarning(token: string): Promise<Answer<LiveWarningView>> {
  const read = await answer(platformNoStore.POST('/Games/live/warning/{sessionId}/continue', { params: { path: { sessionId: token } } }));
  return read.ok ? { ok: true, data: liveWarningView(read.data) } : read;
}

// ---------------------------------------------------------------------------------------------
// The lobby's stream: one upstream per web process (lib/live-lobby-hub.ts).

const lobbyStream = platformEventStream('/Games/live/lobby/stream');

/** The platform's lobby stream, read as server-sent events; its states and pings go to the hub. */
const connectPlatformLobbyStream = (sink: UpstreamSink, signal: AbortSignal) =>
  lobbyStream({ event: (name, data) => (name === 'lobby' ? sink.lobby(data) : sink.alive()), alive: sink.alive }, signal);

/** The process's one hub. */
export const liveLobbyHub = (): LobbyHub =>
  processHub('liveLobbyHub', () => createLobbyHub({ connect: connectPlatformLobbyStream, normalise: normaliseLobbyData }));
