import { hubStreamResponse } from '@/lib/event-stream-response';
import { liveLobbyHub } from '@/lib/live';

export const dynamic = 'force-dynamic';

/**
 * GET /api/live/stream: the live lobby as server-sent events, for the lobby pages' tiles
 * (components/live/live-lobby-provider.tsx). First the server's time (`event: clock`, ms since the
 * epoch: the browser counts a round's seconds on it), then the last state (`event: lobby`, the data
 * of GET /Games/live/lobby) and every change, and a `: ping` every 15 s. Every browser shares the
 * process's one connection to the platform (lib/live-lobby-hub.ts); public, nothing personal.
 */
export function GET(request: Request) {
  // The browser's EventSource waits this long before it asks again after a break.
  return hubStreamResponse(request, liveLobbyHub(), `retry: 3000\nevent: clock\ndata: ${Date.now()}\n\n`);
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
