import { describe, expect, it } from 'vitest';
import { dayOfAge, inAgeRange, parseAgeRange, rememberedAgePopup } from './age-popup';

describe('the age popup’s rule (spec §5: minmaxAgePopup "18,20", minAge 21)', () => {
  it('reads the two numbers, falls back to 18 to one under the age limit, and never reaches the limit', () => {
    expect(parseAgeRange('18,20', 21)).toEqual({ min: 18, max: 20 });
    expect(parseAgeRange(' 19 , 20 ', 21)).toEqual({ min: 19, max: 20 });
    expect(parseAgeRange('18,25', 21)).toEqual({ min: 18, max: 20 });
    expect(parseAgeRange('18', 21)).toEqual({ min: 18, max: 20 });
    expect(parseAgeRange('x,y', 21)).toEqual({ min: 18, max: 20 });
    expect(parseAgeRange(undefined, 23)).toEqual({ min: 18, max: 22 });
    expect(parseAgeRange('21,20', 21)).toEqual({ min: 18, max: 20 });
  });

  it('takes a person aged 18 to 20 on the Copenhagen date, not 17 or 21', () => {
    const range = { min: 18, max: 20 };
    const now = new Date('2026-11-28T12:00:00Z');
    expect(inAgeRange('2008-11-28', range, now)).toBe(true); // 18 today
    expect(inAgeRange('2008-11-29', range, now)).toBe(false); // 17 until tomorrow
    expect(inAgeRange('2005-11-29', range, now)).toBe(true); // 20, 21 tomorrow
    expect(inAgeRange('2005-11-28', range, now)).toBe(false); // 21 today
    // 23:30 UTC on 27 November is already 28 November in Copenhagen.
    expect(inAgeRange('2005-11-28', range, new Date('2026-11-27T23:30:00Z'))).toBe(false);
  });

  it('is remembered until the day the person reaches the limit, and only in its own shape', () => {
    expect(dayOfAge('2006-03-14', 21)).toBe('2027-03-14');
    expect(dayOfAge('2004-02-29', 21)).toBe('2025-03-01');
    const stored = JSON.stringify({ kind: 'age', until: '2027-03-14' });
    expect(rememberedAgePopup(stored, '2026-11-28')).toBe(true);
    expect(rememberedAgePopup(stored, '2027-03-14')).toBe(false);
    expect(rememberedAgePopup('{"kind":"other","until":"2099-01-01"}', '2026-11-28')).toBe(false);
    expect(rememberedAgePopup('not json', '2026-11-28')).toBe(false);
    expect(rememberedAgePopup(null, '2026-11-28')).toBe(false);
  });
});
