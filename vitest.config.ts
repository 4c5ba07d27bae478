import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] },
      },
      {
        test: { name: 'games-math', include: ['packages/games-math/src/**/*.test.ts'], testTimeout: 60_000 },
      },
      {
        // The runtime and the launchers' wiring (scripts/runtime.mjs, scripts/dev-env.mjs).
        test: { name: 'tooling', include: ['scripts/**/*.test.mjs'] },
      },
      {
        test: {
          name: 'platform',
          include: ['apps/platform/test/**/*.test.ts', 'apps/platform/src/**/*.test.ts'],
          // One migrated and seeded database per run, copied by every test platform (test/db-template.ts).
          globalSetup: ['apps/platform/test/db-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'sims', include: ['apps/sims/test/**/*.test.ts'], testTimeout: 20_000 },
      },
      {
        // The studio against an in-process platform (PGlite, or PostgreSQL with TEST_DATABASE_URL).
        test: {
          name: 'studio',
          include: ['apps/studio/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['apps/platform/test/db-template.ts'],
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Pure unit tests of components and helpers: one module graph per worker, not per file
          // (React and the components imported once: 16 s of the suite down to 3 s). A test that
          // needs a fresh module state resets it itself (e.g. resetFavourites).
          isolate: false,
          // The storefront's deployment mode (apps/web/src/lib/session-cookies.ts): plain cookie names.
          env: { KRONE_ENV: 'test' },
        },
      },
      {
        // The back office's server (apps/backoffice): its login round trip, the relay to the staff door, CSRF, headers.
        test: { name: 'backoffice', include: ['apps/backoffice/test/**/*.test.ts'] },
      },
      {
        // The storefront's production build (npm run build) served as deployed, against an in-process
        // platform and studio: its /api/* routes against bad input (apps/web/test/bad-input.test.ts).
        test: { name: 'web-server', include: ['apps/web/test/**/*.test.ts'], testTimeout: 600_000, hookTimeout: 180_000 },
      },
    ],
  },
});
