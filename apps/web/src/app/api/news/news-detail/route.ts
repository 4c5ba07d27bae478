import { z } from 'zod';
import { fail, ok, parseJson } from '@/lib/api';
import { getNews } from '@/lib/content';

const body = z.object({
  slug: z
    .string()
    .min(1)
    .max(120)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
});

/** News detail: any failure or a result other than 1 is a 404 "page not found" (spec §8), in Danish like every refusal. */
export async function POST(request: Request) {
  const notFound = () => fail(404, 'NEWS_NOT_FOUND', 'validation.not_found');
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return notFound();
  try {
    return ok({ result: 1, data: await getNews(parsed.data.slug) });
  } catch {
    return notFound();
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
