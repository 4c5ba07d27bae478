import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { liveStudioOf, loadConfig } from '../src/config.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A production deployment with every provider, secret and switch set as it must be. */
const production: Record<string, string> = {
  KRONE_ENV: 'production',
  PGLITE_DATA_DIR: 'memory://',
  SEED_DEMO_CONTENT: 'false',
  ALTCHA_HMAC_KEY: 'a'.repeat(40),
  IP_HASH_SALT: 'b'.repeat(40),
  CPR_HASH_KEY: 'c'.repeat(40),
  DATA_ENCRYPTION_KEY: 'd'.repeat(40),
  STOREFRONT_API_KEY: 's'.repeat(40),
  BACKOFFICE_API_KEY: 'q'.repeat(40),
  STAFF_OIDC_CLIENT_SECRET: 'r'.repeat(40),
  MITID_CLIENT_SECRET: 'f'.repeat(40),
  MOBILEPAY_CLIENT_SECRET: 'g'.repeat(40),
  ROFUS_API_KEY: 'h'.repeat(40),
  MAIL_API_KEY: 't'.repeat(40),
  CARDS_SECRET_KEY: 'i'.repeat(40),
  CARDS_WEBHOOK_SECRET: 'j'.repeat(40),
  NEMKONTO_API_KEY: 'k'.repeat(40),
  NEMKONTO_WEBHOOK_SECRET: 'l'.repeat(40),
  MOBILEPAY_PAYMENTS_KEY: 'm'.repeat(40),
  MOBILEPAY_WEBHOOK_SECRET: 'n'.repeat(40),
  GAME_PROVIDER_KRONE_STUDIO_SECRET: 'o'.repeat(40),
  AUDIT_SIGNING_SEED: 'ab'.repeat(32),
  AUDIT_SEAL_DIR: '/var/lib/krone/audit-seals',
  WEB_PUBLIC_URL: 'https://www.krone-casino.dk',
  BACKOFFICE_PUBLIC_URL: 'https://backoffice.krone-casino.internal',
  STAFF_OIDC_ISSUER: 'https://login.krone-staff.example/realms/staff',
  MITID_ISSUER: 'https://broker.example.dk/mitid',
  MITID_CPR_MATCH_URL: 'https://broker.example.dk/mitid/cpr-match',
  MOBILEPAY_ISSUER: 'https://login.mobilepay.example/',
  ROFUS_URL: 'https://rofus.example.dk/check',
  MAIL_API_URL: 'https://mail.example.com/v1',
  CARDS_API_URL: 'https://cards.example.com/v1',
  NEMKONTO_API_URL: 'https://nemkonto.example.dk/api',
  MOBILEPAY_PAYMENTS_URL: 'https://api.mobilepay.example/epayment',
};

describe('production fails closed (KRONE_ENV)', () => {
  it('accepts a fully configured production environment', () => {
    expect(loadConfig(production).KRONE_ENV).toBe('production');
  });

  it('is production when KRONE_ENV is unset or empty, and then refuses the development defaults', () => {
    expect(() => loadConfig({})).toThrow(/KRONE_ENV is production when unset/);
    expect(() => loadConfig({ KRONE_ENV: '' })).toThrow(/CPR_HASH_KEY: the development default/);
    expect(() => loadConfig({ KRONE_ENV: 'prod' })).toThrow(/KRONE_ENV/);
    // NODE_ENV no longer decides anything.
    expect(() => loadConfig({ NODE_ENV: 'development' })).toThrow(/KRONE_ENV is production/);
  });

  it('allows the development settings in development and test', () => {
    expect(loadConfig({ KRONE_ENV: 'development' }).SEED_DEMO_CONTENT).toBe(true);
    expect(loadConfig({ KRONE_ENV: 'test', TEST_CLOCK_CONTROL: 'true' }).TEST_CLOCK_CONTROL).toBe(true);
  });

  const secrets = [
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
  ];
  it.each(secrets)('refuses the development default of %s', (key) => {
    const env = { ...production };
    delete env[key];
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\n  ${key}: the development default`));
  });

  it('refuses a further game provider’s short or development secret, and accepts a long one', () => {
    expect(() => loadConfig({ ...production, GAME_PROVIDERS_EXTRA: 'other-studio:short-but-16-chars' })).toThrow(
      /GAME_PROVIDERS_EXTRA: the secret of other-studio/,
    );
    expect(() => loadConfig({ ...production, GAME_PROVIDERS_EXTRA: `other-studio:krone-development-${'x'.repeat(40)}` })).toThrow(
      /GAME_PROVIDERS_EXTRA/,
    );
    expect(loadConfig({ ...production, GAME_PROVIDERS_EXTRA: `other-studio:${'p'.repeat(40)}` }).GAME_PROVIDERS_EXTRA).toMatch(/^other/);
    expect(() => loadConfig({ KRONE_ENV: 'test', GAME_PROVIDERS_EXTRA: 'Bad Id:secret-of-sixteen-chars' })).toThrow(/GAME_PROVIDERS_EXTRA/);
  });

  const urls = [
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
  ];
  it.each(urls)('refuses a stand-in, loopback or plain-http %s', (key) => {
    const defaulted = { ...production };
    delete defaulted[key];
    expect(() => loadConfig(defaulted)).toThrow(new RegExp(`\\n  ${key}: must be https`));
    expect(() => loadConfig(defaulted)).toThrow(new RegExp(`\\n  ${key}: a stand-in`));
    expect(() => loadConfig({ ...production, [key]: 'http://provider.example.com/api' })).toThrow(
      new RegExp(`\\n  ${key}: must be https in production, not http:`),
    );
    expect(() => loadConfig({ ...production, [key]: 'https://localhost:4300/x' })).toThrow(new RegExp(`\\n  ${key}: a stand-in`));
    expect(() => loadConfig({ ...production, [key]: 'https://[::1]:4300/x' })).toThrow(new RegExp(`\\n  ${key}: a stand-in`));
  });

  it('refuses the live studio’s development key, a plain-http or loopback studio, and accepts it configured (issue 25)', () => {
    const live = {
      ...production,
      GAME_PROVIDER_LYSMESTER_LIVE_SECRET: 'q'.repeat(40),
      LYSMESTER_LIVE_URL: 'https://api.lysmester.example/',
    };
    expect(() => loadConfig(live)).toThrow(/LYSMESTER_LIVE_API_KEY: at least 32 characters and not a development value/);
    const keyed = { ...live, LYSMESTER_LIVE_API_KEY: 'r'.repeat(40) };
    expect(liveStudioOf(loadConfig(keyed))).toEqual({ url: 'https://api.lysmester.example', operatorId: 'krone', apiKey: 'r'.repeat(40) });
    expect(() => loadConfig({ ...keyed, LYSMESTER_LIVE_URL: 'http://api.lysmester.example' })).toThrow(/LYSMESTER_LIVE_URL: must be https/);
    expect(() => loadConfig({ ...keyed, LYSMESTER_LIVE_URL: 'https://127.0.0.1:4350' })).toThrow(/LYSMESTER_LIVE_URL: a stand-in/);
    // Off (no URL): its key is never asked for; on only with the URL, the key and the wallet's secret.
    expect(liveStudioOf(loadConfig(production))).toBeNull();
    expect(liveStudioOf(loadConfig({ KRONE_ENV: 'test', LYSMESTER_LIVE_URL: 'http://127.0.0.1:4350' }))).toBeNull();
    expect(() => loadConfig({ KRONE_ENV: 'test', LYSMESTER_LIVE_URL: 'ftp://studio' })).toThrow(/LYSMESTER_LIVE_URL/);
  });

  it('refuses demo content and demo players and the movable clock', () => {
    expect(() => loadConfig({ ...production, SEED_DEMO_CONTENT: 'true' })).toThrow(
      /\n {2}SEED_DEMO_CONTENT: demo content and demo players/,
    );
    const noSeedSetting = { ...production };
    delete noSeedSetting.SEED_DEMO_CONTENT;
    expect(() => loadConfig(noSeedSetting)).toThrow(/SEED_DEMO_CONTENT/);
    expect(() => loadConfig({ ...production, TEST_CLOCK_CONTROL: 'true' })).toThrow(/\n {2}TEST_CLOCK_CONTROL:/);
  });

  it('refuses to run without the audit log’s seals, or with them where the database could reach them (issue 22 §6)', () => {
    expect(() => loadConfig({ ...production, AUDIT_SEAL_INTERVAL_SECONDS: '0' })).toThrow(
      /\n {2}AUDIT_SEAL_INTERVAL_SECONDS: 0 switches the audit log’s seals off/,
    );
    const defaultFolder = { ...production };
    delete defaultFolder.AUDIT_SEAL_DIR;
    expect(() => loadConfig(defaultFolder)).toThrow(/\n {2}AUDIT_SEAL_DIR: the development folder/);
    // Inside the embedded database's folder: refused in any mode.
    expect(() =>
      loadConfig({ KRONE_ENV: 'test', PGLITE_DATA_DIR: '/srv/krone/pglite', AUDIT_SEAL_DIR: '/srv/krone/pglite/seals' }),
    ).toThrow(/AUDIT_SEAL_DIR: must lie outside the database’s data directory/);
    const s3 = {
      AUDIT_SEAL_S3_ENDPOINT: 'https://s3.example.com',
      AUDIT_SEAL_S3_BUCKET: 'krone-audit-seals',
      AUDIT_SEAL_S3_ACCESS_KEY_ID: 'seal-writer',
      AUDIT_SEAL_S3_SECRET_ACCESS_KEY: 'x'.repeat(40),
    };
    expect(loadConfig({ ...defaultFolder, ...s3 }).AUDIT_SEAL_S3_BUCKET).toBe('krone-audit-seals');
    expect(() => loadConfig({ ...production, ...s3, AUDIT_SEAL_S3_ENDPOINT: 'http://s3.example.com' })).toThrow(
      /AUDIT_SEAL_S3_ENDPOINT: must be https in production/,
    );
    expect(() => loadConfig({ ...production, AUDIT_SEAL_S3_BUCKET: 'krone-audit-seals' })).toThrow(/set both or neither/);
    expect(loadConfig(production).AUDIT_SEAL_INTERVAL_SECONDS).toBe(300);
  });

  it('refuses a short storefront key', () => {
    expect(() => loadConfig({ ...production, STOREFRONT_API_KEY: 'x'.repeat(31) })).toThrow(
      /\n {2}STOREFRONT_API_KEY: at least 32 characters/,
    );
    expect(loadConfig({ ...production, STOREFRONT_API_KEY: 'x'.repeat(32) }).STOREFRONT_API_KEY).toHaveLength(32);
    expect(() => loadConfig({ ...production, BACKOFFICE_API_KEY: 'x'.repeat(31) })).toThrow(
      /\n {2}BACKOFFICE_API_KEY: at least 32 characters/,
    );
  });

  it('refuses an internal listener beyond loopback without TLS, unless TLS is its own or ends at a proxy said to be in front', () => {
    for (const host of ['10.0.0.5', '0.0.0.0', '::', 'platform.internal'])
      expect(() => loadConfig({ ...production, PLATFORM_HOST: host })).toThrow(/\n {2}PLATFORM_HOST: .* needs TLS in production/);
    for (const host of ['127.0.0.1', 'localhost', '::1'])
      expect(loadConfig({ ...production, PLATFORM_HOST: host }).PLATFORM_HOST).toBe(host);
    const tls = { PLATFORM_TLS_CERT_FILE: '/etc/krone/platform.crt', PLATFORM_TLS_KEY_FILE: '/etc/krone/platform.key' };
    expect(loadConfig({ ...production, PLATFORM_HOST: '0.0.0.0', ...tls }).PLATFORM_TLS_CERT_FILE).toBe(tls.PLATFORM_TLS_CERT_FILE);
    expect(loadConfig({ ...production, PLATFORM_HOST: '0.0.0.0', PLATFORM_TLS_AT_PROXY: 'true' }).PLATFORM_TLS_AT_PROXY).toBe(true);
    expect(() => loadConfig({ KRONE_ENV: 'test', PLATFORM_TLS_CERT_FILE: '/etc/krone/platform.crt' })).toThrow(/set both or neither/);
  });

  it('stops the platform process with the reasons when KRONE_ENV is unset', () => {
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env))
      if (value !== undefined && !/^(KRONE_ENV|NODE_ENV|VITEST.*|TEST_.*)$/.test(key)) env[key] = value;
    env.PGLITE_DATA_DIR = 'memory://';
    env.PLATFORM_PORT = '0';
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/platform/src/server.ts'], {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.status).not.toBeNull();
    expect(run.stderr).toMatch(/Invalid platform configuration \(KRONE_ENV is production when unset/);
    expect(run.stderr).toMatch(/NEMKONTO_WEBHOOK_SECRET: the development default/);
    expect(run.stderr).toMatch(/MITID_ISSUER: must be https in production/);
  }, 70_000);
});
