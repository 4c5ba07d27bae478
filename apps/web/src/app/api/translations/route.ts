import { ok } from '@/lib/api';
import { getTranslations } from '@/lib/content';

/** The Danish dictionary, by group (spec §7). A failure answers result 0 and the UI keeps its keys. */
export async function GET() {
  try {
    return ok({ result: 1, data: await getTranslations() }, { cacheSeconds: 60 });
  } catch {
    return ok({ result: 0, data: {} });
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
