/**
 * Danish banking days: the days Danish banks settle payments (and NemKonto payouts arrive).
 * Weekends and the banks' closing days are not banking days. Everything is computed, nothing is
 * listed by year: Easter by the anonymous Gregorian algorithm, the moving holidays from it.
 * A date-time counts on its calendar day in Copenhagen.
 */
import { getCopenhagenParts, type DateInput } from './time';

export interface DanishBankHoliday {
  /** YYYY-MM-DD, a calendar day in Copenhagen. */
  date: string;
  name: string;
}

const DAY_MS = 86_400_000;
/** Store bededag was abolished as a public holiday from 2024 on. */
const LAST_STORE_BEDEDAG_YEAR = 2023;

const pad2 = (value: number) => String(value).padStart(2, '0');
const isoDay = (utcMidnightMs: number) => new Date(utcMidnightMs).toISOString().slice(0, 10);

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function easterSunday(year: number): { year: number; month: number; day: number } {
  if (!Number.isInteger(year) || year < 1583) throw new RangeError(`year must be a Gregorian year from 1583, got ${year}`);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

/** The Danish banks' closing days of a year (weekends aside), in date order. */
export function danishBankHolidays(year: number): DanishBankHoliday[] {
  const easter = easterSunday(year);
  const easterMs = Date.UTC(year, easter.month - 1, easter.day);
  const fromEaster = (days: number, name: string): DanishBankHoliday => ({ date: isoDay(easterMs + days * DAY_MS), name });
  const fixed = (month: number, day: number, name: string): DanishBankHoliday => ({ date: `${year}-${pad2(month)}-${pad2(day)}`, name });
  const holidays = [
    fixed(1, 1, 'Nytårsdag'),
    fromEaster(-3, 'Skærtorsdag'),
    fromEaster(-2, 'Langfredag'),
    fromEaster(0, 'Påskedag'),
    fromEaster(1, '2. påskedag'),
    ...(year <= LAST_STORE_BEDEDAG_YEAR ? [fromEaster(26, 'Store bededag')] : []),
    fromEaster(39, 'Kristi himmelfartsdag'),
    fromEaster(40, 'Fredag efter Kristi himmelfartsdag'),
    fromEaster(49, 'Pinsedag'),
    fromEaster(50, '2. pinsedag'),
    fixed(6, 5, 'Grundlovsdag'),
    fixed(12, 24, 'Juleaftensdag'),
    fixed(12, 25, 'Juledag'),
    fixed(12, 26, '2. juledag'),
    fixed(12, 31, 'Nytårsaftensdag'),
  ];
  return holidays.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
}

const holidayCache = new Map<number, Set<string>>();
function holidaySet(year: number): Set<string> {
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(danishBankHolidays(year).map((holiday) => holiday.date));
    if (holidayCache.size > 200) holidayCache.clear();
    holidayCache.set(year, set);
  }
  return set;
}

/** Whether a calendar day (given as UTC midnight of that day) is a banking day. */
function isBankingCalendarDay(utcMidnightMs: number): boolean {
  const date = new Date(utcMidnightMs);
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidaySet(date.getUTCFullYear()).has(isoDay(utcMidnightMs));
}

/** Copenhagen's offset from UTC at an instant, read from its wall-clock parts. */
function offsetAt(instantMs: number): number {
  const wholeSecondMs = Math.floor(instantMs / 1000) * 1000;
  const p = getCopenhagenParts(wholeSecondMs);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - wholeSecondMs;
}

function copenhagenDayMs(input: DateInput): number {
  const { year, month, day } = getCopenhagenParts(input);
  return Date.UTC(year, month - 1, day);
}

/** Whether the Copenhagen calendar day of the instant (or of a "YYYY-MM-DD") is a Danish banking day. */
export function isDanishBankingDay(date: DateInput): boolean {
  if (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date)) return isBankingCalendarDay(Date.parse(`${date}T00:00:00Z`));
  return isBankingCalendarDay(copenhagenDayMs(date));
}

/**
 * The instant `days` Danish banking days after `date`, at the same Copenhagen wall-clock time:
 * the banking days after the date's own calendar day are counted (the day itself never counts,
 * whether or not it is a banking day). 0 answers the date itself.
 */
export function addDanishBankingDays(date: DateInput, days: number): Date {
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`days must be a whole number ≥ 0, got ${days}`);
  const start = date instanceof Date ? date.getTime() : new Date(date).getTime();
  if (Number.isNaN(start)) throw new RangeError(`Invalid date: ${String(date)}`);
  const startDay = copenhagenDayMs(start);
  let day = startDay;
  for (let counted = 0; counted < days;) {
    day += DAY_MS;
    if (isBankingCalendarDay(day)) counted++;
  }
  // Same wall-clock time: move by whole calendar days, then correct for a summer-time change.
  const moved = start + (day - startDay);
  const first = moved + offsetAt(start) - offsetAt(moved);
  return new Date(moved + offsetAt(start) - offsetAt(first));
}
