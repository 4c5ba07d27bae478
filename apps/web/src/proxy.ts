import { NextResponse, type NextRequest } from 'next/server';
import { UNSUPPORTED_PATH, unsupportedReasonFor } from './components/runtime/unsupported';

/**
 * Turns browsers Krone does not support away to /unsupported before any page renders. Requests
 * without a User-Agent (health checks, some tools) pass; so do crawlers (see checkSupport).
 */
export function proxy(request: NextRequest) {
  const reason = unsupportedReasonFor(request.headers.get('user-agent'));
  if (!reason) return NextResponse.next();
  const url = request.nextUrl.clone();
  url.pathname = UNSUPPORTED_PATH;
  url.search = `?reason=${reason}`;
  return NextResponse.redirect(url, 307);
}

export const config = {
  matcher: [
    {
      // Pages only: not the API, Next's own files, media, the favicon, the build metadata, the
      // unsupported page itself, or anything that looks like a file.
      source:
        '/((?!(?:api|_next|media|unsupported)(?:/|$)|favicon\\.ico$|build-meta\\.json$|.*\\.[^/]*$).*)',
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
  ],
};
