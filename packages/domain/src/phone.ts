/**
 * The mobile numbers the casino takes (spec §5): Danish (+45, 8 digits) and Greenlandic (+299,
 * 6 digits), written without the country code and without spaces. The operator's
 * `mobileProviders` system config names the same codes (with their labels); these are the rules
 * the platform checks against and what the storefront falls back to without that config.
 */
export const MOBILE_COUNTRY_CODES = ['+45', '+299'] as const;
export type MobileCountryCode = (typeof MOBILE_COUNTRY_CODES)[number];

/** How many digits follow each country code. */
export const MOBILE_DIGITS: Readonly<Record<MobileCountryCode, number>> = Object.freeze({ '+45': 8, '+299': 6 });

/** The country code preselected in a form: Denmark. */
export const DEFAULT_MOBILE_COUNTRY_CODE: MobileCountryCode = '+45';

/** Each code's country, in Danish, as the storefront's choice of country code names it. */
const COUNTRY_NAMES_DA: Readonly<Record<MobileCountryCode, string>> = Object.freeze({ '+45': 'Danmark', '+299': 'Grønland' });

/** One choice of country code in a form (the shape of the operator's `mobileProviders` config). */
export interface MobileCountryChoice {
  code: MobileCountryCode;
  label: string;
  digits: number;
}

/**
 * The choices a storefront form offers when the operator's `mobileProviders` config cannot be
 * read (the seeded config says the same): `+45 Danmark` (8 digits), `+299 Grønland` (6 digits).
 */
export function defaultMobileCountryChoices(): MobileCountryChoice[] {
  return MOBILE_COUNTRY_CODES.map((code) => ({ code, label: `${code} ${COUNTRY_NAMES_DA[code]}`, digits: MOBILE_DIGITS[code] }));
}

/** The country codes as a regular-expression alternation (`\+45|\+299`), for patterns of a whole number. */
export const MOBILE_COUNTRY_CODE_PATTERN = MOBILE_COUNTRY_CODES.map((code) => code.replace('+', '\\+')).join('|');

export function isMobileCountryCode(value: unknown): value is MobileCountryCode {
  return typeof value === 'string' && (MOBILE_COUNTRY_CODES as readonly string[]).includes(value);
}

/** The digits expected after a country code: the code's own, else the Danish 8. */
export function mobileDigitsFor(countryCode: string): number {
  return isMobileCountryCode(countryCode) ? MOBILE_DIGITS[countryCode] : MOBILE_DIGITS['+45'];
}
