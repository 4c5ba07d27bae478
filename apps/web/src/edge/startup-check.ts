import { DEVELOPMENT_PLATFORM_API_KEY } from '../lib/platform-door';
import { kroneEnv } from '../lib/session-cookies';
import { DEVELOPMENT_SITE_INFO_KEY } from '../lib/site-info-signature';
import { parseTrustedProxies } from './trusted-proxies';

type Env = Record<string, string | undefined>;

const LOOPBACK = /^(localhost|127(?:\.\d+){3}|\[::1\]|0\.0\.0\.0)$/i;

function url(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * What stops the storefront from starting, one line each (docs/decisions.md, "Production fails
 * closed"). KRONE_ENV is production unless it says development or test, so a deployment that
 * forgets it gets the strict checks: an https public URL (the session cookie is then Secure with a
 * __Host- name and HSTS is on), the real card provider on https, a site-info key of its own, the
 * platform over https unless on loopback and the storefront's own key there.
 * Development and test only get the checks that hold everywhere.
 */
export function startupProblems(env: Env): string[] {
  const problems: string[] = [];
  if (env.KRONE_ENV !== undefined && env.KRONE_ENV !== '' && !['production', 'development', 'test'].includes(env.KRONE_ENV)) {
    problems.push(`KRONE_ENV must be production, development or test, not "${env.KRONE_ENV}"`);
  }
  problems.push(...parseTrustedProxies(env.WEB_TRUST_PROXY).problems);
  const publicUrl = env.WEB_PUBLIC_URL;
  if (publicUrl !== undefined && !url(publicUrl)) problems.push(`WEB_PUBLIC_URL: "${publicUrl}" is not a URL`);
  // The live studio whose game client the live launch page frames (lib/csp.ts liveStudioOrigin): optional.
  const live = env.LIVE_STUDIO_ORIGIN?.trim();
  const liveUrl = live ? url(live) : null;
  if (live && (!liveUrl || !['http:', 'https:'].includes(liveUrl.protocol)))
    problems.push(`LIVE_STUDIO_ORIGIN: "${live}" is not an http(s) URL`);
  if (kroneEnv(env.KRONE_ENV ?? '') !== 'production') return problems;

  const production = (line: string) => problems.push(`${line} (KRONE_ENV is production${env.KRONE_ENV ? '' : ' when unset'})`);
  const site = publicUrl ? url(publicUrl) : null;
  if (!publicUrl) production("WEB_PUBLIC_URL is not set: production needs the site's https address");
  else if (site && site.protocol !== 'https:') production(`WEB_PUBLIC_URL must be https in production, not "${publicUrl}"`);

  const siteInfoKey = env.NEXT_PUBLIC_SITE_INFO_KEY;
  if (!siteInfoKey || siteInfoKey === DEVELOPMENT_SITE_INFO_KEY)
    production("NEXT_PUBLIC_SITE_INFO_KEY is the development key: set the site's own");

  // The storefront's key at the game studio (lib/studio.ts): its development default opens the studio to anyone.
  const studioKey = env.STUDIO_API_KEY;
  if (!studioKey || studioKey.startsWith('krone-development') || studioKey.length < 32)
    production('STUDIO_API_KEY must be the studio key of this site (at least 32 characters), not the development default');

  // The platform's internal listener (docs/decisions.md, "The platform's doors"): https beyond
  // loopback, and the storefront's own key there.
  const platform = env.PLATFORM_URL;
  const platformUrl = platform ? url(platform) : null;
  if (platform && !platformUrl) production(`PLATFORM_URL: "${platform}" is not a URL`);
  else if (platformUrl && platformUrl.protocol !== 'https:' && !LOOPBACK.test(platformUrl.hostname))
    production(`PLATFORM_URL must be https beyond loopback in production, not "${platform}"`);
  const platformKey = env.PLATFORM_API_KEY;
  if (
    !platformKey ||
    platformKey === DEVELOPMENT_PLATFORM_API_KEY ||
    platformKey.startsWith('krone-development') ||
    platformKey.length < 32
  )
    production(
      "PLATFORM_API_KEY must be the storefront's key at the platform (its STOREFRONT_API_KEY, at least 32 characters), not the development default",
    );

  const cards = env.CARDS_PUBLIC_URL;
  const cardsUrl = cards ? url(cards) : null;
  if (!cards) production('CARDS_PUBLIC_URL is not set: the default is the development stand-in');
  else if (!cardsUrl) production(`CARDS_PUBLIC_URL: "${cards}" is not a URL`);
  else if (cardsUrl.protocol !== 'https:' || LOOPBACK.test(cardsUrl.hostname))
    production(`CARDS_PUBLIC_URL must be the card provider's https address, not the stand-in "${cards}"`);

  if (liveUrl && (liveUrl.protocol !== 'https:' || LOOPBACK.test(liveUrl.hostname)))
    production(`LIVE_STUDIO_ORIGIN must be the live studio's https origin, not the stand-in "${live}"`);

  for (const name of ['NEXT_PUBLIC_SITE_URL', 'STORE_IMAGE_BASE', 'CONTENT_IMAGE_BASE']) {
    const value = env[name];
    if (value && !value.startsWith('https://')) production(`${name} must be https in production, not "${value}"`);
  }
  return problems;
}

/**
 * Run first thing by server.ts, before Next loads a build, and by Next's instrumentation hook
 * (`refuseBadStartupAtServerStart`) at any server's start: prints each problem on its own line and
 * exits non-zero when there is any.
 */
export function refuseBadStartup(env: Env = process.env, exit: (code: number) => never = process.exit, log = console.error) {
  const problems = startupProblems(env);
  if (problems.length === 0) return;
  for (const problem of problems) log(`storefront: refusing to start: ${problem}`);
  exit(1);
}

/**
 * The check as Next's instrumentation hook runs it (src/instrumentation.ts), at the start of any
 * server of the build (`next start` too). Not while `next build` prerenders pages, which runs the
 * hook as well: a build is not a deployment, is made with whatever settings the build machine has,
 * and its deployment is checked when it starts.
 */
export function refuseBadStartupAtServerStart(
  env: Env = process.env,
  exit: (code: number) => never = process.exit,
  log: (line: string) => void = console.error,
) {
  if (env.NEXT_PHASE === 'phase-production-build') return;
  refuseBadStartup(env, exit, log);
}
