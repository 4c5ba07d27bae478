/**
 * Copenhagen wall-clock formatting. From 1996 on, Denmark follows the EU summer-time rule, which
 * this module applies with plain arithmetic: creating an Intl.DateTimeFormat with a time zone costs
 * about 50 ms of main thread on a phone (ICU loads its zone data), which the header clock would pay
 * during hydration. Earlier instants go through Intl, which carries the historic rules. The strings
 * are assembled here from numeric parts, so they never depend on a browser's Danish locale data.
 * Should the EU rule change, `copenhagenOffsetMs` is the one place to update (its tests compare it
 * with Intl for 1996-2037).
 */

export const COPENHAGEN_TZ = 'Europe/Copenhagen';

/**
 * A Date, epoch milliseconds, or an ISO 8601 string. Strings should carry their offset ("Z" or
 * "+01:00"): JavaScript reads an ISO date-time without one in the runtime's local zone, which
 * differs between the server and the player's browser.
 */
export type DateInput = Date | string | number;

export interface CopenhagenParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 0-23 */
  hour: number;
  minute: number;
  second: number;
}

export const DANISH_MONTH_NAMES: readonly string[] = Object.freeze([
  'januar',
  'februar',
  'marts',
  'april',
  'maj',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'december',
]);

let copenhagenFormatter: Intl.DateTimeFormat | undefined;

function getCopenhagenFormatter(): Intl.DateTimeFormat {
  copenhagenFormatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: COPENHAGEN_TZ,
    calendar: 'gregory',
    numberingSystem: 'latn',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  return copenhagenFormatter;
}

function toValidDate(input: DateInput): Date {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) {
    throw new RangeError(`Invalid date: ${String(input)}`);
  }
  return date;
}

const HOUR_MS = 3_600_000;
const EU_RULE_FROM_YEAR = 1996;

/** 01:00 UTC on the last Sunday of a month (monthIndex 0-11): when EU summer time starts or ends. */
function lastSundayAtOneUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Copenhagen's offset from UTC at an instant under the EU rule: UTC+2 from 01:00 UTC on the last
 * Sunday of March until 01:00 UTC on the last Sunday of October, UTC+1 otherwise.
 */
export function copenhagenOffsetMs(instantMs: number): number {
  const year = new Date(instantMs).getUTCFullYear();
  const summer = instantMs >= lastSundayAtOneUtc(year, 2) && instantMs < lastSundayAtOneUtc(year, 9);
  return (summer ? 2 : 1) * HOUR_MS;
}

/** The calendar date and wall-clock time in Copenhagen at the given instant. */
export function getCopenhagenParts(input: DateInput): CopenhagenParts {
  const date = toValidDate(input);
  if (date.getUTCFullYear() >= EU_RULE_FROM_YEAR) {
    const local = new Date(date.getTime() + copenhagenOffsetMs(date.getTime()));
    return {
      year: local.getUTCFullYear(),
      month: local.getUTCMonth() + 1,
      day: local.getUTCDate(),
      hour: local.getUTCHours(),
      minute: local.getUTCMinutes(),
      second: local.getUTCSeconds(),
    };
  }
  return getCopenhagenPartsWithIntl(date);
}

/** The same through Intl's time-zone database: the reference the arithmetic is tested against. */
export function getCopenhagenPartsWithIntl(input: DateInput): CopenhagenParts {
  const parts: Record<string, string> = {};
  for (const { type, value } of getCopenhagenFormatter().formatToParts(toValidDate(input))) {
    parts[type] = value;
  }
  const field = (type: string): number => Number(parts[type] ?? Number.NaN);
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    // Some engines still print midnight as "24" despite hourCycle h23.
    hour: field('hour') % 24,
    minute: field('minute'),
    second: field('second'),
  };
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** "14:05": hours and minutes in Copenhagen time, as the header clock shows them. */
export function formatClock(date: DateInput): string {
  const { hour, minute } = getCopenhagenParts(date);
  return `${pad2(hour)}:${pad2(minute)}`;
}

/** "22. november 2026" */
export function formatDateDa(date: DateInput): string {
  const { year, month, day } = getCopenhagenParts(date);
  return `${day}. ${DANISH_MONTH_NAMES[month - 1] ?? ''} ${year}`;
}

/** "22. november 2026 kl. 14:05" */
export function formatDateTimeDa(date: DateInput): string {
  const { year, month, day, hour, minute } = getCopenhagenParts(date);
  return `${day}. ${DANISH_MONTH_NAMES[month - 1] ?? ''} ${year} kl. ${pad2(hour)}:${pad2(minute)}`;
}

/** "22.11.2026" */
export function formatShortDateDa(date: DateInput): string {
  const { year, month, day } = getCopenhagenParts(date);
  return `${pad2(day)}.${pad2(month)}.${year}`;
}

/** "2026-11-22": the Copenhagen calendar date at an instant, as an ISO date (for date inputs). */
export function copenhagenIsoDate(date: DateInput): string {
  const { year, month, day } = getCopenhagenParts(date);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/**
 * The instant a Copenhagen calendar day ("2026-11-22") begins, or null for a string that is no
 * real date. Summer time changes at 01:00 UTC, never near local midnight, so the offset two hours
 * before UTC midnight is the offset at local midnight.
 */
export function copenhagenDayStart(isoDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utcMidnight = Date.UTC(year, month - 1, day);
  const check = new Date(utcMidnight);
  if (year < EU_RULE_FROM_YEAR || check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return null;
  return new Date(utcMidnight - copenhagenOffsetMs(utcMidnight - 2 * HOUR_MS));
}

/** The ISO date `days` calendar days after (or before, when negative) another, in the same calendar. */
export function addIsoDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
