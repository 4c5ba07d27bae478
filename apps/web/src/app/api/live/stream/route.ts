import { fail } from '@/lib/api';
import { liveLobbyHub } from '@/lib/live';

export const dynamic = 'force-dynamic';

const encoder = new TextEncoder();

/**
 * GET /api/live/stream: the live lobby as server-sent events, for the lobby pages' tiles
 * (components/live/live-lobby-provider.tsx). First the server's time (`event: clock`, ms since the
 * epoch: the browser counts a round's seconds on it), then the last state (`event: lobby`, the data
 * of GET /Games/live/lobby) and every change, and a `: ping` every 15 s. Every browser shares the
 * process's one connection to the platform (lib/live-lobby-hub.ts); public, nothing personal.
 */
export async function GET(request: Request) {
  let leave: (() => void) | null = null;
  const stop = () => {
    leave?.();
    leave = null;
  };
  let refused = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // The browser's EventSource waits this long before it asks again after a break.
      controller.enqueue(encoder.encode(`retry: 3000\nevent: clock\ndata: ${Date.now()}\n\n`));
      leave = liveLobbyHub().subscribe((chunk) => controller.enqueue(encoder.encode(chunk)));
      if (!leave) refused = true;
    },
    cancel: stop,
  });
  if (refused) {
    await body.cancel();
    return fail(503, 'SERVICE_OVERLOADED', 'validation.service_overloaded');
  }
  request.signal.addEventListener('abort', stop, { once: true });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: Next's compression would hold the events back to fill its buffer.
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
  });
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
