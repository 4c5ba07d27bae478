import { describe, expect, it } from 'vitest';
import {
  DISABLED_POPUP,
  hasMarketingCookie,
  marketingCookie,
  marketingPopupFrom,
  marketingSettingsFrom,
  shouldShowMarketingPopup,
} from './marketing-rules';

const popup = marketingPopupFrom({
  title: 'Vil du have nyheder?',
  detail: '<p>Tilbud</p>',
  type: 'marketing',
  status: true,
  category: 'newsletter',
});
const settings = marketingSettingsFrom({ enabled: true, delay_ms: 3000, remind_after_days: 30, cookie_days: 1 });
const now = new Date('2026-11-23T12:00:00Z');
const base = { popup, settings, cookie: 'krone_uid=abc', emailNotify: 0 as const, notificationDay: null, now };

describe('marketing-acceptance popup (spec §4)', () => {
  it('shows for a player without e-mail offers who was never asked', () => {
    expect(shouldShowMarketingPopup(base)).toBe(true);
  });

  it('does not show when the player already gets offers by e-mail', () => {
    expect(shouldShowMarketingPopup({ ...base, emailNotify: 1 })).toBe(false);
  });

  it('does not show while the marketing cookie is stored', () => {
    expect(shouldShowMarketingPopup({ ...base, cookie: 'krone_uid=abc; krone_mkt=1' })).toBe(false);
    expect(hasMarketingCookie('krone_mkt=')).toBe(false);
  });

  it('waits the configured days after the last answer', () => {
    expect(shouldShowMarketingPopup({ ...base, notificationDay: '2026-11-10' })).toBe(false);
    expect(shouldShowMarketingPopup({ ...base, notificationDay: '2026-10-20' })).toBe(true);
  });

  it('does not show when the popup status is off or the config is off', () => {
    expect(shouldShowMarketingPopup({ ...base, popup: { ...popup, status: false } })).toBe(false);
    expect(shouldShowMarketingPopup({ ...base, settings: { ...settings, enabled: false } })).toBe(false);
  });

  it('turns failed or malformed content into an empty disabled popup', () => {
    expect(marketingPopupFrom(undefined)).toEqual(DISABLED_POPUP);
    expect(marketingPopupFrom({ status: true })).toEqual(DISABLED_POPUP);
    expect(shouldShowMarketingPopup({ ...base, popup: marketingPopupFrom(null) })).toBe(false);
  });

  it('reads the delay and cookie lifetime with the spec defaults (3000 ms, 1 day)', () => {
    expect(marketingSettingsFrom(undefined)).toMatchObject({ delayMs: 3000, cookieDays: 1, remindAfterDays: 30 });
    expect(marketingSettingsFrom({ cookie_days: 7, delay_ms: 500 })).toMatchObject({ delayMs: 500, cookieDays: 7 });
    expect(marketingCookie(marketingSettingsFrom({ cookie_days: 2 }), true)).toBe(
      'krone_mkt=1; Max-Age=172800; Path=/; SameSite=Lax; Secure',
    );
  });
});
