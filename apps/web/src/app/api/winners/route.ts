import { fail, ok } from '@/lib/api';
import { loadWinners, WINNERS_PAGE_SIZE } from '@/lib/winners';
import { readWinnersQuery } from '@/lib/winners-view';

/**
 * GET /api/winners?limit=20&before=123: the newest winners (before a winner's id), newest first,
 * as the platform tells them (first name and initial; a player who opted out never). The winners
 * lists ask it once their stream is open, for a winner of the moments between the page's render
 * and the stream, and drop what it no longer holds. Never cached (no-store): a cached answer, the
 * browser's or a proxy's, would bring back a player who has just opted out (the read is one
 * indexed query of at most 50 rows).
 */
export async function GET(request: Request) {
  const query = readWinnersQuery(new URL(request.url).searchParams, WINNERS_PAGE_SIZE);
  if (!query) return fail(400, 'INVALID_INPUT', 'validation.invalid_input');
  const answer = await loadWinners(query.limit, query.before ?? undefined, true);
  if (!answer.ok) return fail(502, 'SERVER_ERROR', 'games.winners_error');
  return ok({ result: 1, data: answer.data });
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
