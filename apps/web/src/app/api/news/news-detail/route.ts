import { NextResponse } from 'next/server';
import { z } from 'zod';
import { ok, parseJson } from '@/lib/api';
import { getNews } from '@/lib/content';

const body = z.object({
  slug: z
    .string()
    .min(1)
    .max(120)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
});

/** News detail: any failure or a result other than 1 is a 404 "Page Not Found" (spec §8). */
export async function POST(request: Request) {
  const notFound = () => NextResponse.json({ result: 0, code: 'NEWS_NOT_FOUND', message: 'Page Not Found' }, { status: 404 });
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return notFound();
  try {
    return ok({ result: 1, data: await getNews(parsed.data.slug) });
  } catch {
    return notFound();
  }
}
