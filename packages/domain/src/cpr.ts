import { getCopenhagenParts } from './time';

/**
 * Danish CPR numbers (DDMMYY-SSSS). The first six digits are the date of birth; the seventh
 * digit and the year together give the century. The modulus-11 check is not applied: since
 * 2007 numbers are issued that fail it. Replacement numbers (erstatningspersonnumre) are out of
 * scope: a player logs in with MitID, which only people with a real CPR have.
 */
export type CprError = 'validation.cpr_required' | 'validation.cpr_digits' | 'validation.cpr_invalid_date';
export type ParsedCpr = { ok: true; cpr: string; birthDate: string } | { ok: false; error: CprError };

/** The century of a CPR, from its 7th digit and two-digit year (CPR-kontoret's table). */
export function cprCentury(seventhDigit: number, yy: number): 1800 | 1900 | 2000 {
  if (seventhDigit <= 3) return 1900;
  if (seventhDigit === 4 || seventhDigit === 9) return yy <= 36 ? 2000 : 1900;
  return yy <= 57 ? 2000 : 1800;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Accepts "0102031234", "010203-1234" and spaces; answers the bare ten digits and the birth date. */
export function parseCpr(input: string | null | undefined): ParsedCpr {
  const text = (input ?? '').replace(/[\s-]/g, '');
  if (text === '') return { ok: false, error: 'validation.cpr_required' };
  if (!/^\d{10}$/.test(text)) return { ok: false, error: 'validation.cpr_digits' };
  const day = Number(text.slice(0, 2));
  const month = Number(text.slice(2, 4));
  const yy = Number(text.slice(4, 6));
  const year = cprCentury(Number(text[6]), yy) + yy;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || day < 1 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return { ok: false, error: 'validation.cpr_invalid_date' };
  }
  return { ok: true, cpr: text, birthDate: `${year}-${pad(month)}-${pad(day)}` };
}

/**
 * Full years of age on a given instant, by the calendar day in Copenhagen: a birthday counts from
 * its first minute there. Someone born on 29 February turns a year older on 1 March in years
 * without one, as Danish law counts it.
 */
export function ageOn(birthDate: string, at: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const today = getCopenhagenParts(at);
  let age = today.year - y;
  if (today.month < m || (today.month === m && today.day < d)) age--;
  return age;
}

export const isOldEnough = (birthDate: string, minAge: number, at: Date) => ageOn(birthDate, at) >= minAge;

/** For screens and logs: the birth date part only. */
export const maskCpr = (cpr: string) => `${cpr.slice(0, 6)}-****`;
