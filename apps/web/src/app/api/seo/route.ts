import { z } from 'zod';
import { fail, ok, parseJson } from '@/lib/api';
import { ContentMissing, getSeo } from '@/lib/content';

const body = z.object({ slug: z.string().min(1).max(200) });

/** SEO fields for a slug, seo_home when it has none (spec §7). */
export async function POST(request: Request) {
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  try {
    return ok({ result: 1, data: await getSeo(parsed.data.slug) });
  } catch (error) {
    // A slug the platform refuses (a NUL character, say) is the caller's, not the store's, failure.
    if (error instanceof ContentMissing && error.status === 404) return fail(404, 'SEO_NOT_FOUND', 'validation.not_found');
    if (error instanceof ContentMissing && error.status >= 400 && error.status < 500)
      return fail(400, 'INVALID_INPUT', 'validation.invalid_input');
    return fail(502, 'STORE_UNAVAILABLE', 'validation.server_error');
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
