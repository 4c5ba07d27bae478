// The storefront's production server: Next's request handler behind the in-memory response cache
// (src/edge/response-cache.ts). `npm start`, the browser tests and the benchmark all run this,
// so what is measured is what is served. `next dev` is unchanged for development.
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unsupportedReasonFor } from './src/lib/unsupported';
import { canonicalOrigin, canonicalRedirect } from './src/edge/canonical-host';
import { escapeUndecodablePath, normaliseForwarding } from './src/edge/front-door';
import { physicalCasinoRedirect, physicalCasinoSite } from './src/edge/physical-casino';
import { createResponseCache } from './src/edge/response-cache';
import { refuseBadStartup } from './src/edge/startup-check';
import { parseTrustedProxies } from './src/edge/trusted-proxies';
import { cardsOrigin, liveStudioOrigin, securityHeadersFor, siteSecurityHeaders } from './src/lib/csp';
import { logError } from './src/lib/log-redaction';

// First, before Next loads a build: production (KRONE_ENV unset or `production`) refuses
// development settings, one line per problem, and exits non-zero.
refuseBadStartup();

const host = process.env.WEB_HOST ?? '127.0.0.1';
const port = Number(process.env.WEB_PORT ?? 3000);
const cacheSeconds = Number(process.env.WEB_CACHE_SECONDS ?? 10);
const cacheMegabytes = Number(process.env.WEB_CACHE_MB ?? 64);
const trustedProxies = parseTrustedProxies(process.env.WEB_TRUST_PROXY);
// The canonical origin every page is served on, and the site-wide security headers, from the
// runtime settings (WEB_PUBLIC_URL, CARDS_PUBLIC_URL, LIVE_STUDIO_ORIGIN), once (edge/canonical-host.ts, lib/csp.ts).
const canonical = canonicalOrigin();
// The physical casino's own site (PHYSICAL_CASINO_URL), where its pages here are sent (edge/physical-casino.ts).
const physicalCasino = physicalCasinoSite();
const securityHeaders = siteSecurityHeaders({ publicUrl: canonical, paymentOrigin: cardsOrigin(), liveOrigin: liveStudioOrigin() });
for (const [name, value] of Object.entries({ WEB_PORT: port, WEB_CACHE_SECONDS: cacheSeconds, WEB_CACHE_MB: cacheMegabytes })) {
  if (!Number.isFinite(value) || value < 0) {
    console.error(`storefront: ${name} must be a non-negative number`);
    process.exit(1);
  }
}

// React and Next pick their production builds from NODE_ENV, which `next start` sets itself.
if (process.env.NODE_ENV !== 'production') Object.assign(process.env, { NODE_ENV: 'production' });
const { default: next } = await import('next');
const app = next({ dev: false, dir: path.dirname(fileURLToPath(import.meta.url)), hostname: host, port });
await app.prepare();
const handle = app.getRequestHandler();

const cache = createResponseCache({
  maxBytes: cacheMegabytes * 1024 * 1024,
  maxEntryBytes: 1024 * 1024,
  maxAgeMs: cacheSeconds * 1000,
  host: new URL(canonical).host,
  // Browsers the proxy may turn away to /unsupported must reach it (src/proxy.ts).
  bypass: (request) => cacheSeconds === 0 || unsupportedReasonFor(request.headers['user-agent']) !== null,
});

const server = createServer((request, response) => {
  // Who the visitor is, from the socket or a trusted proxy (edge/front-door.ts), before anything reads it.
  normaliseForwarding(request, trustedProxies);
  // A path that does not decode reaches its route as text (Next answered it with a bare 500).
  request.url = escapeUndecodablePath(request.url ?? '/');
  for (const [name, value] of securityHeadersFor((request.url ?? '/').split('?')[0]!, securityHeaders)) response.setHeader(name, value);
  // A page asked for on another host goes to the canonical one, where the login brokers return to.
  const elsewhere = canonicalRedirect(request, canonical) ?? physicalCasinoRedirect(request.url ?? '/', physicalCasino);
  if (elsewhere) {
    response.writeHead(308, { location: elsewhere, 'cache-control': 'no-store', 'content-type': 'text/plain; charset=utf-8' });
    response.end(request.method === 'HEAD' ? undefined : `${elsewhere}\n`);
    return;
  }
  cache.handle(request, response, () => {
    handle(request, response).catch((error: unknown) => {
      logError(`storefront: request failed: ${request.method} ${request.url}`, error);
      if (!response.headersSent) response.statusCode = 500;
      response.end();
    });
  });
});
server.listen(port, host, () => {
  console.log(`storefront ready on http://${host}:${port} (response cache ${cacheSeconds} s, ${cacheMegabytes} MB)`);
});

const shutdown = () => server.close(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
