import type { NextConfig } from 'next';

const buildId = process.env.KRONE_BUILD_ID ?? `b${Date.now().toString(36)}`;

const securityHeaders = [
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
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

export default config;
