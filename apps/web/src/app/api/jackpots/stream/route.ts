import { hubStreamResponse } from '@/lib/event-stream-response';
import { jackpotsHub } from '@/lib/jackpots';

export const dynamic = 'force-dynamic';

/**
 * GET /api/jackpots/stream: the jackpots as server-sent events, for /jackpots and the jackpot
 * tiles (components/jackpots/jackpot-live.tsx): `pools` (every pool's amount and drop in force)
 * at once and at every change, `hit` when a pool is won, a `: ping` every 15 s. Every browser
 * shares the process's one connection to the platform (lib/jackpots.ts); public, nothing personal.
 */
export function GET(request: Request) {
  return hubStreamResponse(request, jackpotsHub());
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
