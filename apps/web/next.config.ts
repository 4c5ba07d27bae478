import type { NextConfig } from 'next';
import { contentSecurityPolicy, FRAMEABLE_PATH, NONCE_ROUTES } from './src/lib/csp';

const buildId = process.env.KRONE_BUILD_ID ?? `b${Date.now().toString(36)}`;

const secure = (process.env.NEXT_PUBLIC_SITE_URL ?? '').startsWith('https://');

const securityHeaders = [
  // HSTS wherever the site is served over https (every deployment but a laptop).
  ...(secure ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' }] : []),
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(self)' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

const config: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  transpilePackages: ['@krone/domain'],
  generateBuildId: async () => buildId,
  env: { NEXT_PUBLIC_BUILD_ID: buildId },
  images: {
    formats: ['image/webp'],
    // Few widths keep every srcset short (the HTML of a card grid is mostly srcsets) while
    // covering phones at 1x/2x (540/1080) and desktops (1280/1920).
    deviceSizes: [540, 768, 1080, 1280, 1920],
    imageSizes: [120, 240, 420],
    qualities: [70, 75],
    minimumCacheTTL: 86_400,
  },
  async rewrites() {
    // The news list pages by ?side=N (spec route /nyheder); a path per page lets each be cached.
    // beforeFiles: /nyheder itself is a page, which would otherwise win.
    return {
      beforeFiles: [
        {
          source: '/nyheder',
          has: [{ type: 'query', key: 'side', value: '(?<side>\\d{1,5})' }],
          destination: '/nyheder/side/:side',
        },
      ],
      afterFiles: [],
      fallback: [],
    };
  },
  async headers() {
    // Pages for one visitor get a nonce policy from the proxy; every other answer this one.
    const perVisitor = NONCE_ROUTES.map((route) => route.slice(1)).join('|');
    // The 3-D Secure return page sets its own headers: it alone may be framed, by our pages.
    const frameable = FRAMEABLE_PATH.slice(1);
    return [
      { source: `/((?!${frameable}$).*)`, headers: securityHeaders },
      {
        source: `/((?!(?:${perVisitor}|${frameable})(?:/|$)).*)`,
        headers: [{ key: 'Content-Security-Policy', value: contentSecurityPolicy({ nonce: null, secure }) }],
      },
    ];
  },
};

export default config;
