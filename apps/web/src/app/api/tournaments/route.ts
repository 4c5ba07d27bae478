import { fail, ok } from '@/lib/api';
import { sessionToken } from '@/lib/session';
import { loadPlayerTournaments, loadTournaments } from '@/lib/tournaments';

/**
 * GET /api/tournaments: the tournaments' editions now with their live leaderboards, which an open
 * board asks for again while it is shown. For a logged-in player their own view (joined, their
 * place, "dig" on their row) and their prizes; for a guest the public one. Never cached.
 */
export async function GET() {
  const token = await sessionToken();
  if (token) {
    const mine = await loadPlayerTournaments(token);
    if (mine.ok) return ok({ result: 1, data: { player: true, tournaments: mine.data.tournaments, prizes: mine.data.prizes } });
    if (mine.status !== 401) return fail(502, 'SERVER_ERROR', 'campaign.tournament_error');
  }
  // A guest's board: the public read, at most 10 s old (one platform read for every guest's 15 s poll).
  const open = await loadTournaments();
  if (!open.ok) return fail(502, 'SERVER_ERROR', 'campaign.tournament_error');
  return ok({ result: 1, data: { player: false, tournaments: open.data.tournaments, prizes: [] } });
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
