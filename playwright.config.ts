import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.mjs';
import { devEnv, e2ePorts } from './scripts/dev-env.mjs';

const ports = e2ePorts();
const env = devEnv('e2e', ports);
// The back office's specs reach the storefront of the same run (a player's side of a staff action).
process.env.E2E_WEB_URL = `http://${ports.host}:${ports.webPort}`;
// And the stand-ins' e-mail inbox, where a support answer lands (the player's side of it).
process.env.E2E_SIMS_URL = `http://${ports.host}:${ports.simsPort}`;
// WebGL off: the slot stage draws with PixiJS's 2D canvas renderer, which this machine's software
// GL (SwiftShader, no GPU) runs at a fraction of the CPU: about a fifth off the game specs' time.
// game-stage.spec.ts, the stage's own tests, turns WebGL back on: what a phone draws with.
const launchOptions = { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, '--disable-webgl'] };

/**
 * Each width runs what its layout changes (docs/decisions.md, "CI's time"): the layout, the pages'
 * accessibility, the header, the menu, the lobby, the links, the clock and the canonical host at
 * both. A flow that moves money or plays a game runs once, at one width, the flows split between
 * the phone (its menu and bottom bar) and the desktop (its header), so each way in is driven by
 * flows; running every flow at both widths took half of CI's time for little the one width did not show.
 */
const PHONE_FLOWS =
  /\/(players|deposit|offers|jackpots|game|game-stage|free-rounds|limits|game-history|table-lobby|contact|runtime)\.spec\.ts$/;
const DESKTOP_FLOWS = /\/(api|table-games|live|withdraw|withdraw-bonus|tournaments|history)\.spec\.ts$/;

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
    baseURL: `http://${ports.host}:${ports.webPort}`,
    locale: 'da-DK',
    timezoneId: 'Europe/Copenhagen',
    trace: 'retain-on-failure',
    launchOptions,
  },
  projects: [
    // The product-call suite talks to the server only, so it runs once, in the desktop project
    // (DESKTOP_FLOWS).
    // Tests tagged @clock move the platform's clock (PUT /Test/clock): they run alone, after the
    // others, so a jump of a day cannot expire another test's session.
    // Tests tagged @studio-clock move the studio's clock and play money rounds, which the platform
    // refuses as stale while another test has moved the platform's clock: they run after those.
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions }, testIgnore: DESKTOP_FLOWS, grepInvert: /@clock|@studio-clock/ },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions },
      testIgnore: PHONE_FLOWS,
      grepInvert: /@clock|@studio-clock/,
    },
    {
      // The back office (docs/backoffice.md): staff work at a desk, at desktop width, on its own origin.
      name: 'backoffice',
      testDir: 'apps/backoffice/e2e',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        launchOptions,
        baseURL: `http://${ports.host}:${ports.backofficePort}`,
      },
    },
    {
      name: 'clock',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions },
      grep: /@clock/,
      dependencies: ['phone', 'desktop', 'backoffice'],
    },
    {
      name: 'studio-clock',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions },
      grep: /@studio-clock/,
      dependencies: ['clock'],
    },
  ],
  webServer: [
    {
      command: 'node --import tsx apps/sims/src/server.ts',
      url: `http://${ports.host}:${ports.simsPort}/health`,
      reuseExistingServer: true,
      timeout: 60_000,
      env: env.sims,
    },
    {
      // Both listeners: the public one (the providers' webhooks, the games contract) opens second.
      command: 'node --import tsx apps/platform/src/server.ts',
      url: `http://${ports.host}:${ports.platformPublicPort}/health`,
      reuseExistingServer: true,
      timeout: 120_000,
      env: env.platform,
    },
    {
      // The game studio on a fresh in-memory database, its clock movable (the money-played warning).
      command: 'node --import tsx apps/studio/src/server.ts',
      url: `http://${ports.host}:${ports.studioPort}/health`,
      reuseExistingServer: true,
      timeout: 60_000,
      env: env.studio,
    },
    {
      command: 'node --import tsx server.ts',
      cwd: 'apps/web',
      url: `http://${ports.host}:${ports.webPort}/favicon.ico`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: env.web,
    },
    {
      // The back office's server (its SPA built by `npm run build`), relaying to the platform's staff door.
      command: 'node --import tsx server.ts',
      cwd: 'apps/backoffice',
      url: `http://${ports.host}:${ports.backofficePort}/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      env: env.backoffice,
    },
  ],
});
