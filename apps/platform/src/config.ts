import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/**
 * Every environment variable the platform reads, with its embedded default.
 * Checked once at boot: a bad value stops the process with a clear message.
 */
export const configSchema = z.object({
  /**
   * The deployment mode (docs/decisions.md): production unless it says development or test.
   * Development keys, stand-in URLs, plain http to providers and demo data are refused in production.
   */
  KRONE_ENV: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['production', 'development', 'test']).default('production'),
  ),
  /** The internal listener, the storefront's door (every call but /health with Krone-Storefront-Key). */
  PLATFORM_HOST: z.string().default('127.0.0.1'),
  PLATFORM_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** The public listener, the providers' door: the payment webhooks, the games contract and /health only. */
  PLATFORM_PUBLIC_HOST: z.string().default('127.0.0.1'),
  PLATFORM_PUBLIC_PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  /**
   * The storefront's own key at the internal listener (header Krone-Storefront-Key, the web's
   * PLATFORM_API_KEY). At least 32 characters and not the development default in production.
   */
  STOREFRONT_API_KEY: z.string().min(16).max(200).default('krone-development-storefront-key'),
  /**
   * The staff door (issue 29, docs/backoffice.md): the back office's server only, every call but
   * /health with its key (Krone-Backoffice-Key, the back office's PLATFORM_STAFF_KEY). Never
   * exposed to the internet: bind it to a private address.
   */
  PLATFORM_STAFF_HOST: z.string().default('127.0.0.1'),
  PLATFORM_STAFF_PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  BACKOFFICE_API_KEY: z.string().min(16).max(200).default('krone-development-backoffice-key'),
  /** Where staff use the back office: the staff IdP sends them back to its /auth/callback. */
  BACKOFFICE_PUBLIC_URL: z.url().default('http://127.0.0.1:3001'),
  /** The staff identity provider (OpenID Connect; a second factor is required of every login). */
  STAFF_OIDC_ISSUER: z.url().default('http://127.0.0.1:4300/staff-idp'),
  STAFF_OIDC_CLIENT_ID: z.string().min(1).default('krone-backoffice'),
  STAFF_OIDC_CLIENT_SECRET: z.string().min(8).default('krone-development-staff-idp-secret'),
  /** A staff session ends after this much idle time, and at the latest after the absolute hours. */
  STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
  STAFF_SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(24).default(8),
  /** A manual balance correction is at most this much either way (øre; 100,000 kr. by default). */
  STAFF_CORRECTION_MAX_ORE: z.coerce.number().int().min(1).max(1_000_000_000).default(10_000_000),
  /** PEM files: the internal listener serves https itself when both are set. */
  PLATFORM_TLS_CERT_FILE: z.string().default(''),
  PLATFORM_TLS_KEY_FILE: z.string().default(''),
  /**
   * `true`: TLS to the internal listener ends at a proxy in front of it (a sidecar, a load
   * balancer), so production lets it listen in plain http on a non-loopback PLATFORM_HOST.
   */
  PLATFORM_TLS_AT_PROXY: booleanFromEnv.default(false),
  /** postgres://… to use a PostgreSQL server; empty means the embedded PGlite database. */
  DATABASE_URL: z.string().default(''),
  /**
   * Connections this process keeps to the PostgreSQL server. Size it to the server, not to the
   * traffic: a request waits in the process for a free connection, which costs less than a
   * server with more busy backends than cores (they queue on its WAL and its locks instead).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Requests that may wait for a connection while every one is busy; the next is refused at once
   * with 503 SERVICE_OVERLOADED (db/client.ts). The embedded database bounds its queue the same way.
   */
  DATABASE_POOL_MAX_WAITING: z.coerce.number().int().min(1).max(10_000).default(200),
  /** The longest a request waits for a connection before 503 SERVICE_OVERLOADED (PostgreSQL). */
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(50).max(60_000).default(5_000),
  /** The longest one statement may run (PostgreSQL's statement_timeout) before 503 SERVICE_OVERLOADED; migrations are not bounded. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(10_000),
  /** Where the embedded database keeps its files. */
  PGLITE_DATA_DIR: z.string().default(path.join(repoRoot, '.data', 'pglite')),
  BRAND_NAME: z.string().min(1).max(60).default('Krone Casino'),
  /** The base that image URLs in the content carry; the storefront swaps it for its own. */
  CONTENT_IMAGE_BASE: z.url().default('https://cdn.krone-casino.dk'),
  /** HMAC key for the contact form's proof-of-work captcha (ALTCHA). */
  ALTCHA_HMAC_KEY: z.string().min(16).default('krone-development-altcha-key-change-me'),
  /** Captcha difficulty: the largest number the browser may have to try. */
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(50_000),
  ALTCHA_EXPIRES_SECONDS: z.coerce.number().int().min(30).max(3600).default(600),
  /** Contact messages one client may send per hour. */
  CONTACT_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  /** Salt for hashing client IPs kept with contact messages (never stored in clear). */
  IP_HASH_SALT: z.string().min(8).default('krone-development-ip-salt'),
  /**
   * redis://… (or rediss://…) to keep the rate limits in Redis, shared by every platform process
   * behind the load balancer; empty keeps them in each process's memory (one process).
   */
  REDIS_URL: z.union([z.literal(''), z.string().regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL')]).default(''),
  /** The prefix of the platform's keys in Redis: several sites (or test runs) may share one server. */
  REDIS_KEY_PREFIX: z.string().min(1).max(60).default('krone:'),
  /** Proxy addresses whose X-Forwarded-For is trusted (the storefront). */
  TRUST_PROXY: z.string().default('127.0.0.1,::1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * JSON lines (what a log collector reads) or pino-pretty's readable lines with each request at
   * debug level (what a developer at `npm start` wants). Unset: pretty in development, JSON otherwise.
   */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  SEED_DEMO_CONTENT: booleanFromEnv.default(true),
  /** Browser tests only: `PUT /Test/clock` moves the platform's clock. Refused in production. */
  TEST_CLOCK_CONTROL: booleanFromEnv.default(false),

  /** HMAC key for CPR look-up hashes. Changing it orphans every stored hash. */
  CPR_HASH_KEY: z.string().min(16).default('krone-development-cpr-hash-key'),
  /** Key for AES-256-GCM of CPR numbers and broker tokens at rest. */
  DATA_ENCRYPTION_KEY: z.string().min(16).default('krone-development-data-encryption-key'),
  /** A session ends after this long without a request… */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** …and after this long whatever the activity. */
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(72).default(12),
  /** How long a login at the broker or a registration may take. */
  AUTH_TRANSACTION_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  /** Login and registration calls one client may make per minute. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /** CPR tries one client may make per 15 minutes (the broker allows 3 per person besides). */
  CPR_RATE_LIMIT_PER_15_MINUTES: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * The public listener's requests per second from one client address, counted in 10-second
   * windows before any signature is checked or the database touched (shared/public-rate-limit.ts).
   * Our studio at full speed sends about 550 a second from one address on a 2-core machine
   * (bench:flood); a provider behind one address on a bigger machine may need more.
   */
  PUBLIC_RATE_LIMIT_PER_ADDRESS_PER_SECOND: z.coerce.number().int().min(1).max(1_000_000).default(2_000),
  /** …and per provider (the games contract's provider id, each payment webhook's provider), from all its addresses together. */
  PUBLIC_RATE_LIMIT_PER_PROVIDER_PER_SECOND: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
  /**
   * Security events are written to the audit log as totals per client, event, provider, reason and
   * minute (audit/security.ts): at most this many keys a minute per process, the rest counted
   * together under `others`.
   */
  SECURITY_EVENT_KEYS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(100),
  /** How often the totals of the minutes that have ended are written (and at shutdown). */
  SECURITY_EVENT_FLUSH_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  REGISTRATION_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),

  /** The storefront's public URL: the brokers send players back to its callbacks. */
  WEB_PUBLIC_URL: z.url().default('http://127.0.0.1:3000'),
  /** Where the platform tells the storefront that published content changed (default: WEB_PUBLIC_URL's /api/revalidate). */
  STOREFRONT_REVALIDATE_URL: z.url().optional(),
  MITID_ISSUER: z.url().default('http://127.0.0.1:4300/mitid'),
  MITID_CLIENT_ID: z.string().min(1).default('krone'),
  MITID_CLIENT_SECRET: z.string().min(8).default('krone-development-mitid-secret'),
  MITID_SCOPES: z.string().default('openid profile'),
  /** Requested assurance (acr_values) and the lowest accepted in the ID token's acr. */
  MITID_ACR_VALUES: z.string().default('https://data.gov.dk/concept/core/nsis/loa/Substantial'),
  MITID_REQUIRED_LOA: z.enum(['low', 'substantial', 'high']).default('substantial'),
  /** Claim names differ between brokers; ours are configuration. */
  MITID_CLAIM_UUID: z.string().default('sub'),
  MITID_CLAIM_BIRTHDATE: z.string().default('birthdate'),
  MITID_CLAIM_GIVEN_NAME: z.string().default('given_name'),
  MITID_CLAIM_FAMILY_NAME: z.string().default('family_name'),
  /** The broker's CPR match endpoint (private-sector brokers confirm a typed CPR, never hand it out). */
  MITID_CPR_MATCH_URL: z.url().default('http://127.0.0.1:4300/mitid/cpr-match'),
  MOBILEPAY_ISSUER: z.url().default('http://127.0.0.1:4300/mobilepay'),
  MOBILEPAY_CLIENT_ID: z.string().min(1).default('krone'),
  MOBILEPAY_CLIENT_SECRET: z.string().min(8).default('krone-development-mobilepay-secret'),
  MOBILEPAY_SCOPES: z.string().default('openid profile phone'),
  ROFUS_URL: z.url().default('http://127.0.0.1:4300/rofus/check'),
  ROFUS_API_KEY: z.string().min(8).default('krone-development-rofus-key'),
  /** The e-mail provider's sending API (the stand-in's /mailbox in development): support's answers. */
  MAIL_API_URL: z.url().default('http://127.0.0.1:4300/mailbox'),
  MAIL_API_KEY: z.string().min(8).default('krone-development-mailbox-key'),
  /** Who support's answers come from, and where a player's reply goes. */
  MAIL_FROM: z.string().min(3).max(200).default('Krone Kundeservice <kundeservice@krone.dk>'),
  MAIL_REPLY_TO: z.email().default('kundeservice@krone.dk'),
  /**
   * Our own game studio's secret for the games contract (`POST /Games/providers/krone-studio/…`):
   * it signs every call with HMAC-SHA256 (games/README.md). Each provider has its own.
   */
  GAME_PROVIDER_KRONE_STUDIO_SECRET: z.string().min(16).default('krone-development-studio-secret'),
  /**
   * The live studio Lysmester Live's wallet secret (provider `lysmester-live`): the studio signs
   * every wallet call to `POST /Games/live/lysmester/…` with it (games/providers/lysmester/).
   * Empty: the provider is absent and those routes are not served. Its daily payout limit is set
   * as any provider's (GAME_PROVIDER_DAILY_PAYOUT_LIMITS `lysmester-live:øre`).
   */
  GAME_PROVIDER_LYSMESTER_LIVE_SECRET: z.union([z.literal(''), z.string().min(16).max(200)]).default(''),
  /**
   * The live studio Lysmester Live's operator API (its lobby, lobby stream and launch; issue 25):
   * where it is, our operator id there and the key we send with each call. The live casino is on
   * when this URL, the key and GAME_PROVIDER_LYSMESTER_LIVE_SECRET are all set (`liveStudioOf`);
   * empty: off (no live tables are synced, the live lobby is empty, a live launch is refused).
   */
  LYSMESTER_LIVE_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default(''),
  LYSMESTER_LIVE_OPERATOR_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,60}$/, 'letters, digits, dots, dashes or underscores')
    .default('krone'),
  /** Our key at the live studio (header x-lysmester-key). In production at least 32 characters and not the development value. */
  LYSMESTER_LIVE_API_KEY: z.union([z.literal(''), z.string().min(16).max(200)]).default('krone-development-lysmester-key'),
  /**
   * Further game providers, `id:secret` pairs separated by commas (an id is lower-case letters,
   * digits and dashes; a secret at least 16 characters). Empty: our studio only.
   */
  GAME_PROVIDERS_EXTRA: z
    .string()
    .regex(/^([a-z0-9][a-z0-9-]{1,39}:[^,:\s]{16,200}(,[a-z0-9][a-z0-9-]{1,39}:[^,:\s]{16,200})*)?$/, 'id:secret pairs, comma-separated')
    .default(''),
  /**
   * Each game provider's exposure limit: the most its wins may pay players, net of its rounds'
   * stakes, in one Copenhagen day (its games account may not fall further below where the day
   * began); a win past it is refused (GAME_PROVIDER_EXPOSURE_EXCEEDED) and recorded as a security
   * event. Øre; 100,000,000 (1 million kr.) by default.
   */
  GAME_PROVIDER_DAILY_PAYOUT_LIMIT_ORE: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(100_000_000),
  /** The limit per provider where it differs from the default: `id:øre` pairs, comma-separated. */
  GAME_PROVIDER_DAILY_PAYOUT_LIMITS: z
    .string()
    .regex(/^([a-z0-9][a-z0-9-]{1,39}:\d{1,15}(,[a-z0-9][a-z0-9-]{1,39}:\d{1,15})*)?$/, 'id:øre pairs, comma-separated')
    .default(''),
  /** A game session (launch) token lives this long; a bet after it is refused, a win or rollback never. */
  GAME_SESSION_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(12 * 60),
  /**
   * Browser tests only: `POST /Games/jackpots/{poolId}/test-drop {dropOre}` sets a pool's drop in
   * force, so a test can make the next feeding stake win it. Refused in production.
   */
  JACKPOT_TEST_HOOKS: booleanFromEnv.default(false),
  /**
   * A round's win is among the new winners when it is at least this (øre; 500 kr. by default) and
   * at least WINNERS_MIN_MULTIPLE × the round's stake; every jackpot hit is.
   */
  WINNERS_MIN_ORE: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(50_000),
  WINNERS_MIN_MULTIPLE: z.coerce.number().int().min(1).max(1_000_000).default(50),
  /** The card payment provider (the stand-in of apps/sims by default). */
  CARDS_API_URL: z.url().default('http://127.0.0.1:4300/cards'),
  CARDS_SECRET_KEY: z.string().min(8).default('krone-development-cards-secret-key'),
  /** The secret the provider signs its webhooks with. */
  CARDS_WEBHOOK_SECRET: z.string().min(8).default('krone-development-cards-webhook-secret'),
  /** NemKonto payouts (the stand-in of apps/sims by default): our key and its webhooks' secret. */
  NEMKONTO_API_URL: z.url().default('http://127.0.0.1:4300/nemkonto'),
  NEMKONTO_API_KEY: z.string().min(8).default('krone-development-nemkonto-key'),
  NEMKONTO_WEBHOOK_SECRET: z.string().min(8).default('krone-development-nemkonto-webhook-secret'),
  /** How long a requested withdrawal waits before it is sent: the player may cancel meanwhile (fractions allowed). */
  PAYOUT_HOLD_MINUTES: z.coerce
    .number()
    .min(0)
    .max(7 * 24 * 60)
    .default(60),
  /**
   * Four eyes on payouts (issue 29): a withdrawal of more than this (øre) is sent only when one
   * payments staff member proposed it and another approved it in the back office.
   */
  PAYOUT_FOUR_EYES_ORE: z.coerce.number().int().min(0).max(1_000_000_000).default(2_500_000),
  /**
   * How long a processor holds a withdrawal it claimed to send (seconds; longer than NemKonto's
   * timeout). A process that dies mid-send leaves it `sending` this long; then another sends it
   * again under the same idempotency key.
   */
  PAYOUT_SEND_LEASE_SECONDS: z.coerce.number().int().min(20).max(3600).default(120),
  /**
   * How often each platform process settles payments left under way (payments/service.ts
   * `settleStale`); 0 leaves them to the player's return and the providers' webhooks.
   */
  PAYMENT_SETTLE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** A payment under way untouched this long is asked of its provider, or failed as never sent (longer than the providers' timeout). */
  PAYMENT_STALE_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),
  /** How often the platform sends due withdrawals to NemKonto; 0 leaves it to `npm run payouts:process`. */
  PAYOUT_PROCESS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  /**
   * How often the platform settles open bonuses (counts their wagering, converts the wagered
   * through, forfeits the expired); 0 leaves it to the player's own account summary.
   */
  BONUS_SETTLE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** How often ended tournament editions are settled (their standings taken, their prizes paid once); 0: never (tests settle by hand). */
  TOURNAMENT_SETTLE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** MobilePay payments (ePayment; the stand-in of apps/sims by default), our key there and its webhook secret. */
  MOBILEPAY_PAYMENTS_URL: z.url().default('http://127.0.0.1:4300/mobilepay-payments'),
  MOBILEPAY_PAYMENTS_KEY: z.string().min(8).default('krone-development-mobilepay-payments-key'),
  MOBILEPAY_WEBHOOK_SECRET: z.string().min(8).default('krone-development-mobilepay-webhook-secret'),

  /** Where uploaded identity documents are kept on disk; relative paths start at the repository root. */
  DOCUMENTS_DIR: z
    .string()
    .min(1)
    .default(path.join(repoRoot, '.data', 'documents'))
    .transform((dir) => path.resolve(repoRoot, dir))
    .refine((dir) => !isServedDir(dir), 'must not lie in a folder the storefront serves (apps/web)'),
  /** The largest document file accepted, in bytes (after upload, before re-encoding). */
  DOCUMENTS_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(50 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /** Document uploads one client may make per 15 minutes. */
  DOCUMENTS_UPLOADS_PER_15_MINUTES: z.coerce.number().int().min(1).max(100_000).default(10),
  /** An S3-compatible store for documents instead of the disk: used when endpoint and bucket are set. */
  DOCUMENTS_S3_ENDPOINT: z.union([z.literal(''), z.url()]).default(''),
  DOCUMENTS_S3_BUCKET: z.union([z.literal(''), z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name')]).default(''),
  DOCUMENTS_S3_REGION: z.string().min(1).default('eu-north-1'),
  DOCUMENTS_S3_ACCESS_KEY_ID: z.string().default(''),
  DOCUMENTS_S3_SECRET_ACCESS_KEY: z.string().default(''),

  // The audit log's seals (audit/README.md, "Seals"): the writer's Ed25519 key (its 32-byte seed,
  // 64 hex characters), where the seals go (a folder of their own, or an S3-compatible bucket when
  // its endpoint and bucket are set), how often; and the public key alone, for the verifier.
  AUDIT_SIGNING_SEED: z
    .string()
    .regex(/^[0-9a-f]{64}$/, '64 lower-case hex characters')
    .default('d22bf61bed4a4a8521229e99cb2a7cde720001acfd571d4e4542e942f1af13cc'),
  AUDIT_SEAL_DIR: z
    .string()
    .min(1)
    .default(path.join(repoRoot, '.data', 'audit-seals'))
    .transform((dir) => path.resolve(repoRoot, dir)),
  AUDIT_SEAL_S3_ENDPOINT: z.union([z.literal(''), z.url()]).default(''),
  AUDIT_SEAL_S3_BUCKET: z.union([z.literal(''), z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name')]).default(''),
  AUDIT_SEAL_S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'folder names each ending in /, or empty')
    .default('audit-seals/'),
  AUDIT_SEAL_S3_REGION: z.string().min(1).default('eu-north-1'),
  AUDIT_SEAL_S3_ACCESS_KEY_ID: z.string().default(''),
  AUDIT_SEAL_S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** Seconds between seals (and one at start); 0 switches sealing off, which production refuses. */
  AUDIT_SEAL_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** The seals' Ed25519 public key, 64 hex characters (`audit:verify` only; empty: the file below). */
  AUDIT_VERIFY_PUBLIC_KEY: z.union([z.literal(''), z.string().regex(/^[0-9a-fA-F]{64}$/, '64 hex characters')]).default(''),
  /** A file holding the public key (64 hex characters or a PEM public key), for `audit:verify`. */
  AUDIT_VERIFY_PUBLIC_KEY_FILE: z.string().default(''),
});

/** Secrets that have a development default: each must be set in production. */
export const PRODUCTION_SECRETS = [
  'ALTCHA_HMAC_KEY',
  'IP_HASH_SALT',
  'CPR_HASH_KEY',
  'DATA_ENCRYPTION_KEY',
  'STOREFRONT_API_KEY',
  'BACKOFFICE_API_KEY',
  'STAFF_OIDC_CLIENT_SECRET',
  'MITID_CLIENT_SECRET',
  'MOBILEPAY_CLIENT_SECRET',
  'ROFUS_API_KEY',
  'MAIL_API_KEY',
  'CARDS_SECRET_KEY',
  'CARDS_WEBHOOK_SECRET',
  'NEMKONTO_API_KEY',
  'NEMKONTO_WEBHOOK_SECRET',
  'MOBILEPAY_PAYMENTS_KEY',
  'MOBILEPAY_WEBHOOK_SECRET',
  'GAME_PROVIDER_KRONE_STUDIO_SECRET',
  'AUDIT_SIGNING_SEED',
] as const;

/** Provider (and public) URLs: https and not a stand-in in production. */
export const PRODUCTION_URLS = [
  'WEB_PUBLIC_URL',
  'BACKOFFICE_PUBLIC_URL',
  'STAFF_OIDC_ISSUER',
  'MITID_ISSUER',
  'MITID_CPR_MATCH_URL',
  'MOBILEPAY_ISSUER',
  'ROFUS_URL',
  'MAIL_API_URL',
  'CARDS_API_URL',
  'NEMKONTO_API_URL',
  'MOBILEPAY_PAYMENTS_URL',
] as const;

/** Keys and provider secrets are at least this long in production. */
export const SECRET_MIN_PRODUCTION = 32;

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || host === '0.0.0.0' || /^127\./.test(host) || host === '::'
  );
}

/** Whether a listener's address is reachable from this machine only (0.0.0.0 and :: are every interface). */
export function isLoopbackListener(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

/** Every reason this configuration may not run in production, one line each naming the variable. */
export function productionProblems(config: Config): string[] {
  const problems: string[] = [];
  const defaults = configSchema.parse({});
  for (const key of PRODUCTION_SECRETS) {
    const value = config[key];
    if (value === defaults[key] || value.startsWith('krone-development'))
      problems.push(`${key}: the development default; set a secret value in production`);
  }
  if (config.STOREFRONT_API_KEY.length < SECRET_MIN_PRODUCTION)
    problems.push(`STOREFRONT_API_KEY: at least ${SECRET_MIN_PRODUCTION} characters in production`);
  if (config.BACKOFFICE_API_KEY.length < SECRET_MIN_PRODUCTION)
    problems.push(`BACKOFFICE_API_KEY: at least ${SECRET_MIN_PRODUCTION} characters in production`);
  if (!isLoopbackListener(config.PLATFORM_HOST) && !config.PLATFORM_TLS_CERT_FILE && !config.PLATFORM_TLS_AT_PROXY)
    problems.push(
      `PLATFORM_HOST: ${config.PLATFORM_HOST} is reachable beyond this machine, so the internal listener needs TLS in production: set PLATFORM_TLS_CERT_FILE and PLATFORM_TLS_KEY_FILE, or PLATFORM_TLS_AT_PROXY=true when a proxy in front ends TLS`,
    );
  for (const pair of config.GAME_PROVIDERS_EXTRA ? config.GAME_PROVIDERS_EXTRA.split(',') : []) {
    const [id, secret = ''] = pair.split(':');
    if (secret.startsWith('krone-development') || secret.length < SECRET_MIN_PRODUCTION)
      problems.push(
        `GAME_PROVIDERS_EXTRA: the secret of ${id} must be at least ${SECRET_MIN_PRODUCTION} characters and not a development value`,
      );
  }
  const live = config.GAME_PROVIDER_LYSMESTER_LIVE_SECRET;
  if (live && (live.startsWith('krone-development') || live.length < SECRET_MIN_PRODUCTION))
    problems.push(
      `GAME_PROVIDER_LYSMESTER_LIVE_SECRET: at least ${SECRET_MIN_PRODUCTION} characters and not a development value in production`,
    );
  if (config.LYSMESTER_LIVE_URL) {
    const key = config.LYSMESTER_LIVE_API_KEY;
    if (key.startsWith('krone-development') || key.length < SECRET_MIN_PRODUCTION)
      problems.push(`LYSMESTER_LIVE_API_KEY: at least ${SECRET_MIN_PRODUCTION} characters and not a development value in production`);
    const url = new URL(config.LYSMESTER_LIVE_URL);
    if (url.protocol !== 'https:') problems.push(`LYSMESTER_LIVE_URL: must be https in production, not ${url.protocol}//`);
    if (isLoopbackHost(url.hostname))
      problems.push("LYSMESTER_LIVE_URL: a stand-in (loopback) address; set the live studio's real URL in production");
  }
  for (const key of PRODUCTION_URLS) {
    const url = new URL(config[key]);
    if (url.protocol !== 'https:') problems.push(`${key}: must be https in production, not ${url.protocol}//`);
    if (isLoopbackHost(url.hostname) || config[key] === defaults[key])
      problems.push(`${key}: a stand-in (loopback) address; set the provider's real URL in production`);
  }
  if (config.SEED_DEMO_CONTENT)
    problems.push('SEED_DEMO_CONTENT: demo content and demo players are for development; set SEED_DEMO_CONTENT=false in production');
  if (config.TEST_CLOCK_CONTROL) problems.push('TEST_CLOCK_CONTROL: a movable clock is for tests, never in production');
  if (config.JACKPOT_TEST_HOOKS) problems.push('JACKPOT_TEST_HOOKS: setting a jackpot’s drop is for tests, never in production');
  // The audit log's seals (audit/README.md, "Seals"): on, and out of the database's reach.
  if (config.AUDIT_SEAL_INTERVAL_SECONDS === 0)
    problems.push('AUDIT_SEAL_INTERVAL_SECONDS: 0 switches the audit log’s seals off; production seals (300 seconds, or less)');
  if (!(config.AUDIT_SEAL_S3_ENDPOINT && config.AUDIT_SEAL_S3_BUCKET) && config.AUDIT_SEAL_DIR === defaults.AUDIT_SEAL_DIR)
    problems.push(
      'AUDIT_SEAL_DIR: the development folder; set a folder of the seals’ own that the database’s user cannot write (or an S3 bucket: AUDIT_SEAL_S3_ENDPOINT and AUDIT_SEAL_S3_BUCKET)',
    );
  return problems;
}

const within = (dir: string, parent: string) => dir === parent || dir.startsWith(`${parent}${path.sep}`);

/** The seals' store, in any mode: out of the embedded database's folder, and an S3 store whole. */
function auditSealProblems(config: Config): string[] {
  const problems: string[] = [];
  if (!config.PGLITE_DATA_DIR.startsWith('memory://')) {
    const data = path.resolve(repoRoot, config.PGLITE_DATA_DIR);
    if (within(config.AUDIT_SEAL_DIR, data) || within(data, config.AUDIT_SEAL_DIR))
      problems.push('AUDIT_SEAL_DIR: must lie outside the database’s data directory (PGLITE_DATA_DIR), in a folder of its own');
  }
  const s3 = [config.AUDIT_SEAL_S3_ENDPOINT, config.AUDIT_SEAL_S3_BUCKET];
  if (s3.some(Boolean)) {
    if (!s3.every(Boolean)) problems.push('AUDIT_SEAL_S3_ENDPOINT and AUDIT_SEAL_S3_BUCKET: set both or neither');
    if (!config.AUDIT_SEAL_S3_ACCESS_KEY_ID || !config.AUDIT_SEAL_S3_SECRET_ACCESS_KEY)
      problems.push('AUDIT_SEAL_S3_ACCESS_KEY_ID and AUDIT_SEAL_S3_SECRET_ACCESS_KEY: required with an S3 seal store');
    if (config.KRONE_ENV === 'production' && config.AUDIT_SEAL_S3_ENDPOINT && !config.AUDIT_SEAL_S3_ENDPOINT.startsWith('https:'))
      problems.push('AUDIT_SEAL_S3_ENDPOINT: must be https in production');
  }
  return problems;
}

/** Folders whose files some server hands out; documents must never land there. */
function isServedDir(dir: string): boolean {
  const web = path.join(repoRoot, 'apps', 'web');
  return dir === web || dir.startsWith(`${web}${path.sep}`);
}

export type Config = z.infer<typeof configSchema>;

/** The live studio's operator API as configured, or null when the live casino is off (a URL, a key and the wallet's secret, all three). */
export function liveStudioOf(config: Config): { url: string; operatorId: string; apiKey: string } | null {
  if (!config.LYSMESTER_LIVE_URL || !config.LYSMESTER_LIVE_API_KEY || !config.GAME_PROVIDER_LYSMESTER_LIVE_SECRET) return null;
  return {
    url: config.LYSMESTER_LIVE_URL.replace(/\/+$/, ''),
    operatorId: config.LYSMESTER_LIVE_OPERATOR_ID,
    apiKey: config.LYSMESTER_LIVE_API_KEY,
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid platform configuration:\n${problems.join('\n')}`);
  }
  if (parsed.data.KRONE_ENV === 'production') {
    const problems = productionProblems(parsed.data);
    if (problems.length) {
      throw new Error(
        `Invalid platform configuration (KRONE_ENV is production${env.KRONE_ENV ? '' : ' when unset'}; set KRONE_ENV=development for a local run):\n${problems.map((line) => `  ${line}`).join('\n')}`,
      );
    }
  }
  const config = parsed.data;
  if (Boolean(config.PLATFORM_TLS_CERT_FILE) !== Boolean(config.PLATFORM_TLS_KEY_FILE))
    throw new Error('Invalid platform configuration:\n  PLATFORM_TLS_CERT_FILE and PLATFORM_TLS_KEY_FILE: set both or neither');
  const sealProblems = auditSealProblems(config);
  if (sealProblems.length) throw new Error(`Invalid platform configuration:\n${sealProblems.map((line) => `  ${line}`).join('\n')}`);
  const s3 = [config.DOCUMENTS_S3_ENDPOINT, config.DOCUMENTS_S3_BUCKET];
  if (s3.some(Boolean)) {
    const problems: string[] = [];
    if (!s3.every(Boolean)) problems.push('  DOCUMENTS_S3_ENDPOINT and DOCUMENTS_S3_BUCKET: set both or neither');
    if (!config.DOCUMENTS_S3_ACCESS_KEY_ID || !config.DOCUMENTS_S3_SECRET_ACCESS_KEY) {
      problems.push('  DOCUMENTS_S3_ACCESS_KEY_ID and DOCUMENTS_S3_SECRET_ACCESS_KEY: required with an S3 store');
    }
    if (config.KRONE_ENV === 'production' && config.DOCUMENTS_S3_ENDPOINT && !config.DOCUMENTS_S3_ENDPOINT.startsWith('https:')) {
      problems.push('  DOCUMENTS_S3_ENDPOINT: must be https in production');
    }
    if (problems.length) throw new Error(`Invalid platform configuration:\n${problems.join('\n')}`);
  }
  return config;
}
