import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

const platformPort = Number(process.env.E2E_PLATFORM_PORT ?? 4100);
const webPort = Number(process.env.E2E_WEB_PORT ?? 3100);
const simsPort = Number(process.env.E2E_SIMS_PORT ?? 4310);
const sims = `http://127.0.0.1:${simsPort}`;
const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };

/**
 * Browser tests against the production build (`npm run build` first) with a platform on a fresh
 * in-memory database. CI starts the platform before the build and it is reused here.
 */
export default defineConfig({
  testDir: 'apps/web/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'ci-reports/e2e.json' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${webPort}`,
    locale: 'da-DK',
    timezoneId: 'Europe/Copenhagen',
    trace: 'retain-on-failure',
    launchOptions,
  },
  projects: [
    // The product-call suite talks to the server only, so it runs once, in the desktop project.
    // Tests tagged @clock move the platform's clock (PUT /Test/clock): they run alone, after the
    // others, so a jump of a day cannot expire another test's session.
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions }, testIgnore: /api\.spec\.ts/, grepInvert: /@clock/ },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions }, grepInvert: /@clock/ },
    { name: 'clock', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions }, grep: /@clock/, dependencies: ['phone', 'desktop'] },
  ],
  webServer: [
    {
      command: 'node --import tsx apps/sims/src/server.ts',
      url: `${sims}/health`,
      reuseExistingServer: true,
      timeout: 60_000,
      env: {
        KRONE_ENV: 'development',
        SIMS_PORT: String(simsPort),
        WEB_PUBLIC_URL: `http://127.0.0.1:${webPort}`,
        // NemKonto pays an accepted payout after 2 s and tells the platform's webhook.
        NEMKONTO_WEBHOOK_URL: `http://127.0.0.1:${platformPort}/Payments/webhooks/nemkonto`,
        NEMKONTO_SETTLE_SECONDS: '2',
        CARDS_WEBHOOK_URL: `http://127.0.0.1:${platformPort}/Payments/webhooks/cards`,
        MOBILEPAY_WEBHOOK_URL: `http://127.0.0.1:${platformPort}/Payments/webhooks/mobilepay`,
      },
    },
    {
      command: 'node --import tsx apps/platform/src/server.ts',
      url: `http://127.0.0.1:${platformPort}/health`,
      reuseExistingServer: true,
      timeout: 120_000,
      env: {
        // Development keys, the stand-ins' plain-http URLs and demo data (docs/decisions.md).
        KRONE_ENV: 'development',
        PLATFORM_PORT: String(platformPort),
        PGLITE_DATA_DIR: 'memory://',
        LOG_LEVEL: 'warn',
        CONTACT_RATE_LIMIT_PER_HOUR: '50',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        CPR_RATE_LIMIT_PER_15_MINUTES: '1000',
        TEST_CLOCK_CONTROL: 'true',
        WEB_PUBLIC_URL: `http://127.0.0.1:${webPort}`,
        MITID_ISSUER: `${sims}/mitid`,
        MITID_CPR_MATCH_URL: `${sims}/mitid/cpr-match`,
        MOBILEPAY_ISSUER: `${sims}/mobilepay`,
        ROFUS_URL: `${sims}/rofus/check`,
        // Withdrawals: a 30 s hold to cancel in, then sent within 2 s (withdraw.spec.ts).
        NEMKONTO_API_URL: `${sims}/nemkonto`,
        PAYOUT_HOLD_MINUTES: '0.5',
        PAYOUT_PROCESS_INTERVAL_SECONDS: '2',
        CARDS_API_URL: `${sims}/cards`,
        MOBILEPAY_PAYMENTS_URL: `${sims}/mobilepay-payments`,
      },
    },
    {
      command: 'node --import tsx server.ts',
      cwd: 'apps/web',
      url: `http://127.0.0.1:${webPort}/favicon.ico`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: {
        PLATFORM_URL: `http://127.0.0.1:${platformPort}`,
        NEXT_TELEMETRY_DISABLED: '1',
        WEB_PORT: String(webPort),
        CARDS_PUBLIC_URL: `${sims}/cards`,
        // Development settings (plain http, the stand-ins, the development keys) need this (docs/decisions.md).
        KRONE_ENV: 'development',
        WEB_PUBLIC_URL: `http://127.0.0.1:${webPort}`,
      },
    },
  ],
});
