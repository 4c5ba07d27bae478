import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { devEnv, e2ePorts } from './dev-env.mjs';
import { pinnedNodeMajor, pinnedNodeVersion, runtimeProblem } from './runtime.mjs';

describe('the runtime', () => {
  it(`is the pinned Node.js (${pinnedNodeVersion()})`, () => {
    expect(runtimeProblem(), runtimeProblem()).toBeUndefined();
    expect(process.versions.node.split('.')[0]).toBe(pinnedNodeMajor());
  });

  it('is also the `node` that commands run by name get (Playwright web servers, CI, npx)', () => {
    const child = spawnSync('node', ['-p', 'process.versions.node'], { encoding: 'utf8' });
    expect(child.stdout.trim().split('.')[0]).toBe(pinnedNodeMajor());
  });
});

describe('the wiring between stand-ins, platform and storefront (scripts/dev-env.mjs)', () => {
  it('points each service at the others', () => {
    const ports = { host: '127.0.0.1', simsPort: 1001, platformPort: 1002, platformPublicPort: 1005, webPort: 1003 };
    for (const profile of ['demo', 'e2e']) {
      const env = devEnv(profile, ports);
      // The providers' webhooks go to the platform's public listener; the storefront to its internal one, with its key.
      expect(env.sims.CARDS_WEBHOOK_URL).toBe('http://127.0.0.1:1005/Payments/webhooks/cards');
      expect(env.sims.MOBILEPAY_WEBHOOK_URL).toBe('http://127.0.0.1:1005/Payments/webhooks/mobilepay');
      expect(env.sims.NEMKONTO_WEBHOOK_URL).toBe('http://127.0.0.1:1005/Payments/webhooks/nemkonto');
      expect(env.platform.MITID_ISSUER).toBe('http://127.0.0.1:1001/mitid');
      expect(env.platform.PLATFORM_PORT).toBe('1002');
      expect(env.platform.PLATFORM_PUBLIC_PORT).toBe('1005');
      expect(env.web.PLATFORM_URL).toBe('http://127.0.0.1:1002');
      expect(env.web.PLATFORM_API_KEY).toBe(env.platform.STOREFRONT_API_KEY);
      expect(env.web.PLATFORM_API_KEY).toBeTruthy();
      expect(env.web.CARDS_PUBLIC_URL).toBe('http://127.0.0.1:1001/cards');
      for (const service of [env.sims, env.platform, env.web]) {
        expect(service.KRONE_ENV).toBe('development');
        expect(service.WEB_PUBLIC_URL).toBe('http://127.0.0.1:1003');
      }
    }
  });

  it('gives the browser tests their own ports and a fresh database', () => {
    expect(e2ePorts({})).toEqual({
      host: '127.0.0.1',
      simsPort: 4310,
      platformPort: 4100,
      platformPublicPort: 4101,
      webPort: 3100,
      studioPort: 4410,
      livePort: 4360,
      platformStaffPort: 4102,
      backofficePort: 3101,
    });
    const env = devEnv('e2e', e2ePorts({}));
    // The back office's server reaches the staff door with the key the platform expects; the staff IdP sends staff back to it.
    expect(env.backoffice).toMatchObject({ PLATFORM_STAFF_URL: 'http://127.0.0.1:4102', BACKOFFICE_PUBLIC_URL: 'http://127.0.0.1:3101' });
    expect(env.backoffice.PLATFORM_STAFF_KEY).toBe(env.platform.BACKOFFICE_API_KEY);
    expect(env.platform).toMatchObject({ PLATFORM_STAFF_PORT: '4102', STAFF_OIDC_ISSUER: 'http://127.0.0.1:4310/staff-idp' });
    expect(env.sims.BACKOFFICE_PUBLIC_URL).toBe('http://127.0.0.1:3101');
    // The live studio stand-in runs in the stand-ins' process on its own port, its wallet calls to the platform's public listener.
    expect(env.sims).toMatchObject({
      LYSMESTER_PORT: '4360',
      LYSMESTER_WALLET_URL: 'http://127.0.0.1:4101/Games/live/lysmester',
      LYSMESTER_PACE: '0.5',
    });
    expect(env.platform).toMatchObject({
      LYSMESTER_LIVE_URL: 'http://127.0.0.1:4360',
      GAME_PROVIDER_LYSMESTER_LIVE_SECRET: env.sims.LYSMESTER_WALLET_SECRET,
    });
    expect(env.platform.LYSMESTER_LIVE_API_KEY).toBe(env.sims.LYSMESTER_OPERATOR_KEY);
    expect(env.web.LIVE_STUDIO_ORIGIN).toBe('http://127.0.0.1:4360');
    expect(env.platform.PGLITE_DATA_DIR).toBe('memory://');
    expect(env.platform.TEST_CLOCK_CONTROL).toBe('true');
    expect(devEnv('demo', e2ePorts({})).platform.TEST_CLOCK_CONTROL).toBeUndefined();
    expect(env.platform.JACKPOT_TEST_HOOKS).toBe('true');
    expect(devEnv('demo', e2ePorts({})).platform.JACKPOT_TEST_HOOKS).toBeUndefined();
    expect(env.studio).toMatchObject({ STUDIO_DATABASE_URL: 'memory://', TEST_CLOCK_CONTROL: 'true', STUDIO_PORT: '4410' });
    expect(devEnv('demo', e2ePorts({})).studio.TEST_CLOCK_CONTROL).toBeUndefined();
  });

  it('gives the studio the platform, the platform the studio’s secret, and the storefront the studio’s URL and key', () => {
    const env = devEnv('demo', {
      host: '127.0.0.1',
      simsPort: 1001,
      platformPort: 1002,
      platformPublicPort: 1005,
      webPort: 1003,
      studioPort: 1004,
    });
    // The games contract is on the platform's public listener.
    expect(env.studio.PLATFORM_URL).toBe('http://127.0.0.1:1005');
    expect(env.studio.STUDIO_PROVIDER_SECRET).toBe(env.platform.GAME_PROVIDER_KRONE_STUDIO_SECRET);
    expect(env.web.STUDIO_URL).toBe('http://127.0.0.1:1004');
    expect(env.web.STUDIO_API_KEY).toBe(env.studio.STUDIO_API_KEY);
  });
});
