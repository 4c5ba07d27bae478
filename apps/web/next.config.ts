import type { NextConfig } from 'next';

const buildId = process.env.KRONE_BUILD_ID ?? `b${Date.now().toString(36)}`;

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
  // No headers() here: it is evaluated at build time and frozen, while the security headers
  // depend on runtime settings (WEB_PUBLIC_URL, CARDS_PUBLIC_URL). The front door (server.ts)
  // sets them from lib/csp.ts siteSecurityHeaders; the proxy sets the per-visitor nonce policy.
};

export default config;
