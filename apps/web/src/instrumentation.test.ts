import { afterEach, describe, expect, it, vi } from 'vitest';
import { register } from './instrumentation';

/** A production storefront's settings that pass (as edge/startup-check.test.ts's). */
const good = {
  KRONE_ENV: 'production',
  WEB_PUBLIC_URL: 'https://www.krone-casino.dk',
  NEXT_PUBLIC_SITE_INFO_KEY: 'a-key-of-the-site-s-own',
  CARDS_PUBLIC_URL: 'https://api.cards.example/cards',
  PLATFORM_URL: 'https://platform.internal:4000',
  PLATFORM_API_KEY: 'a-storefront-key-of-this-site-32-chars',
  STUDIO_URL: 'http://10.0.0.6:4400',
  STUDIO_API_KEY: 'a-studio-key-of-this-site-32-chars-long',
};

/** Next's start: runs the hook as `next start` does (NEXT_RUNTIME nodejs), with these settings. */
async function start(env: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries({ ...good, NEXT_RUNTIME: 'nodejs', NEXT_PHASE: undefined, ...env })) vi.stubEnv(name, value);
  const exit = vi.spyOn(process, 'exit').mockImplementation(((code: number) => {
    throw new Error(`exit ${code}`);
  }) as typeof process.exit);
  const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const outcome = await register().then(
    () => 'started',
    (error: Error) => error.message,
  );
  return { outcome, exit, lines: log.mock.calls.map(([line]) => String(line)) };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('any start of the storefront’s build runs its production checks (Next’s instrumentation hook)', () => {
  it('stops a server started without server.ts (a bare next start) on development settings, one line per problem', async () => {
    const { outcome, exit, lines } = await start({ WEB_PUBLIC_URL: 'http://www.krone-casino.dk', STUDIO_API_KEY: undefined });
    expect(outcome).toBe('exit 1');
    expect(exit).toHaveBeenCalledWith(1);
    expect(lines).toEqual([
      'storefront: refusing to start: WEB_PUBLIC_URL must be https in production, not "http://www.krone-casino.dk" (KRONE_ENV is production)',
      'storefront: refusing to start: STUDIO_API_KEY must be the studio key of this site (at least 32 characters), not the development default (KRONE_ENV is production)',
    ]);
  });

  it('stops one whose KRONE_ENV is unset (production) with the development defaults', async () => {
    const { outcome } = await start({ KRONE_ENV: undefined, NEXT_PUBLIC_SITE_INFO_KEY: undefined });
    expect(outcome).toBe('exit 1');
  });

  it('lets production settings start, and development ones in development', async () => {
    expect((await start({})).outcome).toBe('started');
    expect((await start({ KRONE_ENV: 'development', WEB_PUBLIC_URL: 'http://127.0.0.1:3000', STUDIO_API_KEY: undefined })).outcome).toBe(
      'started',
    );
  });

  it('does not stop `next build`, which runs the hook while it prerenders, nor an edge runtime', async () => {
    const bad = { WEB_PUBLIC_URL: 'http://www.krone-casino.dk' };
    expect((await start({ ...bad, NEXT_PHASE: 'phase-production-build' })).outcome).toBe('started');
    expect((await start({ ...bad, NEXT_RUNTIME: 'edge' })).outcome).toBe('started');
  });
});
