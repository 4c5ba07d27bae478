import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDanishBankingDays, danishBankHolidays, easterSunday, isDanishBankingDay } from './banking-days';
import { getCopenhagenParts } from './time';

const iso = ({ year, month, day }: { year: number; month: number; day: number }) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const copenhagenDay = (date: Date) => iso(getCopenhagenParts(date));

describe('easterSunday', () => {
  it.each([
    [1818, '1818-03-22'],
    [1943, '1943-04-25'],
    [2000, '2000-04-23'],
    [2019, '2019-04-21'],
    [2023, '2023-04-09'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
  ])('%i: %s', (year, expected) => {
    expect(iso(easterSunday(year))).toBe(expected);
  });

  it('is always a Sunday between 22 March and 25 April', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1583, max: 4099 }), (year) => {
        const { month, day } = easterSunday(year);
        const date = new Date(Date.UTC(year, month - 1, day));
        expect(date.getUTCDay()).toBe(0);
        const key = month * 100 + day;
        expect(key >= 322 && key <= 425).toBe(true);
      }),
    );
  });
});

describe('danishBankHolidays', () => {
  it('lists the closing days of 2026', () => {
    expect(danishBankHolidays(2026)).toEqual([
      { date: '2026-01-01', name: 'Nytårsdag' },
      { date: '2026-04-02', name: 'Skærtorsdag' },
      { date: '2026-04-03', name: 'Langfredag' },
      { date: '2026-04-05', name: 'Påskedag' },
      { date: '2026-04-06', name: '2. påskedag' },
      { date: '2026-05-14', name: 'Kristi himmelfartsdag' },
      { date: '2026-05-15', name: 'Fredag efter Kristi himmelfartsdag' },
      { date: '2026-05-24', name: 'Pinsedag' },
      { date: '2026-05-25', name: '2. pinsedag' },
      { date: '2026-06-05', name: 'Grundlovsdag' },
      { date: '2026-12-24', name: 'Juleaftensdag' },
      { date: '2026-12-25', name: 'Juledag' },
      { date: '2026-12-26', name: '2. juledag' },
      { date: '2026-12-31', name: 'Nytårsaftensdag' },
    ]);
  });

  it('keeps store bededag until 2023 and drops it from 2024', () => {
    expect(danishBankHolidays(2023)).toContainEqual({ date: '2023-05-05', name: 'Store bededag' });
    expect(danishBankHolidays(2024).map((holiday) => holiday.name)).not.toContain('Store bededag');
    expect(isDanishBankingDay('2023-05-05')).toBe(false);
    // The fourth Friday after Easter 2024 is an ordinary banking day.
    expect(isDanishBankingDay('2024-04-26')).toBe(true);
  });
});

describe('isDanishBankingDay', () => {
  it.each([
    ['2026-11-23', true], // Monday
    ['2026-11-21', false], // Saturday
    ['2026-11-22', false], // Sunday
    ['2026-06-05', false], // Grundlovsdag (a Friday)
    ['2026-12-24', false],
    ['2026-12-31', false],
    ['2027-01-01', false],
    ['2026-05-15', false], // the Friday after Kristi himmelfartsdag
    ['2026-04-07', true], // the Tuesday after Easter
  ])('%s: %s', (day, expected) => {
    expect(isDanishBankingDay(day)).toBe(expected);
  });

  it('reads an instant on its Copenhagen calendar day, not its UTC day', () => {
    // Friday 23:30 UTC is already Saturday 00:30 in Copenhagen.
    expect(isDanishBankingDay(new Date('2026-11-20T23:30:00Z'))).toBe(false);
    expect(isDanishBankingDay(new Date('2026-11-20T22:30:00Z'))).toBe(true);
  });

  it('is never true on a weekend', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const date = new Date(ms);
        const { year, month, day } = getCopenhagenParts(date);
        const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
        if (weekday === 0 || weekday === 6) expect(isDanishBankingDay(date)).toBe(false);
      }),
    );
  });
});

describe('addDanishBankingDays', () => {
  it.each([
    // Friday → Monday, same Copenhagen time.
    ['2026-11-20T09:00:00Z', 1, '2026-11-23T09:00:00.000Z'],
    // The spec's "within 3 working days" from a Monday: Thursday.
    ['2026-11-23T15:00:00Z', 3, '2026-11-26T15:00:00.000Z'],
    // Christmas: 24, 25, 26 and a weekend.
    ['2026-12-23T10:00:00Z', 1, '2026-12-28T10:00:00.000Z'],
    // New Year: 31 December, 1 January and a weekend.
    ['2026-12-30T10:00:00Z', 1, '2027-01-04T10:00:00.000Z'],
    // Easter: skærtorsdag to 2. påskedag.
    ['2026-04-01T10:00:00Z', 1, '2026-04-07T10:00:00.000Z'],
    // Kristi himmelfart and the Friday after it.
    ['2026-05-13T10:00:00Z', 1, '2026-05-18T10:00:00.000Z'],
    // From a Saturday, the day itself does not count.
    ['2026-11-21T10:00:00Z', 1, '2026-11-23T10:00:00.000Z'],
    // Across the spring change to summer time: 12:00 in Copenhagen stays 12:00.
    ['2026-03-27T11:00:00Z', 1, '2026-03-30T10:00:00.000Z'],
    // Across the autumn change back.
    ['2026-10-23T10:00:00Z', 1, '2026-10-26T11:00:00.000Z'],
    ['2026-11-23T15:00:00Z', 0, '2026-11-23T15:00:00.000Z'],
  ])('%s + %i banking days = %s', (start, days, expected) => {
    expect(addDanishBankingDays(new Date(start), days).toISOString()).toBe(expected);
  });

  it('refuses negative and fractional day counts', () => {
    expect(() => addDanishBankingDays(new Date(), -1)).toThrow(RangeError);
    expect(() => addDanishBankingDays(new Date(), 1.5)).toThrow(RangeError);
  });

  const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 0, 1) }).map((ms) => new Date(ms));

  it('lands on a banking day after exactly n banking days, at the same Copenhagen time', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 40 }), (start, days) => {
        const end = addDanishBankingDays(start, days);
        expect(isDanishBankingDay(end)).toBe(true);
        const a = getCopenhagenParts(start);
        const b = getCopenhagenParts(end);
        expect([b.hour, b.minute, b.second]).toEqual([a.hour, a.minute, a.second]);
        // Count the banking days after the start day up to and including the end day.
        let counted = 0;
        const endDay = copenhagenDay(end);
        let day = Date.UTC(a.year, a.month - 1, a.day);
        for (;;) {
          day += 86_400_000;
          const dayIso = new Date(day).toISOString().slice(0, 10);
          if (isDanishBankingDay(dayIso)) counted++;
          if (dayIso === endDay) break;
        }
        expect(counted).toBe(days);
        // No run of closing days is longer than five (Easter: Thursday to Monday).
        expect(end.getTime() - start.getTime()).toBeLessThanOrEqual(days * 6 * 86_400_000);
      }),
    );
  });

  it('adds up: n days then m days is n + m days, and more days is later', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }), (start, n, m) => {
        expect(addDanishBankingDays(addDanishBankingDays(start, n), m).getTime()).toBe(addDanishBankingDays(start, n + m).getTime());
        expect(addDanishBankingDays(start, n + 1).getTime()).toBeGreaterThan(addDanishBankingDays(start, n).getTime());
      }),
    );
  });
});
