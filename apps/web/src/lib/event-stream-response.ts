import 'server-only';
import { fail } from './api';
import type { EventHub } from './event-hub';

const encoder = new TextEncoder();

/**
 * A browser's server-sent event stream from one of the process's hubs (lib/event-hub.ts): first
 * `prelude` (the reconnect delay, and whatever the stream says before its events), then the hub's
 * kept states and every event and ping until the browser leaves. 503 when the hub is full.
 * `no-transform`: Next's compression would hold the events back to fill its buffer.
 */
export async function hubStreamResponse(request: Request, hub: EventHub, prelude = 'retry: 3000\n\n'): Promise<Response> {
  let leave: (() => void) | null = null;
  const stop = () => {
    leave?.();
    leave = null;
  };
  let refused = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(prelude));
      leave = hub.subscribe((chunk) => controller.enqueue(encoder.encode(chunk)));
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
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
  });
}
