import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  COPENHAGEN_TZ,
  DANISH_MONTH_NAMES,
  formatClock,
  formatDateDa,
  formatDateTimeDa,
  formatShortDateDa,
  getCopenhagenParts,
  copenhagenOffsetMs,
  getCopenhagenPartsWithIntl,
  copenhagenDayStart,
  copenhagenIsoDate,
  addIsoDays,
} from './time';

describe('formatClock', () => {
  it.each([
    ['2026-11-22T13:05:00Z', '14:05'], // winter: UTC+1
    ['2026-07-01T13:05:59Z', '15:05'], // summer: UTC+2, seconds are dropped not rounded
    ['2026-11-22T23:00:00Z', '00:00'], // midnight in Copenhagen, 23:00 in UTC
    ['2026-11-22T22:59:59Z', '23:59'],
    ['2026-01-01T00:00:00Z', '01:00'],
  ])('shows %s as %s', (iso, expected) => {
    expect(formatClock(new Date(iso))).toBe(expected);
  });

  describe('spring forward on the last Sunday of March (2026-03-29)', () => {
    it.each([
      ['2026-03-29T00:59:59Z', '01:59'],
      ['2026-03-29T01:00:00Z', '03:00'],
      ['2026-03-29T01:30:00Z', '03:30'],
    ])('shows %s as %s', (iso, expected) => {
      expect(formatClock(new Date(iso))).toBe(expected);
    });
  });

  describe('fall back on the last Sunday of October (2026-10-25)', () => {
    it.each([
      ['2026-10-25T00:30:00Z', '02:30'], // first 02:30, still summer time
      ['2026-10-25T00:59:59Z', '02:59'],
      ['2026-10-25T01:00:00Z', '02:00'], // clocks go back
      ['2026-10-25T01:30:00Z', '02:30'], // second 02:30, winter time
      ['2026-10-25T02:00:00Z', '03:00'],
    ])('shows %s as %s', (iso, expected) => {
      expect(formatClock(new Date(iso))).toBe(expected);
    });
  });
});

describe('formatDateTimeDa', () => {
  it.each([
    ['2026-11-22T13:05:00Z', '22. november 2026 kl. 14:05'],
    ['2026-11-21T23:30:00Z', '22. november 2026 kl. 00:30'], // the date has turned in Copenhagen, not in UTC
    ['2026-12-31T23:00:00Z', '1. januar 2027 kl. 00:00'], // new year arrives an hour before UTC
    ['2026-06-30T22:15:00Z', '1. juli 2026 kl. 00:15'], // two hours ahead in summer
    ['2024-02-29T12:00:00Z', '29. februar 2024 kl. 13:00'],
    ['2026-03-29T01:00:00Z', '29. marts 2026 kl. 03:00'],
    ['2026-05-01T08:09:00+02:00', '1. maj 2026 kl. 08:09'],
  ])('formats %s as %s', (iso, expected) => {
    expect(formatDateTimeDa(iso)).toBe(expected);
  });

  it('accepts Date objects and epoch milliseconds', () => {
    expect(formatDateTimeDa(new Date('2026-11-22T13:05:00Z'))).toBe('22. november 2026 kl. 14:05');
    expect(formatDateTimeDa(Date.UTC(2026, 10, 22, 13, 5))).toBe('22. november 2026 kl. 14:05');
  });

  it.each(['', 'not a date', '2026-13-45T00:00:00Z'])('rejects the invalid date %j', (input) => {
    expect(() => formatDateTimeDa(input)).toThrow(RangeError);
  });

  it('rejects an invalid Date object', () => {
    expect(() => formatClock(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('formatDateDa', () => {
  it.each([
    ['2026-11-22T13:05:00Z', '22. november 2026'],
    ['2026-11-21T23:30:00Z', '22. november 2026'],
    ['2026-11-21T22:59:00Z', '21. november 2026'],
    ['2026-03-01T00:00:00Z', '1. marts 2026'],
    ['2026-10-25T22:59:59Z', '25. oktober 2026'],
    ['2026-10-25T23:00:00Z', '26. oktober 2026'],
  ])('formats %s as %s', (iso, expected) => {
    expect(formatDateDa(iso)).toBe(expected);
  });

  it('uses every Danish month name', () => {
    const names = Array.from({ length: 12 }, (_, month) => formatDateDa(new Date(Date.UTC(2026, month, 15, 12))).split(' ')[1]);
    expect(names).toEqual([...DANISH_MONTH_NAMES]);
  });
});

describe('formatShortDateDa', () => {
  it.each([
    ['2026-11-22T13:05:00Z', '22.11.2026'],
    ['2026-01-05T12:00:00Z', '05.01.2026'],
    ['2026-12-31T23:00:00Z', '01.01.2027'],
  ])('formats %s as %s', (iso, expected) => {
    expect(formatShortDateDa(iso)).toBe(expected);
  });
});

/**
 * An independent statement of the EU rule Denmark follows since 1996: summer time (UTC+2) from the
 * last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC, otherwise UTC+1.
 */
function lastSundayAtOneUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 86_400_000;
}

function expectedOffsetMs(instantMs: number): number {
  const year = new Date(instantMs).getUTCFullYear();
  const summer = instantMs >= lastSundayAtOneUtc(year, 2) && instantMs < lastSundayAtOneUtc(year, 9);
  return (summer ? 2 : 1) * 3_600_000;
}

describe('getCopenhagenParts', () => {
  it('names the zone', () => {
    expect(COPENHAGEN_TZ).toBe('Europe/Copenhagen');
  });

  it('follows the EU daylight saving rule for 1996-2037', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1996, 0, 1), max: Date.UTC(2037, 11, 31) }), (instantMs) => {
        const parts = getCopenhagenParts(instantMs);
        const wallClockAsUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
        const wholeSecond = Math.floor(instantMs / 1000) * 1000;
        expect(wallClockAsUtc - wholeSecond).toBe(expectedOffsetMs(instantMs));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps every formatted string consistent with the parts', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        (date) => {
          const { year, month, day, hour, minute } = getCopenhagenParts(date);
          expect(hour).toBeGreaterThanOrEqual(0);
          expect(hour).toBeLessThan(24);
          expect(formatClock(date)).toBe(`${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
          expect(formatShortDateDa(date)).toBe(`${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${year}`);
          expect(formatDateTimeDa(date)).toBe(`${formatDateDa(date)} kl. ${formatClock(date)}`);
        },
      ),
    );
  });
});

describe('Copenhagen time without Intl', () => {
  it('agrees with the tz database for every instant from 1996 to 2037', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1996-01-01T00:00:00Z'), max: new Date('2037-12-31T23:59:59Z'), noInvalidDate: true }),
        (date) => {
          expect(getCopenhagenParts(date)).toEqual(getCopenhagenPartsWithIntl(date));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('switches exactly at 01:00 UTC on the last Sundays of March and October', () => {
    expect(copenhagenOffsetMs(Date.parse('2026-03-29T00:59:59Z'))).toBe(3_600_000);
    expect(copenhagenOffsetMs(Date.parse('2026-03-29T01:00:00Z'))).toBe(7_200_000);
    expect(copenhagenOffsetMs(Date.parse('2026-10-25T00:59:59Z'))).toBe(7_200_000);
    expect(copenhagenOffsetMs(Date.parse('2026-10-25T01:00:00Z'))).toBe(3_600_000);
  });

  it('still uses the historic rules before 1996', () => {
    // 1995: summer time ended on the last Sunday of September.
    expect(getCopenhagenParts('1995-10-01T12:00:00Z').hour).toBe(13);
  });
});

describe('copenhagenDayStart', () => {
  it('is local midnight in winter and in summer, and across the changes of summer time', () => {
    expect(copenhagenDayStart('2026-01-15')?.toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(copenhagenDayStart('2026-07-15')?.toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(copenhagenDayStart('2026-03-29')?.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(copenhagenDayStart('2026-03-30')?.toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(copenhagenDayStart('2026-10-25')?.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(copenhagenDayStart('2026-10-26')?.toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('refuses what is no real date', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', '', '2026-01-01T00:00'])
      expect(copenhagenDayStart(bad)).toBeNull();
  });

  it('agrees with the Copenhagen calendar date for any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2037, 0, 1) }), (ms) => {
        const date = copenhagenIsoDate(ms);
        const start = copenhagenDayStart(date)!.getTime();
        const next = copenhagenDayStart(addIsoDays(date, 1))!.getTime();
        return start <= ms && ms < next && copenhagenIsoDate(start) === date && copenhagenIsoDate(next - 1) === date;
      }),
    );
  });
});
