import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

/** A production studio's settings that pass; each case spoils one. */
const production = {
  KRONE_ENV: 'production',
  STUDIO_PROVIDER_SECRET: 'a-provider-secret-of-this-studio-0123456789',
  STUDIO_API_KEY: 'a-storefront-key-of-this-studio-0123456789',
  PLATFORM_URL: 'https://games.krone-casino.dk',
};

describe('the studio’s way to the platform in production', () => {
  it('starts with an https platform URL', () => {
    expect(loadConfig(production).PLATFORM_URL).toBe('https://games.krone-casino.dk');
  });

  it.each(['http://games.krone-casino.dk', 'http://127.0.0.1:4001', 'http://10.0.0.5:4001'])(
    'refuses to send money calls and their signatures in plain text to %s',
    (url) => {
      expect(() => loadConfig({ ...production, PLATFORM_URL: url })).toThrow(/PLATFORM_URL: must be https in production/);
    },
  );

  it('refuses the default (the local platform over http) when KRONE_ENV is unset, and allows plain http in development', () => {
    const { KRONE_ENV: _production, PLATFORM_URL: _url, ...unset } = production;
    expect(() => loadConfig(unset)).toThrow(/KRONE_ENV is production when unset[\s\S]*PLATFORM_URL: must be https/);
    expect(loadConfig({ ...unset, KRONE_ENV: 'development' }).PLATFORM_URL).toBe('http://127.0.0.1:4001');
  });
});
