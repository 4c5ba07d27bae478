import { NextResponse } from 'next/server';

/**
 * GET /api/deposit/3ds-return?deposit=…: where the card provider sends the browser after 3-D
 * Secure. The challenge runs in a frame on the deposit page, and our pages refuse framing; this
 * small page alone may be framed, by our own pages only (frame-ancestors 'self'). It runs no
 * script: the deposit page sees the frame arrive on its own origin and takes over. Opened on its
 * own (no frame), its link leads to the deposit page, which shows where the payment stands.
 */
export function GET(request: Request) {
  const deposit = new URL(request.url).searchParams.get('deposit') ?? '';
  const id = /^[0-9a-f-]{36}$/i.test(deposit) ? deposit : '';
  const html = `<!doctype html><html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Betaling</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1b1f24}</style></head>
<body><p data-testid="threeds-return" data-deposit="${id}">Vi behandler din betaling…</p><p><a href="/min-konto/overfoer${id ? `?deposit=${id}` : ''}" target="_top">Fortsæt</a></p></body></html>`;
  return new NextResponse(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
      'X-Frame-Options': 'SAMEORIGIN',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    },
  });
}

/**
 * The methods this route does not serve: 405 in our shape (lib/api.ts), loaded when asked, so this
 * page stays importable where server-only modules are not (deposit-csp.test.ts).
 */
const methodNotAllowed = async () => (await import('../../../../lib/api')).methodNotAllowed();
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
