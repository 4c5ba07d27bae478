import { addIsoDays, copenhagenDayStart, copenhagenIsoDate, getCopenhagenParts } from '@krone/domain';
import type { WeeklyWindow } from './schema.js';

/** "HH:MM" as minutes of the day (0–1440). */
export const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};

/** The ISO weekday (1 Monday … 7 Sunday) of an ISO date. */
const weekdayOf = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
};

/** The instant a time of a Copenhagen day is reached (its midnight plus the minutes; exact but on the two summer-time days). */
const instantOf = (isoDate: string, minutes: number) => new Date(copenhagenDayStart(isoDate)!.getTime() + minutes * 60_000);

/** A whole-day window runs over from one of its days into the next: a weekend's Friday to Sunday is one occurrence. */
const wholeDays = (window: WeeklyWindow) => minutesOf(window.from) === 0 && minutesOf(window.until) === 1440;

export interface WindowState {
  open: boolean;
  /** While open: when this occurrence began (a weekend's Friday 00:00), from which its uses are counted. */
  openedAt: Date | null;
  /** While open: when it closes. */
  closesAt: Date | null;
  /** While closed: when it next opens (within the coming week). */
  opensAt: Date | null;
}

/**
 * Where a weekly window stands at an instant, in Copenhagen time (issue 27: a weekend's or a
 * Thursday evening's offer is claimable only within its window).
 */
export function windowAt(window: WeeklyWindow, at: Date): WindowState {
  const today = copenhagenIsoDate(at);
  const { hour, minute } = getCopenhagenParts(at);
  const now = hour * 60 + minute;
  const from = minutesOf(window.from);
  const until = minutesOf(window.until);
  const isDay = (date: string) => window.days.includes(weekdayOf(date));
  if (isDay(today) && now >= from && now < until) {
    let first = today;
    let last = today;
    if (wholeDays(window)) {
      for (let i = 0; i < 6 && isDay(addIsoDays(first, -1)); i += 1) first = addIsoDays(first, -1);
      for (let i = 0; i < 6 && isDay(addIsoDays(last, 1)); i += 1) last = addIsoDays(last, 1);
    }
    return { open: true, openedAt: instantOf(first, from), closesAt: instantOf(last, until), opensAt: null };
  }
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    const date = addIsoDays(today, ahead);
    if (!isDay(date)) continue;
    const opens = instantOf(date, from);
    if (opens > at) return { open: false, openedAt: null, closesAt: null, opensAt: opens };
  }
  return { open: false, openedAt: null, closesAt: null, opensAt: null };
}
