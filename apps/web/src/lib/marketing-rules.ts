/**
 * The marketing-acceptance popup of spec §4: shown 3000 ms after the profile loads, depending on
 * the popup's status, a stored cookie, the player's marketing notification date and emailNotify
 * being 0. Content that failed to load is an empty, disabled popup: never shown.
 */

/** The popupAcceptNews system config (spec §3). */
export interface MarketingPopupContent {
  title: string;
  detail: string;
  type: string;
  status: boolean;
  category: string;
}

/** The marketingNotification system config. */
export interface MarketingSettings {
  enabled: boolean;
  delayMs: number;
  /** Days after an answer before the popup may ask again. */
  remindAfterDays: number;
  /** Lifetime of the cookie that keeps the popup away on this browser (spec §9: default 1). */
  cookieDays: number;
}

export const MARKETING_COOKIE = 'krone_mkt';
export const DEFAULT_MARKETING_SETTINGS: MarketingSettings = Object.freeze({
  enabled: true,
  delayMs: 3000,
  remindAfterDays: 30,
  cookieDays: 1,
});
export const DISABLED_POPUP: MarketingPopupContent = Object.freeze({ title: '', detail: '', type: '', status: false, category: '' });

export function marketingSettingsFrom(value: unknown): MarketingSettings {
  const raw = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const positive = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : fallback);
  return {
    enabled: raw.enabled !== false,
    delayMs: positive(raw.delay_ms, DEFAULT_MARKETING_SETTINGS.delayMs),
    remindAfterDays: positive(raw.remind_after_days, DEFAULT_MARKETING_SETTINGS.remindAfterDays),
    cookieDays: positive(raw.cookie_days, DEFAULT_MARKETING_SETTINGS.cookieDays) || DEFAULT_MARKETING_SETTINGS.cookieDays,
  };
}

/** The popup content, or the empty disabled popup when it is missing or malformed. */
export function marketingPopupFrom(value: unknown): MarketingPopupContent {
  if (!value || typeof value !== 'object') return DISABLED_POPUP;
  const raw = value as Record<string, unknown>;
  if (typeof raw.title !== 'string' || typeof raw.detail !== 'string') return DISABLED_POPUP;
  return {
    title: raw.title,
    detail: raw.detail,
    type: typeof raw.type === 'string' ? raw.type : '',
    status: raw.status === true,
    category: typeof raw.category === 'string' ? raw.category : '',
  };
}

export function hasMarketingCookie(cookie: string): boolean {
  return cookie.split(/;\s*/).some((part) => part.startsWith(`${MARKETING_COOKIE}=`) && part.length > MARKETING_COOKIE.length + 1);
}

const DAY_MS = 86_400_000;

export function shouldShowMarketingPopup(input: {
  popup: MarketingPopupContent;
  settings: MarketingSettings;
  cookie: string;
  emailNotify: 0 | 1;
  /** yyyy-mm-dd of the player's last answer, or null when never asked. */
  notificationDay: string | null;
  now: Date;
}): boolean {
  if (!input.settings.enabled || !input.popup.status || !input.popup.title) return false;
  if (input.emailNotify !== 0) return false;
  if (hasMarketingCookie(input.cookie)) return false;
  if (input.notificationDay) {
    const answered = Date.parse(`${input.notificationDay}T00:00:00Z`);
    if (Number.isFinite(answered) && input.now.getTime() - answered < input.settings.remindAfterDays * DAY_MS) return false;
  }
  return true;
}

export function marketingCookie(settings: MarketingSettings, secure: boolean): string {
  return `${MARKETING_COOKIE}=1; Max-Age=${Math.round(settings.cookieDays * 86_400)}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
