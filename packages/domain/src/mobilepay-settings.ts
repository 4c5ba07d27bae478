import { MAX_DEPOSIT_ORE, MIN_DEPOSIT_ORE } from './money';

/** The operator's `settingMobilePay` config (spec §5), read with its defaults and bounds. */
export interface MobilePaySettings {
  loginEnabled: boolean;
  depositEnabled: boolean;
  quickDepositEnabled: boolean;
  /** The smallest and largest MobilePay deposit, in øre (the config says kroner). */
  minOre: number;
  maxOre: number;
  /** How long a MobilePay payment waits for the player's answer in the app. */
  timeoutSeconds: number;
}

export const MOBILEPAY_TIMEOUT_BOUNDS = { min: 60, max: 3600 } as const;

const DEFAULTS: MobilePaySettings = {
  loginEnabled: true,
  depositEnabled: true,
  quickDepositEnabled: true,
  minOre: MIN_DEPOSIT_ORE,
  maxOre: 2_000_000,
  timeoutSeconds: 300,
};

const krToOre = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value * 100) : null;

/**
 * `settingMobilePay` as the platform and the storefront apply it: login and the two deposit
 * forms on unless switched off, the amounts within the site's own deposit bounds (never below
 * 100 kr., never above the largest deposit), the timeout within 1 to 60 minutes. A value that
 * cannot be one of these is the default.
 */
export function readMobilePaySettings(value: unknown): MobilePaySettings {
  const config = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const min = krToOre(config.min_amount);
  const max = krToOre(config.max_amount);
  const minOre = Math.min(Math.max(min ?? DEFAULTS.minOre, MIN_DEPOSIT_ORE), MAX_DEPOSIT_ORE);
  const maxOre = Math.max(Math.min(max ?? DEFAULTS.maxOre, MAX_DEPOSIT_ORE), minOre);
  const timeout = config.timeout_seconds;
  return {
    loginEnabled: config.login_enabled !== false,
    depositEnabled: config.deposit_enabled !== false,
    quickDepositEnabled: config.quick_deposit_enabled !== false,
    minOre,
    maxOre,
    timeoutSeconds:
      typeof timeout === 'number' && Number.isInteger(timeout)
        ? Math.min(Math.max(timeout, MOBILEPAY_TIMEOUT_BOUNDS.min), MOBILEPAY_TIMEOUT_BOUNDS.max)
        : DEFAULTS.timeoutSeconds,
  };
}
