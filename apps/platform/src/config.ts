import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * Every environment variable the platform reads, with its embedded default.
 * Checked once at boot: a bad value stops the process with a clear message.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PLATFORM_HOST: z.string().default('127.0.0.1'),
  PLATFORM_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** postgres://… to use a PostgreSQL server; empty means the embedded PGlite database. */
  DATABASE_URL: z.string().default(''),
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
  /** Proxy addresses whose X-Forwarded-For is trusted (the storefront). */
  TRUST_PROXY: z.string().default('127.0.0.1,::1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_CONTENT: booleanFromEnv.default(true),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid platform configuration:\n${problems.join('\n')}`);
  }
  if (parsed.data.NODE_ENV === 'production') {
    for (const key of ['ALTCHA_HMAC_KEY', 'IP_HASH_SALT'] as const) {
      if (parsed.data[key].startsWith('krone-development')) {
        throw new Error(`Invalid platform configuration:\n  ${key}: set a secret value in production`);
      }
    }
  }
  return parsed.data;
}
