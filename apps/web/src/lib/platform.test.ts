import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The headers of the request being handled, as next/headers would give them.
let current: Headers | null = null;
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  headers: async () => {
    if (!current) throw new Error('`headers` was called outside a request scope');
    return current;
  },
}));

const { platformNoStore } = await import('./platform');

let seen: Request[] = [];
beforeEach(() => {
  seen = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    seen.push(request);
    return new Response(JSON.stringify({ result: 1, data: {} }), { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  current = null;
});

describe('platform calls carry the visitor’s address', () => {
  it('sends X-Forwarded-For: <visitor> on a call made while a request is handled', async () => {
    // What the front door left (edge/front-door.ts): one address.
    current = new Headers({ 'x-forwarded-for': '203.0.113.9' });
    await platformNoStore.GET('/Limits/{sessionId}', { params: { path: { sessionId: 'tok' } } });
    await platformNoStore.POST('/Limits/{sessionId}/pause', { params: { path: { sessionId: 'tok' } }, body: { hours: 24 } as never });
    expect(seen.map((request) => request.headers.get('x-forwarded-for'))).toEqual(['203.0.113.9', '203.0.113.9']);
  });

  it('puts the visitor’s address over whatever a caller passed', async () => {
    current = new Headers({ 'x-forwarded-for': '198.51.100.4' });
    await platformNoStore.GET('/Limits/{sessionId}', { params: { path: { sessionId: 'tok' } }, headers: { 'X-Forwarded-For': '6.6.6.6' } });
    expect(seen[0]!.headers.get('x-forwarded-for')).toBe('198.51.100.4');
  });

  it('sends none outside a request (a build or a revalidation)', async () => {
    await platformNoStore.GET('/Limits/{sessionId}', { params: { path: { sessionId: 'tok' } } });
    expect(seen[0]!.headers.get('x-forwarded-for')).toBeNull();
  });

  it('logs a failed call without the session token', async () => {
    current = new Headers({ 'x-forwarded-for': '203.0.113.9' });
    vi.stubGlobal('fetch', async (request: Request) => {
      throw new TypeError(`fetch failed: ${request.url}`);
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(
        platformNoStore.GET('/GATMaven/users/{sessionId}/profile', { params: { path: { sessionId: 'secret-token-123' } } }),
      ).rejects.toThrow();
      const lines = logged.mock.calls.map((call) => call.join(' ')).join('\n');
      expect(lines).toContain('storefront: platform call failed: GET /GATMaven/users/[redacted]/profile');
      expect(lines).not.toContain('secret-token-123');
    } finally {
      logged.mockRestore();
    }
  });
});
