/**
 * Next runs `register` once as a server starts, whatever starts it: `server.ts` (which also checks
 * before it loads Next), a bare `next start`, or a host's own runner of the build. So the
 * storefront's production checks (edge/startup-check.ts) hold for every start, not only the one
 * through server.ts: a deployment with development settings stops here with one line per problem.
 */
export async function register() {
  // The check reads node:net (trusted proxies); an edge runtime has neither it nor a start to refuse.
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { refuseBadStartupAtServerStart } = await import('./edge/startup-check');
  refuseBadStartupAtServerStart();
}
