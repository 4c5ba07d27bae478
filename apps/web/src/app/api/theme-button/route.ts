import { ok } from '@/lib/api';
import { getDocument } from '@/lib/content';

/** The operator's button themes per form (spec §3); a failure is quietly empty (spec §8). */
export async function POST() {
  try {
    const themes = await getDocument('themes');
    return ok({ result: 1, data: themes.buttons ?? {} });
  } catch {
    return ok({ result: 0, data: {} });
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
