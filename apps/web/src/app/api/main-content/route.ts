import { z } from 'zod';
import { fail, ok, parseJson } from '@/lib/api';
import { ContentMissing, getMainContent } from '@/lib/content';

const body = z.object({
  name: z
    .string()
    .min(1)
    .max(80)
    .regex(/^[a-z0-9_-]+$/),
});

/** A named content block (spec §7 main-content), e.g. the start page's sections. */
export async function POST(request: Request) {
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  try {
    return ok({ result: 1, data: await getMainContent(parsed.data.name) });
  } catch (error) {
    if (error instanceof ContentMissing && error.status === 404) return fail(404, 'CONTENT_NOT_FOUND', 'validation.not_found');
    return fail(502, 'STORE_UNAVAILABLE', 'validation.server_error');
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
