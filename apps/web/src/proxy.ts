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
      // Router prefetches come from browsers that already loaded a page, so they passed.
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
