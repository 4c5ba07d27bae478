#!/usr/bin/env node
// The wiring between the stand-ins, the platform, the game studio and the storefront on one machine, written once:
// `npm start` (scripts/start.mjs), the browser tests (playwright.config.ts) and CI (.ci/run) take
// their environments from here. Each service's own defaults live in its config; this module only
// says where the others are and which development settings a local run needs (KRONE_ENV).
//
//   node scripts/dev-env.mjs e2e sims    prints the stand-ins' environment of the browser tests,
//                                        one KEY=value a line (`mapfile -t env < <(...)` in bash)
import { pathToFileURL } from 'node:url';

/** Where the browser tests run: their own ports, so a running `npm start` does not get in the way. */
export function e2ePorts(env = process.env) {
  return {
    host: '127.0.0.1',
    simsPort: Number(env.E2E_SIMS_PORT ?? 4310),
    platformPort: Number(env.E2E_PLATFORM_PORT ?? 4100),
    platformPublicPort: Number(env.E2E_PLATFORM_PUBLIC_PORT ?? 4101),
    webPort: Number(env.E2E_WEB_PORT ?? 3100),
    studioPort: Number(env.E2E_STUDIO_PORT ?? 4410),
    livePort: Number(env.E2E_LIVE_PORT ?? 4360),
    platformStaffPort: Number(env.E2E_PLATFORM_STAFF_PORT ?? 4102),
    backofficePort: Number(env.E2E_BACKOFFICE_PORT ?? 3101),
  };
}

/** Where `npm start` runs (the README's ports). */
export function demoPorts(env = process.env) {
  return {
    host: '127.0.0.1',
    simsPort: Number(env.SIMS_PORT ?? 4300),
    platformPort: Number(env.PLATFORM_PORT ?? 4000),
    platformPublicPort: Number(env.PLATFORM_PUBLIC_PORT ?? 4001),
    webPort: Number(env.WEB_PORT ?? 3000),
    studioPort: Number(env.STUDIO_PORT ?? 4400),
    livePort: Number(env.LIVE_PORT ?? 4350),
    platformStaffPort: Number(env.PLATFORM_STAFF_PORT ?? 4002),
    backofficePort: Number(env.BACKOFFICE_PORT ?? 3001),
  };
}

/**
 * The environment of each service, as strings.
 * - `demo` (`npm start`): the embedded database under .data, a withdrawal held 2 minutes so a demo
 *   shows a payout end to end (an operator's default is 60).
 * - `e2e` (browser tests and CI's build): a fresh in-memory database, generous rate limits, the
 *   movable test clock, and fast payouts: a 30 s hold to cancel in, sent within 2 s and paid by
 *   the NemKonto stand-in after 2 s (withdraw.spec.ts).
 */
export function devEnv(
  profile,
  {
    host,
    simsPort,
    platformPort,
    platformPublicPort = platformPort + 1,
    webPort,
    studioPort = 4400,
    livePort = 4350,
    platformStaffPort = platformPort + 2,
    backofficePort = webPort + 1,
  },
) {
  if (profile !== 'demo' && profile !== 'e2e') throw new Error(`dev-env: unknown profile ${profile} (demo or e2e)`);
  const studio = `http://${host}:${studioPort}`;
  const sims = `http://${host}:${simsPort}`;
  // The live studio stand-in (Lysmester Live) runs in the sims process on its own port: its game
  // client comes from another origin than the casino's, as a real live studio's does.
  const live = `http://${host}:${livePort}`;
  // The platform's two listeners (docs/decisions.md, "The platform's doors"): the storefront's
  // (its key on every call), and the providers' (the webhooks and the games contract).
  const platform = `http://${host}:${platformPort}`;
  const platformPublic = `http://${host}:${platformPublicPort}`;
  const web = `http://${host}:${webPort}`;
  // The back office (docs/backoffice.md): its own origin, and the platform's staff door behind it.
  const backoffice = `http://${host}:${backofficePort}`;
  const platformStaff = `http://${host}:${platformStaffPort}`;
  const e2e = profile === 'e2e';
  return {
    sims: {
      KRONE_ENV: 'development',
      SIMS_HOST: host,
      SIMS_PORT: String(simsPort),
      WEB_PUBLIC_URL: web,
      // The staff IdP stand-in sends staff back to the back office.
      BACKOFFICE_PUBLIC_URL: backoffice,
      // The card provider and MobilePay report payments, NemKonto payouts paid, to the platform's
      // webhooks, on its public listener.
      CARDS_WEBHOOK_URL: `${platformPublic}/Payments/webhooks/cards`,
      MOBILEPAY_WEBHOOK_URL: `${platformPublic}/Payments/webhooks/mobilepay`,
      NEMKONTO_WEBHOOK_URL: `${platformPublic}/Payments/webhooks/nemkonto`,
      ...(e2e ? { NEMKONTO_SETTLE_SECONDS: '2' } : {}),
      // Lysmester Live calls the operator's wallet on the platform's public listener.
      LYSMESTER_PORT: String(livePort),
      LYSMESTER_OPERATOR_ID: DEV_LIVE_OPERATOR_ID,
      LYSMESTER_OPERATOR_KEY: DEV_LIVE_OPERATOR_KEY,
      LYSMESTER_WALLET_URL: `${platformPublic}/Games/live/lysmester`,
      LYSMESTER_WALLET_SECRET: DEV_LIVE_WALLET_SECRET,
      LYSMESTER_EMBED_ORIGINS: web,
      // The browser tests play live rounds at half the pace (7.5 s of betting), so a round fits a test.
      ...(e2e ? { LYSMESTER_PACE: '0.5' } : {}),
    },
    platform: {
      // Development keys, the stand-ins' plain-http URLs and demo data (docs/decisions.md).
      KRONE_ENV: 'development',
      PLATFORM_HOST: host,
      PLATFORM_PORT: String(platformPort),
      PLATFORM_PUBLIC_HOST: host,
      PLATFORM_PUBLIC_PORT: String(platformPublicPort),
      // The storefront's key at the internal listener (the web's PLATFORM_API_KEY).
      STOREFRONT_API_KEY: DEV_STOREFRONT_API_KEY,
      WEB_PUBLIC_URL: web,
      // The staff door, the back office's key at it, and the staff IdP (the stand-in).
      PLATFORM_STAFF_HOST: host,
      PLATFORM_STAFF_PORT: String(platformStaffPort),
      BACKOFFICE_API_KEY: DEV_BACKOFFICE_API_KEY,
      BACKOFFICE_PUBLIC_URL: backoffice,
      STAFF_OIDC_ISSUER: `${sims}/staff-idp`,
      MITID_ISSUER: `${sims}/mitid`,
      MITID_CPR_MATCH_URL: `${sims}/mitid/cpr-match`,
      MOBILEPAY_ISSUER: `${sims}/mobilepay`,
      ROFUS_URL: `${sims}/rofus/check`,
      MAIL_API_URL: `${sims}/mailbox`,
      CARDS_API_URL: `${sims}/cards`,
      MOBILEPAY_PAYMENTS_URL: `${sims}/mobilepay-payments`,
      NEMKONTO_API_URL: `${sims}/nemkonto`,
      // The studio signs its games-contract calls with this secret (the studio's STUDIO_PROVIDER_SECRET).
      GAME_PROVIDER_KRONE_STUDIO_SECRET: DEV_STUDIO_PROVIDER_SECRET,
      // The live studio: its lobby and launch (our key there), and its signed wallet calls to us.
      GAME_PROVIDER_LYSMESTER_LIVE_SECRET: DEV_LIVE_WALLET_SECRET,
      LYSMESTER_LIVE_URL: live,
      LYSMESTER_LIVE_OPERATOR_ID: DEV_LIVE_OPERATOR_ID,
      LYSMESTER_LIVE_API_KEY: DEV_LIVE_OPERATOR_KEY,
      ...(e2e
        ? {
            PGLITE_DATA_DIR: 'memory://',
            LOG_LEVEL: 'warn',
            CONTACT_RATE_LIMIT_PER_HOUR: '50',
            AUTH_RATE_LIMIT_PER_MINUTE: '1000',
            CPR_RATE_LIMIT_PER_15_MINUTES: '1000',
            TEST_CLOCK_CONTROL: 'true',
            // The browser tests force a jackpot's drop (POST /Games/jackpots/{poolId}/test-drop).
            JACKPOT_TEST_HOOKS: 'true',
            PAYOUT_HOLD_MINUTES: '0.5',
            PAYOUT_PROCESS_INTERVAL_SECONDS: '2',
          }
        : { PAYOUT_HOLD_MINUTES: process.env.PAYOUT_HOLD_MINUTES ?? '2' }),
    },
    web: {
      // Development settings (plain http, the stand-ins, the development keys) need KRONE_ENV (docs/decisions.md).
      KRONE_ENV: 'development',
      NEXT_TELEMETRY_DISABLED: '1',
      PLATFORM_URL: platform,
      PLATFORM_API_KEY: DEV_STOREFRONT_API_KEY,
      WEB_HOST: host,
      WEB_PORT: String(webPort),
      WEB_PUBLIC_URL: web,
      CARDS_PUBLIC_URL: `${sims}/cards`,
      // The storefront's server calls the studio with its key (apps/studio/README.md).
      STUDIO_URL: studio,
      STUDIO_API_KEY: DEV_STUDIO_API_KEY,
      // The live studio's game client, embedded in the live launch page (CSP frame-src).
      LIVE_STUDIO_ORIGIN: live,
      // The physical casino's own site (its stand-in in the sims), where its pages here are sent.
      PHYSICAL_CASINO_URL: `${sims}/casino-site`,
    },
    backoffice: {
      // The operator's staff app (apps/backoffice): its server relays to the platform's staff door.
      KRONE_ENV: 'development',
      BACKOFFICE_HOST: host,
      BACKOFFICE_PORT: String(backofficePort),
      BACKOFFICE_PUBLIC_URL: backoffice,
      PLATFORM_STAFF_URL: platformStaff,
      PLATFORM_STAFF_KEY: DEV_BACKOFFICE_API_KEY,
    },
    studio: {
      // Our game studio (apps/studio): a provider of the platform's games contract.
      KRONE_ENV: 'development',
      STUDIO_HOST: host,
      STUDIO_PORT: String(studioPort),
      // The games contract is on the platform's public listener.
      PLATFORM_URL: platformPublic,
      STUDIO_PROVIDER_SECRET: DEV_STUDIO_PROVIDER_SECRET,
      STUDIO_API_KEY: DEV_STUDIO_API_KEY,
      ...(e2e ? { STUDIO_DATABASE_URL: 'memory://', LOG_LEVEL: 'warn', TEST_CLOCK_CONTROL: 'true' } : {}),
    },
  };
}

/** The development secret between the studio and the platform's games contract, and the storefront's key to the studio. */
const DEV_STUDIO_PROVIDER_SECRET = 'krone-development-studio-secret';
const DEV_STUDIO_API_KEY = 'krone-development-studio-key';
/** Lysmester Live: the operator's id and key at the studio, and the secret the studio signs wallet calls with. */
const DEV_LIVE_OPERATOR_ID = 'krone';
const DEV_LIVE_OPERATOR_KEY = 'krone-development-lysmester-key';
const DEV_LIVE_WALLET_SECRET = 'krone-development-lysmester-wallet-secret';
/** The storefront's key at the platform's internal listener (the platform's STOREFRONT_API_KEY, the web's PLATFORM_API_KEY). */
const DEV_STOREFRONT_API_KEY = 'krone-development-storefront-key';
/** The back office server's key at the platform's staff door (the platform's BACKOFFICE_API_KEY, the back office's PLATFORM_STAFF_KEY). */
const DEV_BACKOFFICE_API_KEY = 'krone-development-backoffice-key';

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  const [profile, service] = process.argv.slice(2);
  const env = devEnv(profile, profile === 'e2e' ? e2ePorts() : demoPorts())[service];
  if (!env) {
    console.error('usage: node scripts/dev-env.mjs <demo|e2e> <sims|platform|studio|web|backoffice>');
    process.exit(2);
  }
  for (const [key, value] of Object.entries(env)) console.log(`${key}=${value}`);
}
