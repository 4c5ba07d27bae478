import { z } from 'zod';

/** The key the platform's staff door accepts in development (its BACKOFFICE_API_KEY default). */
export const DEVELOPMENT_STAFF_KEY = 'krone-development-backoffice-key';
const PRODUCTION_KEY_MIN = 32;

const LOOPBACK = /^(localhost|127(?:\.\d+){3}|\[::1\])$/i;

const httpUrl = z.url({ protocol: /^https?$/ });

const configSchema = z
  .object({
    KRONE_ENV: z.enum(['production', 'development', 'test']).default('production'),
    BACKOFFICE_HOST: z.string().min(1).default('127.0.0.1'),
    BACKOFFICE_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
    BACKOFFICE_PUBLIC_URL: httpUrl.default('http://127.0.0.1:3001'),
    PLATFORM_STAFF_URL: httpUrl.default('http://127.0.0.1:4002'),
    PLATFORM_STAFF_KEY: z.string().min(16).max(200).default(DEVELOPMENT_STAFF_KEY),
  })
  .superRefine((config, context) => {
    const problem = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    const publicUrl = new URL(config.BACKOFFICE_PUBLIC_URL);
    if (publicUrl.pathname !== '/' || publicUrl.search || publicUrl.hash)
      problem('BACKOFFICE_PUBLIC_URL', 'an origin only (scheme, host and port), without a path');
    if (config.KRONE_ENV !== 'production') return;
    if (publicUrl.protocol !== 'https:') problem('BACKOFFICE_PUBLIC_URL', 'must be https in production');
    if (config.PLATFORM_STAFF_KEY === DEVELOPMENT_STAFF_KEY || config.PLATFORM_STAFF_KEY.startsWith('krone-development'))
      problem('PLATFORM_STAFF_KEY', 'the development default; set the staff door’s own key in production');
    else if (config.PLATFORM_STAFF_KEY.length < PRODUCTION_KEY_MIN)
      problem('PLATFORM_STAFF_KEY', `at least ${PRODUCTION_KEY_MIN} characters in production`);
    const staffUrl = new URL(config.PLATFORM_STAFF_URL);
    if (staffUrl.protocol !== 'https:' && !LOOPBACK.test(staffUrl.hostname))
      problem('PLATFORM_STAFF_URL', 'must be https in production unless the platform is on this machine (loopback)');
  });

export type BackofficeConfig = z.infer<typeof configSchema>;

export type ConfigResult = { ok: true; config: BackofficeConfig } | { ok: false; problems: string[] };

/** Reads the configuration from the environment: the config, or every problem, one line each naming its variable. */
export function readConfig(env: Record<string, string | undefined>): ConfigResult {
  const known = Object.fromEntries(Object.keys(configSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]));
  const parsed = configSchema.safeParse(known);
  if (parsed.success) return { ok: true, config: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'config'}: ${issue.message}`),
  };
}

/** The configuration for tests and development: every default, development mode, and what is given. */
export function testConfig(overrides: Partial<BackofficeConfig> = {}): BackofficeConfig {
  const result = readConfig({ KRONE_ENV: 'test' });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return { ...result.config, ...overrides };
}
