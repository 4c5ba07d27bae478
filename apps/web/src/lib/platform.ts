import 'server-only';
import createClient from 'openapi-fetch';
import { env } from './env';
import type { paths } from './platform-api';

/**
 * The one door to the platform, typed from its OpenAPI document (npm run openapi).
 * Content answers are cached by Next's data cache and revalidated by time and by the tag
 * 'content'; anything personal goes through `platformNoStore`.
 */
export const platform = createClient<paths>({
  baseUrl: env.platformUrl,
  fetch: (request: Request) =>
    fetch(request, { next: { revalidate: env.revalidateSeconds, tags: ['content'] } } as RequestInit),
});

export const platformNoStore = createClient<paths>({
  baseUrl: env.platformUrl,
  fetch: (request: Request) => fetch(request, { cache: 'no-store' }),
});
