import { formatClock, formatKr, formatShortDateDa, parseKrToOre } from '@krone/domain';
import { da } from './i18n/da';

export { formatKr };

/** "22.11.2026 kl. 14:05", in Copenhagen time. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return da.notSet;
  return `${formatShortDateDa(value)} kl. ${formatClock(value)}`;
}

/** A calendar date as the API sends it ("1990-05-17") shown the Danish way ("17.05.1990"), with no time zone involved. */
export function formatCalendarDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match ? `${match[3]}.${match[2]}.${match[1]}` : (value ?? da.notSet);
}

/** An amount with its sign always shown: "+100 kr.", "-250,50 kr.". */
export function formatSignedKr(amountOre: number): string {
  return amountOre > 0 ? `+${formatKr(amountOre)}` : formatKr(amountOre);
}

/**
 * A signed Danish amount typed by a staff member ("-250,00", "+100", "1.000 kr.") in øre, by the
 * domain's parser; null for anything else, and for zero.
 */
export function parseSignedKrToOre(input: string): number | null {
  const match = /^\s*([+\-\u2212]?)\s*(.*)$/.exec(input);
  if (!match) return null;
  const ore = parseKrToOre(match[2] ?? '');
  if (ore === null || ore === 0) return null;
  return match[1] === '-' || match[1] === '\u2212' ? -ore : ore;
}

/** A word of the dictionary by its code, or the code itself when the dictionary has none. */
export const label = (words: Record<string, string>, code: string | null | undefined): string => (code ? (words[code] ?? code) : da.notSet);
