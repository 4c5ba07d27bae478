import { forbiddenOrigin, ok, sameOrigin } from '@/lib/api';
import { loadBetWinSummary } from '@/lib/account';
import { sessionToken } from '@/lib/session';

/**
 * POST /api/user/betwin-summary (spec §7, §8): the player's stakes and wins of the last 30 days,
 * from the ledger. No session gives result 0 "no-session"; a failure "Error fetching betwin
 * summary"; an unsuccessful answer "unsuccess".
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const token = await sessionToken();
  if (!token) return ok({ result: 0, message: 'no-session' });
  try {
    const answer = await loadBetWinSummary(token, 30);
    if (!answer.ok) return ok({ result: 0, message: answer.reason === 'no-session' ? 'no-session' : 'unsuccess' });
    return ok({ result: 1, data: answer.data });
  } catch {
    return Response.json(
      { result: 0, message: 'Error fetching betwin summary' },
      { status: 502, headers: { 'Cache-Control': 'no-store' } },
    );
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
