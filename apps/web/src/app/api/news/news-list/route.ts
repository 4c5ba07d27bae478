import { z } from 'zod';
import { fail, ok, parseJson } from '@/lib/api';
import { getNewsList } from '@/lib/content';

// Spec §5: items per page and page must exceed 0.
const body = z.object({
  PageSize: z.number().int().min(1).max(50).default(10),
  CurrentPage: z.number().int().min(1).max(10_000).default(1),
  showArticleInNewsList: z.boolean().default(true),
  status: z.literal('published').default('published'),
});

export async function POST(request: Request) {
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  try {
    const page = await getNewsList({
      PageSize: parsed.data.PageSize,
      CurrentPage: parsed.data.CurrentPage,
      showArticleInNewsList: parsed.data.showArticleInNewsList ? 'true' : 'false',
    });
    return ok(page);
  } catch {
    return fail(502, 'STORE_UNAVAILABLE', 'validation.server_error');
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
