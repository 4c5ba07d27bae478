import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { refuseBadStartup, startupProblems } from './startup-check';

/** A production storefront's settings that pass; each test spoils one. */
const good = {
  KRONE_ENV: 'production',
  WEB_PUBLIC_URL: 'https://www.krone-casino.dk',
  NEXT_PUBLIC_SITE_INFO_KEY: 'a-key-of-the-site-s-own',
  CARDS_PUBLIC_URL: 'https://api.cards.example/cards',
  PLATFORM_URL: 'https://platform.internal:4000',
  PLATFORM_API_KEY: 'a-storefront-key-of-this-site-32-chars',
  STUDIO_URL: 'http://10.0.0.6:4400',
  STUDIO_API_KEY: 'a-studio-key-of-this-site-32-chars-long',
};

describe('the storefront refuses development settings in production', () => {
  it('starts with production settings (the platform over https, or plain http on loopback only)', () => {
    expect(startupProblems(good)).toEqual([]);
    for (const loopback of ['http://127.0.0.1:4000', 'http://localhost:4000', 'http://[::1]:4000'])
      expect(startupProblems({ ...good, PLATFORM_URL: loopback })).toEqual([]);
    expect(startupProblems({ ...good, PLATFORM_URL: undefined })).toEqual([]);
  });

  it.each([
    [
      'an http public URL',
      { WEB_PUBLIC_URL: 'http://www.krone-casino.dk' },
      /WEB_PUBLIC_URL must be https in production, not "http:\/\/www\.krone-casino\.dk"/,
    ],
    ['no public URL', { WEB_PUBLIC_URL: undefined }, /WEB_PUBLIC_URL is not set/],
    [
      'the development site-info key',
      { NEXT_PUBLIC_SITE_INFO_KEY: 'krone-development-site-info-key' },
      /NEXT_PUBLIC_SITE_INFO_KEY is the development key/,
    ],
    ['no site-info key', { NEXT_PUBLIC_SITE_INFO_KEY: undefined }, /NEXT_PUBLIC_SITE_INFO_KEY is the development key/],
    [
      'the card stand-in',
      { CARDS_PUBLIC_URL: 'http://127.0.0.1:4300/cards' },
      /CARDS_PUBLIC_URL must be the card provider's https address/,
    ],
    [
      'the card stand-in on https loopback',
      { CARDS_PUBLIC_URL: 'https://localhost:4300/cards' },
      /CARDS_PUBLIC_URL must be the card provider's https address/,
    ],
    [
      'a plain-http platform beyond loopback',
      { PLATFORM_URL: 'http://10.0.0.5:4000' },
      /PLATFORM_URL must be https beyond loopback in production, not "http:\/\/10\.0\.0\.5:4000"/,
    ],
    ['a plain-http platform by name', { PLATFORM_URL: 'http://platform.internal:4000' }, /PLATFORM_URL must be https beyond loopback/],
    [
      'the development platform key',
      { PLATFORM_API_KEY: 'krone-development-storefront-key' },
      /PLATFORM_API_KEY must be the storefront's key/,
    ],
    ['no platform key', { PLATFORM_API_KEY: undefined }, /PLATFORM_API_KEY must be the storefront's key/],
    ['a short platform key', { PLATFORM_API_KEY: 'short-key' }, /PLATFORM_API_KEY must be the storefront's key/],
    ['the development studio key', { STUDIO_API_KEY: 'krone-development-studio-key' }, /STUDIO_API_KEY must be the studio key/],
    ['no studio key', { STUDIO_API_KEY: undefined }, /STUDIO_API_KEY must be the studio key/],
    ['a short studio key', { STUDIO_API_KEY: 'short-key' }, /STUDIO_API_KEY must be the studio key/],
    ['no card URL (the stand-in default)', { CARDS_PUBLIC_URL: undefined }, /CARDS_PUBLIC_URL is not set/],
    ['an http image base', { STORE_IMAGE_BASE: 'http://img.example' }, /STORE_IMAGE_BASE must be https/],
    ['an unknown mode', { KRONE_ENV: 'prod' }, /KRONE_ENV must be production, development or test, not "prod"/],
    ['an unreadable proxy list', { WEB_TRUST_PROXY: 'lb.internal' }, /WEB_TRUST_PROXY: "lb\.internal"/],
    [
      'the live studio stand-in',
      { LIVE_STUDIO_ORIGIN: 'http://127.0.0.1:4350' },
      /LIVE_STUDIO_ORIGIN must be the live studio's https origin/,
    ],
    [
      'a live studio origin that is no URL',
      { LIVE_STUDIO_ORIGIN: 'live.example' },
      /LIVE_STUDIO_ORIGIN: "live\.example" is not an http\(s\) URL/,
    ],
  ])('refuses %s with one clear line', (_name, change, message) => {
    const problems = startupProblems({ ...good, ...change });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('treats an unset KRONE_ENV as production', () => {
    const problems = startupProblems({});
    expect(problems.join('\n')).toMatch(/WEB_PUBLIC_URL is not set.*\(KRONE_ENV is production when unset\)/);
    expect(problems).toHaveLength(5);
  });

  it('allows the development settings in development and test', () => {
    for (const mode of ['development', 'test']) {
      expect(
        startupProblems({
          KRONE_ENV: mode,
          WEB_PUBLIC_URL: 'http://127.0.0.1:3000',
          CARDS_PUBLIC_URL: 'http://127.0.0.1:4300/cards',
          LIVE_STUDIO_ORIGIN: 'http://127.0.0.1:4350',
        }),
      ).toEqual([]);
      // A live studio origin that is no URL stops any start: the policy could not name it.
      expect(startupProblems({ KRONE_ENV: mode, LIVE_STUDIO_ORIGIN: 'javascript:alert(1)' })).toEqual([
        'LIVE_STUDIO_ORIGIN: "javascript:alert(1)" is not an http(s) URL',
      ]);
    }
  });

  it('starts without a live studio (live casino unavailable) and with its https origin', () => {
    expect(startupProblems({ ...good, LIVE_STUDIO_ORIGIN: undefined })).toEqual([]);
    expect(startupProblems({ ...good, LIVE_STUDIO_ORIGIN: '' })).toEqual([]);
    expect(startupProblems({ ...good, LIVE_STUDIO_ORIGIN: 'https://client.lysmester.example' })).toEqual([]);
  });

  it('prints each problem and exits non-zero', () => {
    const lines: string[] = [];
    expect(() =>
      refuseBadStartup(
        { KRONE_ENV: 'production', WEB_PUBLIC_URL: 'http://x.example' },
        (code) => {
          throw new Error(`exit ${code}`);
        },
        (line) => lines.push(line),
      ),
    ).toThrow('exit 1');
    expect(lines).toHaveLength(5);
    expect(lines.every((line) => line.startsWith('storefront: refusing to start: '))).toBe(true);
  });

  it('server.ts exits before it loads a build when production has an http public URL', () => {
    const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'server.ts'], {
      cwd: webDir,
      // Without the check it would load the build (or fail in app.prepare() without one).
      env: { ...process.env, ...good, WEB_PUBLIC_URL: 'http://www.krone-casino.dk', WEB_PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(
      'storefront: refusing to start: WEB_PUBLIC_URL must be https in production, not "http://www.krone-casino.dk"',
    );
    expect(started.stdout).not.toContain('storefront ready');
  }, 60_000);
});
