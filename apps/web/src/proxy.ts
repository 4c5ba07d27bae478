import { cookieLifetimeSeconds, isValidBtag } from '@krone/domain';
import { NextResponse, type NextRequest } from 'next/server';
import { BTAG_COOKIE } from './lib/btag';
import { isLoginRequired, loginUrlFor } from './lib/login-required';
import { UNSUPPORTED_PATH, unsupportedReasonFor } from './lib/unsupported';
import { cardsOrigin, contentSecurityPolicy, isNonceRoute, liveStudioOrigin, newNonce } from './lib/csp';
import { isProduction, sessionCookie, userCookie } from './lib/session-cookies';
import { PLATFORM_KEY_HEADER, platformApiKey } from './lib/platform-door';

const platformUrl = process.env.PLATFORM_URL ?? 'http://127.0.0.1:4000';

/** The card provider's origin, which every page's policy names (lib/csp.ts; CARDS_PUBLIC_URL, read once). */
let paymentOrigin: string | undefined;
const cardsOriginOnce = () => (paymentOrigin ??= cardsOrigin());
/** The live studio's origin, framed by the live launch page (LIVE_STUDIO_ORIGIN, read once; null when unset). */
let liveOrigin: string | null | undefined;
const liveOriginOnce = () => (liveOrigin === undefined ? (liveOrigin = liveStudioOrigin()) : liveOrigin);

/**
 * Before any page renders: turns unsupported browsers away to /unsupported, sends guests who ask
 * for a login-required route to /log-ind with the way back, and handles the logout entry
 * `/?logout=true` (spec §2). Requests without a User-Agent pass the browser check; so do
 * crawlers (see checkSupport).
 */
export async function proxy(request: NextRequest) {
  const reason = unsupportedReasonFor(request.headers.get('user-agent'));
  if (reason) {
    const url = request.nextUrl.clone();
    url.pathname = UNSUPPORTED_PATH;
    url.search = `?reason=${reason}`;
    return NextResponse.redirect(url, 307);
  }

  const { pathname, searchParams, search } = request.nextUrl;
  if (pathname === '/' && searchParams.get('logout') === 'true') return logout(request);

  if (isLoginRequired(pathname) && !request.cookies.get(sessionCookie())?.value) {
    return redirectOnHost(request, loginUrlFor(`${pathname}${search}`), 307);
  }
  const response = isNonceRoute(pathname) ? withNonce(request) : NextResponse.next();
  const btag = searchParams.get('btag');
  if (isValidBtag(btag)) await keepBtag(request, response, btag);
  return response;
}

/**
 * The route middleware's btag step (spec §8): a partner's `?btag=` on any page is kept in the
 * `krone_btag` cookie, for the lifetime the content's landingPageCookie (a landing page, /lp/…) or
 * registrationCookie (any other page) sets, 30 days when the config cannot be read. The last
 * partner's link counts. Registration hands it to the platform (api/registration/complete).
 */
async function keepBtag(request: NextRequest, response: NextResponse, btag: string) {
  const config = request.nextUrl.pathname.startsWith('/lp/') ? 'landingPageCookie' : 'registrationCookie';
  const maxAge = (await cookieConfig(config)) ?? 30 * 86_400;
  response.cookies.set(BTAG_COOKIE, btag, {
    path: '/',
    maxAge,
    httpOnly: true,
    sameSite: 'lax',
    secure: isProduction() || request.nextUrl.protocol === 'https:',
  });
}

/** The cookie configs' lifetimes, read from the platform at most every five minutes. */
const cookieConfigs = new Map<string, { seconds: number | null; until: number }>();
async function cookieConfig(name: string): Promise<number | null> {
  const cached = cookieConfigs.get(name);
  if (cached && cached.until > Date.now()) return cached.seconds;
  let seconds: number | null = null;
  try {
    const answer = await fetch(`${platformUrl}/CMScasino/systemConfigByName?name=${encodeURIComponent(name)}`, {
      headers: { [PLATFORM_KEY_HEADER]: platformApiKey() },
      signal: AbortSignal.timeout(2000),
    });
    if (answer.ok) seconds = cookieLifetimeSeconds(((await answer.json()) as { data?: { value?: unknown } }).data?.value);
  } catch {
    // The default lifetime then; asked again next time.
    return null;
  }
  cookieConfigs.set(name, { seconds, until: Date.now() + 5 * 60_000 });
  return seconds;
}

/**
 * A fresh nonce and the strict policy for a page rendered for one visitor. Next reads the nonce
 * from the request's policy header and puts it on every script it writes (lib/csp.ts).
 */
function withNonce(request: NextRequest) {
  const nonce = newNonce();
  const policy = contentSecurityPolicy({
    nonce,
    secure: request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https',
    paymentOrigin: cardsOriginOnce(),
    liveOrigin: liveOriginOnce(),
  });
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

/**
 * The logout link. A link is a GET, so a page elsewhere could aim one at us: only a navigation
 * from our own pages (or typed by the player) logs out; anything cross-site just goes home.
 */
async function logout(request: NextRequest) {
  const response = redirectOnHost(request, '/', 303);
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return response;
  const token = request.cookies.get(sessionCookie())?.value;
  if (token) {
    try {
      await fetch(`${platformUrl}/Players/sessions/${encodeURIComponent(token)}/logout`, {
        method: 'POST',
        // The visitor's address, as the front door (server.ts) normalised it, for the platform's per-address limits.
        headers: { 'X-Forwarded-For': request.headers.get('x-forwarded-for') ?? '127.0.0.1', [PLATFORM_KEY_HEADER]: platformApiKey() },
        signal: AbortSignal.timeout(3000),
      });
    } catch {
      // The cookies go anyway; the session ends by itself within its idle time.
    }
  }
  // A __Host- cookie is only replaced by one with the same Secure and Path, so no plain delete.
  const secure = isProduction() || request.nextUrl.protocol === 'https:';
  for (const name of [sessionCookie(), userCookie()]) response.cookies.set(name, '', { path: '/', maxAge: 0, secure, sameSite: 'lax' });
  return response;
}

/**
 * A redirect on the host the browser used (cookies are per host), which is not always the
 * address the server believes it has.
 */
function redirectOnHost(request: NextRequest, path: string, status: 303 | 307) {
  const first = (name: string) => request.headers.get(name)?.split(',')[0]?.trim() || undefined;
  const host = first('x-forwarded-host') ?? first('host') ?? request.nextUrl.host;
  const proto = first('x-forwarded-proto') ?? request.nextUrl.protocol.replace(/:$/, '');
  const response = NextResponse.redirect(new URL(path, `${proto}://${host}`), status);
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

export const config = {
  matcher: [
    {
      // Pages only: not the API, Next's own files, media, the favicon, the build metadata, the
      // unsupported page itself, or anything that looks like a file.
      source: '/((?!(?:api|_next|media|unsupported)(?:/|$)|favicon\\.ico$|build-meta\\.json$|.*\\.[^/]*$).*)',
      // Only User-Agents that might be below what we support run the proxy: a superset of what
      // checkSupport turns away (proxy-config.test.ts checks it against the domain's table), so
      // a current browser's page is served without it, which is most of a cached page's cost.
      has: [
        {
          type: 'header',
          key: 'user-agent',
          value:
            '(?:(?!.*(?:Chrome|CriOS|Chromium)/).*AppleWebKit/(?:[1-5]\\d\\d|60[0-4])\\b.*|.*(?:MSIE |Trident/|Edge/|Presto/|Opera Mini|(?:iPhone|iPad|CPU) OS (?:[1-9]|1[0-4])_|Android [1-7](?:[.;) ]|$)|(?:Chrome|CriOS|Chromium)/(?:\\d{1,2}|10[0-8])\\.|Version/(?:[1-9]|1[0-4])(?:\\.\\d+)*(?: Mobile/\\S+)? Safari/|(?:Firefox|FxiOS)/(?:\\d{1,2}|10\\d|11[0-4])\\.|Edg(?:A|iOS)?/(?:\\d{1,2}|10[0-8])\\.|SamsungBrowser/1?\\d\\.|OPR/\\d{1,2}\\.|rv:(?:[1-9]|[1-6]\\d|7[0-7])\\.\\d+\\) Gecko/).*)',
        },
      ],
      // Router prefetches come from browsers that already loaded a page, so they passed.
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
    // Login-required routes (spec §2), for every browser.
    '/min-konto/:path*',
    '/spilleautomater/mine-favoritter',
    '/spilleautomater/spil-for-penge/:path*',
    '/bordspil/spil-for-penge/:path*',
    '/live-casino/spil-for-penge/:path*',
    '/mobil-live-casino/:path*',
    '/quick-deposit',
    // Pages rendered for one visitor, which get a nonce policy (lib/csp.ts NONCE_ROUTES).
    '/log-ind',
    '/registrer',
    '/loginsuccess',
    '/kontaktos',
    '/unsubscribe',
    '/unsubscribesms',
    '/unsubscribebrand',
    '/unsubscribe-brand',
    '/QuickDeposit',
    '/MobilePay',
    '/MobilePayQuick',
    '/extpayment',
    // The logout entry.
    { source: '/', has: [{ type: 'query', key: 'logout', value: 'true' }] },
    // A partner's link: the btag is kept (keepBtag), on any page.
    { source: '/((?!api|_next|media).*)', has: [{ type: 'query', key: 'btag' }] },
  ],
};
