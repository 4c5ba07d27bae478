import 'server-only';
import { platformAnswer } from './games';
import { platform, platformNoStore } from './platform';
import type { Tournament } from './platform-types';

/**
 * The storefront's loaders of the tournaments (issue 27; the platform's `/Tournaments…`), shared by
 * the campaign pages, the player's tournaments page (/min-konto/gamification) and /api/tournaments.
 * A leaderboard is read from the rounds as they are played: the public one is kept 10 s at most (a
 * campaign page and a guest's board poll share it), a player's never.
 */

/** How old the public boards may be in a cached page. */
export const TOURNAMENTS_REVALIDATE_SECONDS = 10;

/** Every tournament's edition now, with its leaderboard, as anyone sees it. */
export const loadTournaments = () =>
  platformAnswer(
    platform.GET('/Tournaments', {
      fetch: (request: Request) => fetch(request, { next: { revalidate: TOURNAMENTS_REVALIDATE_SECONDS } } as RequestInit),
    }),
  );

/** The player's: each tournament with their entry and place, and the prizes they have won. */
export const loadPlayerTournaments = (token: string) =>
  platformAnswer(platformNoStore.GET('/Tournaments/{sessionId}', { params: { path: { sessionId: token } } }));

export type JoinAnswer = { ok: true; data: Tournament } | { ok: false; status: number; code: string };

/** Joins the player to the edition running now (the platform refuses one ended, not begun, or joined already). */
export async function joinTournament(token: string, tournament: string, edition: string): Promise<JoinAnswer> {
  try {
    const { data, error, response } = await platformNoStore.POST('/Tournaments/{sessionId}/join', {
      params: { path: { sessionId: token } },
      body: { tournament, edition },
    });
    if (data) return { ok: true, data: data.data };
    return { ok: false, status: response.status, code: (error as { code?: string } | undefined)?.code ?? 'SERVER_ERROR' };
  } catch {
    return { ok: false, status: 502, code: 'SERVER_ERROR' };
  }
}
