import { describe, expect, it } from 'vitest';
import { isValidCvr } from './cvr';

describe('isValidCvr', () => {
  it('passes eight digits whose modulus-11 sum holds', () => {
    expect(isValidCvr('42917354')).toBe(true);
    expect(isValidCvr('44168537')).toBe(true);
  });

  it('fails a placeholder, a wrong check digit, and anything not eight digits', () => {
    expect(isValidCvr('00000000')).toBe(false);
    expect(isValidCvr('42917355')).toBe(false);
    expect(isValidCvr('4291735')).toBe(false);
    expect(isValidCvr('429173540')).toBe(false);
    expect(isValidCvr('4291 7354')).toBe(false);
  });
});
