import type { ServerResponse } from 'node:http';

/** The sims' path prefix of the physical casino's site (the storefront's PHYSICAL_CASINO_URL in development). */
export const PHYSICAL_CASINO_PREFIX = '/casino-site';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * A stand-in for the physical casino's own site (Casino Aarhus), where the storefront sends the
 * spec's physical-casino pages: one plain page for any path under the prefix, naming the page
 * asked for and linking back to the online casino.
 */
export function servePhysicalCasinoPage(res: ServerResponse, path: string, webPublicUrl: string) {
  const page = escapeHtml(decodeURIComponent(path).slice(0, 200));
  const body = `<!doctype html>
<html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Casino Aarhus</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem">
<h1>Casino Aarhus</h1>
<p data-testid="physical-casino-page">Du er på det fysiske casinos eget website (stand-in): <code>${page}</code></p>
<p><a href="${escapeHtml(webPublicUrl)}">Tilbage til onlinecasinoet</a></p>
</body></html>`;
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}
