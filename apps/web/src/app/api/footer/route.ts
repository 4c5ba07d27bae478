import { ok } from '@/lib/api';
import { getDocument } from '@/lib/content';

export async function GET() {
  try {
    return ok({ result: 1, data: await getDocument('footer') }, { cacheSeconds: 60 });
  } catch {
    return ok({ result: 0, data: {} });
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
