import { ok } from '@/lib/api';
import { loadServerTime } from '@/lib/server-time';

/** The server's time for the header clock (lib/server-clock.ts); never cached, as a stale time is a wrong one. */
export async function GET() {
  return ok({ result: 1, data: await loadServerTime() });
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
