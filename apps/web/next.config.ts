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
    deviceSizes: [540, 640, 768, 1024, 1280, 1536, 1920],
    imageSizes: [48, 96, 210, 256, 420],
    qualities: [70, 75],
    minimumCacheTTL: 86_400,
  },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

export default config;
