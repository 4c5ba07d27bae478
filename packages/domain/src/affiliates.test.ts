import { describe, expect, it } from 'vitest';
import { cookieLifetimeSeconds, isValidBtag } from './affiliates';

describe('btag', () => {
  it('takes a partner code of letters, digits and ._- up to 64 characters, nothing else', () => {
    expect(isValidBtag('a_123-partner.dk')).toBe(true);
    expect(isValidBtag('x'.repeat(64))).toBe(true);
    expect(isValidBtag('x'.repeat(65))).toBe(false);
    expect(isValidBtag('')).toBe(false);
    expect(isValidBtag('a b')).toBe(false);
    expect(isValidBtag('<script>')).toBe(false);
    expect(isValidBtag(42)).toBe(false);
  });

  it('reads the cookie configs {type, time}: days, hours or minutes, at most a year', () => {
    expect(cookieLifetimeSeconds({ type: 'days', time: 30 })).toBe(30 * 86_400);
    expect(cookieLifetimeSeconds({ type: 'hours', time: 2 })).toBe(7_200);
    expect(cookieLifetimeSeconds({ type: 'minutes', time: 15 })).toBe(900);
    expect(cookieLifetimeSeconds({ type: 'days', time: 1000 })).toBe(365 * 86_400);
    expect(cookieLifetimeSeconds({ type: 'weeks', time: 1 })).toBeNull();
    expect(cookieLifetimeSeconds({ type: 'days', time: 0 })).toBeNull();
    expect(cookieLifetimeSeconds({ type: 'days', time: 1.5 })).toBeNull();
    expect(cookieLifetimeSeconds(null)).toBeNull();
  });
});
