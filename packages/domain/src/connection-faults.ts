/**
 * A database server that goes away for a while (a restart, a failover, an administrator cutting
 * connections, a network cut) is an event the services live through, not a crash (bench:chaos,
 * issue 15 §1). Shared by the platform and the studio, whose pools are node-postgres's; typed by
 * the little they use so that this package needs no driver.
 */

// This package is built without Node's or the DOM's types; both have this timer.
declare function setTimeout(callback: () => void, ms: number): unknown;

/** SQLSTATEs and socket errors that mean "the server cannot be reached or let us in just now". */
const UNREACHABLE = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting or stopping
  '55000', // the database is not currently accepting connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection_exception and its kinds
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);

/** Whether an error (or the error a query builder wraps as its cause) says the database is unreachable for now. */
export function isConnectionFault(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNREACHABLE.has(code)) return true;
    if (typeof message === 'string' && /Connection terminated|not queryable/.test(message)) return true;
    current = cause;
  }
  return false;
}

/** The little of node-postgres's pool and client used here: their events. */
interface EventSource {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the driver's overloads take listeners of several shapes
  on(event: 'error' | 'connect', listener: (...args: any[]) => void): unknown;
}

/**
 * Every connection a pool makes gets an error listener of its own. The pool listens on idle
 * connections only: a connection lost while checked out (between two statements of a
 * transaction) would otherwise emit an unhandled 'error' and end the process. With the listener
 * it is only logged; the statement in flight, or the next one, fails, the transaction rolls back,
 * and the pool drops the connection when it is given back.
 */
export function survivePoolFaults(pool: EventSource, warn: (message: string) => void, label: string): void {
  const lost = (state: string) => (error: { code?: string; message?: string }) =>
    warn(`${label}: ${state} connection was lost (${error.code ?? error.message})`);
  pool.on('error', lost('an idle'));
  pool.on('connect', (client: EventSource) => void client.on('error', lost('a busy')));
}

/**
 * Runs `work` (a start-up step such as the migrations), and while it fails because the database
 * cannot be reached, runs it again every second up to `waitMs`: a process started while its
 * database restarts waits for it instead of exiting.
 */
export async function whenReachable<T>(
  work: () => Promise<T>,
  { waitMs, warn, label }: { waitMs: number; warn: (message: string) => void; label: string },
): Promise<T> {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!isConnectionFault(error) || Date.now() >= until) throw error;
      warn(`${label}: the database cannot be reached yet, trying again in 1 s`);
      await new Promise<void>((resolve) => setTimeout(resolve, 1000));
    }
  }
}
