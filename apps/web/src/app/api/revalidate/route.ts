import { createHash, timingSafeEqual } from 'node:crypto';
import { revalidateTag } from 'next/cache';
import { fail, ok } from '@/lib/api';
import { env } from '@/lib/env';
import { PLATFORM_KEY_HEADER } from '@/lib/platform-door';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * POST /api/revalidate: the platform says published content changed (an editor's publish in the
 * back office, docs/backoffice.md). With the key the two share (Krone-Storefront-Key), the cached
 * content calls and the pages built from them are read again at once. No browser has the key.
 */
export async function POST(request: Request) {
  const given = request.headers.get(PLATFORM_KEY_HEADER) ?? '';
  if (!given || !timingSafeEqual(digest(given), digest(env.platformApiKey))) return fail(403, 'FORBIDDEN', 'validation.forbidden');
  revalidateTag('content', { expire: 0 });
  return ok({ result: 1, data: { revalidated: ['content'] } });
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
