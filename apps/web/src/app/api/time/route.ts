import { ok } from '@/lib/api';
import { loadServerTime } from '@/lib/server-time';

/** The server's time for the header clock (lib/server-clock.ts); never cached, as a stale time is a wrong one. */
export async function GET() {
  return ok({ result: 1, data: await loadServerTime() });
}
