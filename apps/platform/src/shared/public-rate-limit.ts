import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LYSMESTER_PROVIDER_ID } from '../games/providers.js';
import { fail } from './errors.js';

/** The window the public listener's limits count in: a burst may spend 10 seconds' allowance, no more. */
const WINDOW_MS = 10_000;

/** The payment webhooks' providers, by the last segment of their path (`/Payments/webhooks/cards`). */
const WEBHOOK_PATH = /^\/Payments\/webhooks\/([a-z]+)(?:[/?]|$)/;
const GAMES_PATH = /^\/Games\/providers\/([^/?]+)/;
/** An outside provider's own protocol, by its adapter's path (`/Games/live/lysmester/debit`), and the provider it is. */
const LIVE_PATH = /^\/Games\/live\/([^/?]+)/;
const LIVE_ADAPTERS: Readonly<Record<string, string>> = { lysmester: LYSMESTER_PROVIDER_ID };

/**
 * Whom a public request counts against besides its address: the games contract's provider (by
 * the id in its path, or by its adapter's path for a provider speaking its own protocol, when the
 * platform knows it; every unknown id shares one `unknown` bucket, so
 * made-up ids cannot make buckets without end), or the payment provider of a webhook. `null` for
 * anything else (/health, an unknown path: the address's limit alone).
 */
export function publicProviderKey(url: string, knownGameProvider: (id: string) => boolean): string | null {
  const webhook = WEBHOOK_PATH.exec(url);
  if (webhook) return `payments:${webhook[1]}`;
  const live = LIVE_PATH.exec(url);
  if (live) {
    const provider = Object.hasOwn(LIVE_ADAPTERS, live[1]!) ? LIVE_ADAPTERS[live[1]!]! : null;
    return provider && knownGameProvider(provider) ? `games:${provider}` : 'games:unknown';
  }
  const games = GAMES_PATH.exec(url);
  if (!games) return null;
  let id: string;
  try {
    id = decodeURIComponent(games[1]!);
  } catch {
    return 'games:unknown';
  }
  return knownGameProvider(id) ? `games:${id}` : 'games:unknown';
}

/**
 * The public listener's door (issue 22 §2): every request counts against its client's address and,
 * for the providers' calls, against its provider, in the rate limits' store (Redis when
 * REDIS_URL is set, shared by every process; memory otherwise). It runs first, on `onRequest`,
 * before the body is read, a signature checked or the database touched, and refuses with 429
 * RATE_LIMITED (in Danish, from the translations the error plugin keeps in memory). The limits sit
 * well above what a provider sends at full speed (README, PUBLIC_RATE_LIMIT_*): they bound what a
 * flood of junk can make the platform do, not a provider's business.
 */
export async function publicRateLimit(
  door: FastifyInstance,
  {
    perAddressPerSecond,
    perProviderPerSecond,
    knownGameProvider,
  }: { perAddressPerSecond: number; perProviderPerSecond: number; knownGameProvider: (id: string) => boolean },
): Promise<void> {
  // @fastify/rate-limit's own limiter factory (registered on the door before this), on its store.
  const perAddress = door.createRateLimit({
    max: perAddressPerSecond * (WINDOW_MS / 1000),
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `public:address:${normalizeIP(request.ip)}`,
  });
  const perProvider = door.createRateLimit({
    max: perProviderPerSecond * (WINDOW_MS / 1000),
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `public:${publicProviderKey(request.url, knownGameProvider)}`,
  });
  door.addHook('onRequest', async (request, reply) => {
    const address = await perAddress(request);
    if (!address.isAllowed && address.isExceeded) refuse(reply, address.ttlInSeconds);
    if (publicProviderKey(request.url, knownGameProvider) === null) return;
    const provider = await perProvider(request);
    if (!provider.isAllowed && provider.isExceeded) refuse(reply, provider.ttlInSeconds);
  });
}

function refuse(reply: FastifyReply, ttlInSeconds: number): never {
  reply.header('retry-after', String(Math.max(1, ttlInSeconds)));
  throw fail('RATE_LIMITED');
}
