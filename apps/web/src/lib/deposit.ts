import 'server-only';
import { readMobilePaySettings } from '@krone/domain';
import { getSystemConfig } from './content';
import { env } from './env';

export type DepositVariant = 'main' | 'quick';

export interface DepositSettings {
  methods: { card: boolean; mobilePay: boolean };
  /** 3-D Secure window widths (spec §9, 3DS_settings). */
  threeDs: { desktop: number; tablet: number; mobile: number };
  /** The provider's tokenisation endpoint, called from the browser. */
  tokensUrl: string;
  /** The smallest and largest MobilePay deposit (settingMobilePay). */
  mobilePayRange: { minOre: number; maxOre: number };
}

type Methods = Partial<Record<'main_deposit' | 'quick_deposit', { card?: boolean; mobile_pay?: boolean }>>;
type ThreeDs = { desktop_width?: number; tablet_width?: number; mobile_width?: number };

const width = (value: unknown, fallback: number) => (typeof value === 'number' && value >= 300 && value <= 2000 ? value : fallback);

/** What the deposit forms may offer, from the operator's system configs (payment_methods, 3DS_settings, settingMobilePay). */
export async function loadDepositSettings(variant: DepositVariant): Promise<DepositSettings> {
  const [methods, threeDs, mobilePay] = await Promise.all([
    getSystemConfig<Methods>('payment_methods').catch(() => undefined),
    getSystemConfig<ThreeDs>('3DS_settings').catch(() => undefined),
    getSystemConfig<unknown>('settingMobilePay').catch(() => undefined),
  ]);
  const allowed = methods?.[variant === 'main' ? 'main_deposit' : 'quick_deposit'];
  const mobilePaySettings = readMobilePaySettings(mobilePay);
  const mobilePayOn = variant === 'main' ? mobilePaySettings.depositEnabled : mobilePaySettings.quickDepositEnabled;
  return {
    methods: { card: allowed?.card !== false, mobilePay: allowed?.mobile_pay !== false && mobilePayOn },
    threeDs: {
      desktop: width(threeDs?.desktop_width, 900),
      tablet: width(threeDs?.tablet_width, 700),
      mobile: width(threeDs?.mobile_width, 700),
    },
    tokensUrl: `${env.cardsPublicUrl}/v1/tokens`,
    mobilePayRange: { minOre: mobilePaySettings.minOre, maxOre: mobilePaySettings.maxOre },
  };
}
