import 'server-only';
import { headers } from 'next/headers';
import createClient, { type Middleware } from 'openapi-fetch';
import { env } from './env';
import { clientIp } from './forwarding';
import { logError } from './log-redaction';
import { PLATFORM_KEY_HEADER } from './platform-door';
import type { paths } from './platform-api';

/**
 * The one door to the platform, typed from its OpenAPI document (npm run openapi), every call
 * with the storefront's key (Krone-Storefront-Key, lib/platform-door.ts).
 * Content answers are cached by Next's data cache and revalidated by time and by the tag
 * 'content'; anything personal goes through `platformNoStore`.
 */
export const platform = createClient<paths>({
  baseUrl: env.platformUrl,
  headers: { [PLATFORM_KEY_HEADER]: env.platformApiKey },
  fetch: (request: Request) => fetch(request, { next: { revalidate: env.revalidateSeconds, tags: ['content'] } } as RequestInit),
});

/**
 * The visitor's address while a request is handled: the one X-Forwarded-For address the front
 * door (server.ts, edge/front-door.ts) left. Null outside a request (a build, a revalidation).
 */
async function visitorAddress(): Promise<string | null> {
  try {
    return clientIp(await headers());
  } catch {
    return null;
  }
}

/**
 * Every personal call carries `X-Forwarded-For: <visitor>`, which the platform trusts from the
 * storefront for its per-address limits (docs/decisions.md); set here so no call can forget it.
 * A failed call is logged with its path, the session id in it redacted (lib/log-redaction).
 */
export const forwardVisitor: Middleware = {
  async onRequest({ request }) {
    const address = await visitorAddress();
    if (address) request.headers.set('X-Forwarded-For', address);
    return request;
  },
  onError({ request, error }) {
    logError(`storefront: platform call failed: ${request.method} ${new URL(request.url).pathname}`, error);
  },
};

export const platformNoStore = createClient<paths>({
  baseUrl: env.platformUrl,
  headers: { [PLATFORM_KEY_HEADER]: env.platformApiKey },
  fetch: (request: Request) => fetch(request, { cache: 'no-store' }),
});
platformNoStore.use(forwardVisitor);
