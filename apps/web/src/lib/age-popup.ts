import { ageOn } from '@krone/domain';

/**
 * The age popup of spec §5 and §3's configs: a person old enough in law but under the site's own
 * age limit (minAge, 21) is shown why, and where to read about young people and gambling, instead
 * of a bare refusal. The range is `minmaxAgePopup`, two comma-separated numbers ("18,20").
 */
export interface AgeRange {
  min: number;
  max: number;
}

/** The spec's defaults: between 18 and 20; the top is never at or above the site's age limit. */
export function parseAgeRange(value: unknown, minAge = 21): AgeRange {
  const limit = Number.isInteger(minAge) && minAge > 0 ? minAge : 21;
  const parts = typeof value === 'string' ? value.split(',').map((part) => Number(part.trim())) : [];
  const [min, max] =
    parts.length === 2 && parts.every((n) => Number.isInteger(n) && n >= 0) ? (parts as [number, number]) : [18, limit - 1];
  const top = Math.min(max, limit - 1);
  return min <= top ? { min, max: top } : { min: 18, max: limit - 1 };
}

/** Whether a person born on `birthDate` (yyyy-mm-dd) gets the popup at `now` (Copenhagen date). */
export function inAgeRange(birthDate: string, range: AgeRange, now: Date): boolean {
  const age = ageOn(birthDate, now);
  return age >= range.min && age <= range.max;
}

/** The day the person reaches `minAge` (yyyy-mm-dd), 29 February counted as 1 March in other years. */
export function dayOfAge(birthDate: string, minAge: number): string {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + minAge, m - 1, d));
  return date.toISOString().slice(0, 10);
}

/** What the popup shows: agePopupContent, agePopupLogo and agePopupMedia. */
export interface AgePopupContent {
  title: string;
  /** Sanitised HTML. */
  content: string;
  buttonText: string;
  buttonLink: string;
  logo: string | null;
  media: { url: string; alt: string } | null;
}

/**
 * The stored value of spec §3 ("global popup"): the popup remembered on this device until the day
 * the person reaches the age limit, so a return to registration shows it at once, before MitID
 * again. Only that day is kept, not the CPR number or the birth date.
 */
export const GLOBAL_POPUP_KEY = 'krone.globalPopup';

export function rememberedAgePopup(stored: string | null, today: string): boolean {
  if (!stored) return false;
  try {
    const value = JSON.parse(stored) as { kind?: unknown; until?: unknown };
    return value.kind === 'age' && typeof value.until === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.until) && today < value.until;
  } catch {
    return false;
  }
}
