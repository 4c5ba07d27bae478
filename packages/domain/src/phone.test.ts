import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MOBILE_COUNTRY_CODE,
  defaultMobileCountryChoices,
  isMobileCountryCode,
  MOBILE_COUNTRY_CODE_PATTERN,
  MOBILE_COUNTRY_CODES,
  mobileDigitsFor,
} from './phone';

describe('mobile numbers', () => {
  it('takes Danish and Greenlandic numbers only, Danish first', () => {
    expect(MOBILE_COUNTRY_CODES).toEqual(['+45', '+299']);
    expect(DEFAULT_MOBILE_COUNTRY_CODE).toBe('+45');
    expect(isMobileCountryCode('+299')).toBe(true);
    expect(isMobileCountryCode('+46')).toBe(false);
  });

  it('knows the digits after each code', () => {
    expect(mobileDigitsFor('+45')).toBe(8);
    expect(mobileDigitsFor('+299')).toBe(6);
    expect(mobileDigitsFor('+1')).toBe(8);
  });

  it('writes the codes as a pattern that matches them literally', () => {
    const whole = new RegExp(`^(${MOBILE_COUNTRY_CODE_PATTERN})(\\d{6,8})$`);
    expect(whole.exec('+299123456')?.slice(1)).toEqual(['+299', '123456']);
    expect(whole.test('4520304050')).toBe(false);
    expect(whole.exec('+4520304050')?.slice(1)).toEqual(['+45', '20304050']);
  });

  it('offers the seeded choices when the operator config is missing', () => {
    expect(defaultMobileCountryChoices()).toEqual([
      { code: '+45', label: '+45 Danmark', digits: 8 },
      { code: '+299', label: '+299 Grønland', digits: 6 },
    ]);
  });
});
