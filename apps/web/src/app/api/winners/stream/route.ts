import { hubStreamResponse } from '@/lib/event-stream-response';
import { winnersHub } from '@/lib/winners';

export const dynamic = 'force-dynamic';

/**
 * GET /api/winners/stream: each new winner as a server-sent event (`winner`, the platform's
 * Winner: first name and initial, never a player who opted out), for /nyevindere and the start
 * page's strip (components/winners/winners-feed.tsx), a `: ping` every 15 s. Every browser shares
 * the process's one connection to the platform (lib/winners.ts).
 */
export function GET(request: Request) {
  return hubStreamResponse(request, winnersHub());
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
