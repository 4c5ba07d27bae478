import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
// The refusal's shape is lib/api.ts's own (tested there); kept out so this file never loads the platform client.
vi.mock('./api', () => ({
  fail: async (status: number, code: string) => Response.json({ result: 0, code }, { status }),
}));

const { platformEventStream } = await import('./platform-stream');
const { hubStreamResponse } = await import('./event-stream-response');
const { createEventHub, eventFrame } = await import('./event-hub');

afterEach(() => {
  vi.unstubAllGlobals();
});

const encoder = new TextEncoder();
/** A response whose body arrives in the pieces given. */
const streamOf = (pieces: string[], contentType = 'text/event-stream; charset=utf-8') =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(encoder.encode(piece));
        controller.close();
      },
    }),
    { headers: { 'content-type': contentType } },
  );

describe('the platform’s event streams, read by the storefront (issue 26)', () => {
  it('hands each whole event and each ping to the hub, asking with the storefront’s key', async () => {
    const asked: Request[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      asked.push(new Request(url, init));
      return streamOf(['event: pools\ndata: {"a"', ':1}\n\n: ping\n\nevent: hit\ndata: {}\n\n']);
    });
    const events: [string, string][] = [];
    let alive = 0;
    await platformEventStream('/Games/jackpots/stream')(
      { event: (name, data) => events.push([name, data]), alive: () => alive++ },
      new AbortController().signal,
    );
    expect(events).toEqual([
      ['pools', '{"a":1}'],
      ['hit', '{}'],
    ]);
    expect(alive).toBe(1);
    expect(new URL(asked[0]!.url).pathname).toBe('/Games/jackpots/stream');
    expect(asked[0]!.headers.get('Krone-Storefront-Key')).toBeTruthy();
  });

  it('takes an answer that is not an event stream for a broken upstream', async () => {
    vi.stubGlobal('fetch', async () => streamOf(['{"result":0}'], 'application/json'));
    await expect(
      platformEventStream('/Games/winners/stream')({ event: () => undefined, alive: () => undefined }, new AbortController().signal),
    ).rejects.toThrow(/platform answered 200/);
  });
});

describe('a browser’s stream from a hub', () => {
  it('is an uncompressed, uncached event stream: the prelude, then the kept states', async () => {
    let sink: { event: (name: string, data: string) => void } | null = null;
    const hub = createEventHub({
      connect: (upstream, signal) =>
        new Promise<void>((resolve) => {
          sink = upstream;
          signal.addEventListener('abort', () => resolve());
        }),
      events: { pools: { keep: true } },
    });
    const first = hub.subscribe(() => undefined)!;
    sink!.event('pools', '{"n":1}');
    const request = new Request('http://127.0.0.1/api/jackpots/stream');
    const response = await hubStreamResponse(request, hub);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    while (!received.includes('{"n":1}')) received += (await reader.read()).value;
    expect(received).toBe(`retry: 3000\n\n${eventFrame('pools', '{"n":1}')}`);
    expect(hub.subscriberCount).toBe(2);
    await reader.cancel();
    expect(hub.subscriberCount).toBe(1);
    first();
  });

  it('answers 503 SERVICE_OVERLOADED when the hub is full', async () => {
    const hub = createEventHub({ connect: () => new Promise<void>(() => undefined), events: {}, maxSubscribers: 0 });
    const response = await hubStreamResponse(new Request('http://127.0.0.1/api/winners/stream'), hub);
    expect(response.status).toBe(503);
    expect(((await response.json()) as { code: string }).code).toBe('SERVICE_OVERLOADED');
  });
});
