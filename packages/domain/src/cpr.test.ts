import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOn, cprCentury, isOldEnough, maskCpr, parseCpr } from './cpr';

describe('CPR numbers', () => {
  it('reads the birth date with the century rules', () => {
    expect(parseCpr('010203-1234')).toEqual({ ok: true, cpr: '0102031234', birthDate: '1903-02-01' });
    expect(parseCpr('0102034234')).toEqual({ ok: true, cpr: '0102034234', birthDate: '2003-02-01' });
    expect(parseCpr('0102404234')).toMatchObject({ birthDate: '1940-02-01' });
    expect(parseCpr('0102575234')).toMatchObject({ birthDate: '2057-02-01' });
    expect(parseCpr('0102585234')).toMatchObject({ birthDate: '1858-02-01' });
    expect(parseCpr('0102369234')).toMatchObject({ birthDate: '2036-02-01' });
    expect(parseCpr('0102379234')).toMatchObject({ birthDate: '1937-02-01' });
    expect(parseCpr(' 17 05 90 1234 ')).toMatchObject({ ok: true, birthDate: '1990-05-17' });
  });

  it('names what is wrong', () => {
    expect(parseCpr('')).toEqual({ ok: false, error: 'validation.cpr_required' });
    expect(parseCpr(undefined)).toEqual({ ok: false, error: 'validation.cpr_required' });
    expect(parseCpr('12345')).toEqual({ ok: false, error: 'validation.cpr_digits' });
    expect(parseCpr('01020312345')).toEqual({ ok: false, error: 'validation.cpr_digits' });
    expect(parseCpr('01O2031234')).toEqual({ ok: false, error: 'validation.cpr_digits' });
    expect(parseCpr('3102901234')).toEqual({ ok: false, error: 'validation.cpr_invalid_date' });
    expect(parseCpr('2902011234')).toEqual({ ok: false, error: 'validation.cpr_invalid_date' });
    // 1900 was no leap year; 2000 was.
    expect(parseCpr('2902001234')).toEqual({ ok: false, error: 'validation.cpr_invalid_date' });
    expect(parseCpr('2902004234')).toMatchObject({ ok: true, birthDate: '2000-02-29' });
    expect(parseCpr('0013901234')).toEqual({ ok: false, error: 'validation.cpr_invalid_date' });
    expect(parseCpr('0001901234')).toEqual({ ok: false, error: 'validation.cpr_invalid_date' });
  });

  it('round-trips every real date through a CPR whose 7th digit fits its century', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1858-01-01T00:00:00Z'), max: new Date('2057-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 999 }),
        (date, serial) => {
          const year = date.getUTCFullYear();
          const yy = year % 100;
          const digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => cprCentury(d, yy) + yy === year);
          fc.pre(digits.length > 0);
          const iso = date.toISOString().slice(0, 10);
          const [, mm, dd] = iso.split('-');
          const cpr = `${dd}${mm}${String(yy).padStart(2, '0')}${digits[0]}${String(serial).padStart(3, '0')}`;
          expect(parseCpr(cpr)).toEqual({ ok: true, cpr, birthDate: iso });
        },
      ),
    );
  });

  it('counts age by the calendar day in Copenhagen', () => {
    // 21 on the birthday itself, from midnight Copenhagen time (23:00 UTC the evening before).
    expect(ageOn('2005-11-23', new Date('2026-11-22T22:59:59Z'))).toBe(20);
    expect(ageOn('2005-11-23', new Date('2026-11-22T23:00:00Z'))).toBe(21);
    expect(isOldEnough('2005-11-23', 21, new Date('2026-11-22T12:00:00Z'))).toBe(false);
    expect(isOldEnough('2005-11-22', 21, new Date('2026-11-22T12:00:00Z'))).toBe(true);
    // A 29 February birthday turns a year older on 1 March in other years.
    expect(ageOn('2004-02-29', new Date('2025-02-28T12:00:00Z'))).toBe(20);
    expect(ageOn('2004-02-29', new Date('2025-03-01T12:00:00Z'))).toBe(21);
  });

  it('never lets age go down as time passes', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1930-01-01'), max: new Date('2010-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        (birth, a, b) => {
          const birthDate = birth.toISOString().slice(0, 10);
          const t0 = new Date('2020-01-01T00:00:00Z').getTime();
          const [early, late] = a < b ? [a, b] : [b, a];
          expect(ageOn(birthDate, new Date(t0 + late * 1000))).toBeGreaterThanOrEqual(ageOn(birthDate, new Date(t0 + early * 1000)));
        },
      ),
    );
  });

  it('masks all but the birth date', () => {
    expect(maskCpr('0102031234')).toBe('010203-****');
  });
});
