import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Every environment variable the studio reads, with its embedded default; checked once at boot. */
export const configSchema = z.object({
  /** production unless it says development or test: development keys and the test clock are refused in production. */
  KRONE_ENV: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['production', 'development', 'test']).default('production'),
  ),
  STUDIO_HOST: z.string().default('127.0.0.1'),
  STUDIO_PORT: z.coerce.number().int().min(0).max(65535).default(4400),
  /**
   * postgres://… for a PostgreSQL server (the studio's own database, or one shared with its tables
   * in the schema `studio`); `memory://` for an in-memory embedded database; empty: embedded at .data/studio.
   */
  STUDIO_DATABASE_URL: z.string().default(''),
  STUDIO_DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  STUDIO_PGLITE_DATA_DIR: z.string().default(path.join(repoRoot, '.data', 'studio')),
  /** The platform's public listener, whose games contract moves the money (the platform's PLATFORM_PUBLIC_PORT); https in production. */
  PLATFORM_URL: z.url().default('http://127.0.0.1:4001'),
  STUDIO_PROVIDER_ID: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{1,39}$/)
    .default('krone-studio'),
  /** The studio's secret for the games contract (the platform's GAME_PROVIDER_KRONE_STUDIO_SECRET). */
  STUDIO_PROVIDER_SECRET: z.string().min(16).default('krone-development-studio-secret'),
  /** The storefront server's key (`Krone-Studio-Key` on every call but /health). */
  STUDIO_API_KEY: z.string().min(16).default('krone-development-studio-key'),
  /** The least time between the starts of two rounds of a session (Danish practice: 3 s). */
  STUDIO_ROUND_PACE_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /** The play money a fun session starts with. */
  STUDIO_FUN_BALANCE_ORE: z.coerce.number().int().min(0).max(1_000_000_000).default(500_000),
  /** The money-played warning's minutes when the platform's authenticate answer does not carry them. */
  STUDIO_WARNING_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(5),
  /** A fun session lives this long (a real one as long as the platform's game session). */
  STUDIO_FUN_SESSION_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(12 * 60),
  /** One contract call's time limit; a bet without an answer by then is rolled back. */
  STUDIO_PLATFORM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** How often owed money calls (wins, rollbacks, round ends) are retried; 0: only at start. */
  STUDIO_RECOVERY_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** JSON lines, or pino-pretty's readable lines with requests at debug; unset: pretty in development (as the platform's). */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** Browser tests only: `PUT /Test/clock` moves the studio's clock. Refused in production. */
  TEST_CLOCK_CONTROL: booleanFromEnv.default(false),
});

export type Config = z.infer<typeof configSchema>;

/** Secrets with a development default: each must be set in production. */
const PRODUCTION_SECRETS = ['STUDIO_PROVIDER_SECRET', 'STUDIO_API_KEY'] as const;
export const SECRET_MIN_PRODUCTION = 32;

export function productionProblems(config: Config): string[] {
  const problems: string[] = [];
  for (const key of PRODUCTION_SECRETS) {
    if (config[key].startsWith('krone-development')) problems.push(`${key}: the development default; set a secret value in production`);
    else if (config[key].length < SECRET_MIN_PRODUCTION)
      problems.push(`${key}: at least ${SECRET_MIN_PRODUCTION} characters in production`);
  }
  if (config.TEST_CLOCK_CONTROL) problems.push('TEST_CLOCK_CONTROL: a movable clock is for tests, never in production');
  if (config.STUDIO_ROUND_PACE_MS < 3000) problems.push('STUDIO_ROUND_PACE_MS: at least 3000 in production (Danish practice)');
  // Every money call and the provider's signature travel to the platform: never in plain text, even
  // on loopback (the platform's production checks refuse plain http to a provider the same way).
  const platform = new URL(config.PLATFORM_URL);
  if (platform.protocol !== 'https:')
    problems.push(`PLATFORM_URL: must be https in production (the platform's public listener), not ${platform.protocol}//`);
  return problems;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid studio configuration:\n${problems.join('\n')}`);
  }
  if (parsed.data.KRONE_ENV === 'production') {
    const problems = productionProblems(parsed.data);
    if (problems.length)
      throw new Error(
        `Invalid studio configuration (KRONE_ENV is production${env.KRONE_ENV ? '' : ' when unset'}; set KRONE_ENV=development for a local run):\n${problems.map((line) => `  ${line}`).join('\n')}`,
      );
  }
  return parsed.data;
}

/** Where the database lives: the URL, or the embedded database's folder. */
export const databaseLocation = (config: Config) => config.STUDIO_DATABASE_URL || config.STUDIO_PGLITE_DATA_DIR;
