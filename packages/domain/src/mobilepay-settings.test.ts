import { describe, expect, it } from 'vitest';
import { readMobilePaySettings } from './mobilepay-settings';

describe('settingMobilePay', () => {
  it('reads the operator’s values: kroner to øre, the switches, the timeout', () => {
    expect(
      readMobilePaySettings({
        login_enabled: false,
        deposit_enabled: true,
        quick_deposit_enabled: false,
        min_amount: 150,
        max_amount: 5000,
        timeout_seconds: 120,
      }),
    ).toEqual({
      loginEnabled: false,
      depositEnabled: true,
      quickDepositEnabled: false,
      minOre: 15_000,
      maxOre: 500_000,
      timeoutSeconds: 120,
    });
  });

  it('keeps the amounts within the site’s own deposit bounds and the timeout within an hour', () => {
    const loose = readMobilePaySettings({ min_amount: 1, max_amount: 10_000_000, timeout_seconds: 5 });
    expect(loose).toMatchObject({ minOre: 10_000, maxOre: 10_000_000, timeoutSeconds: 60 });
    expect(readMobilePaySettings({ min_amount: 500, max_amount: 200 })).toMatchObject({ minOre: 50_000, maxOre: 50_000 });
    expect(readMobilePaySettings({ timeout_seconds: 7200 }).timeoutSeconds).toBe(3600);
  });

  it('is the defaults when the config is missing or not of its shape', () => {
    for (const value of [undefined, null, 'on', { min_amount: 'lots', timeout_seconds: 1.5 }]) {
      expect(readMobilePaySettings(value)).toEqual({
        loginEnabled: true,
        depositEnabled: true,
        quickDepositEnabled: true,
        minOre: 10_000,
        maxOre: 2_000_000,
        timeoutSeconds: 300,
      });
    }
  });
});
