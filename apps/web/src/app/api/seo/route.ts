import { z } from 'zod';
import { fail, ok, parseJson } from '@/lib/api';
import { getSeo } from '@/lib/content';

const body = z.object({ slug: z.string().min(1).max(200) });

/** SEO fields for a slug, seo_home when it has none (spec §7). */
export async function POST(request: Request) {
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  try {
    return ok({ result: 1, data: await getSeo(parsed.data.slug) });
  } catch {
    return fail(502, 'STORE_UNAVAILABLE', 'validation.server_error');
  }
}
