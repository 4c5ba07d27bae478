import { readFileSync } from 'node:fs';
import { ERROR_CATALOGUE, ERROR_CODES, isErrorCode } from '@krone/domain';
import { describe, expect, it } from 'vitest';
import { AppError, fail } from '../src/shared/errors.js';

const translations = JSON.parse(readFileSync(new URL('../src/content/seed/translations.json', import.meta.url), 'utf8')) as Record<
  string,
  Record<string, string>
>;

describe('the error catalogue', () => {
  it('maps every code to a refusal status and lists every code once', () => {
    expect(ERROR_CODES).toEqual(Object.keys(ERROR_CATALOGUE));
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      const { status } = ERROR_CATALOGUE[code];
      expect(status >= 400 && status < 600, code).toBe(true);
    }
    expect(isErrorCode('INSUFFICIENT_FUNDS')).toBe(true);
    expect(isErrorCode('INSUFICIENT_FUNDS')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });

  it('has a Danish text for every message key', () => {
    for (const code of ERROR_CODES) {
      const key = ERROR_CATALOGUE[code].messageKey;
      const [group, name] = key.split('.') as [string, string];
      expect(translations[group]?.[name], `${code}: ${key}`).toMatch(/\S/);
    }
  });

  it('throws with the code’s status and key, unless a site overrides them', () => {
    const error = fail('DEPOSIT_TOO_SMALL', { fields: { amount: 'deposit.min_amount' } });
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'DEPOSIT_TOO_SMALL',
      statusCode: 400,
      messageKey: 'deposit.min_amount',
      details: { fields: { amount: 'deposit.min_amount' } },
    });
    expect(fail('UPLOAD_FAILED', undefined, { status: 500 })).toMatchObject({ statusCode: 500, messageKey: 'profile.upload_error' });
    expect(fail('RATE_LIMITED', undefined, { messageKey: 'contact_us.rate_limited' })).toMatchObject({
      statusCode: 429,
      messageKey: 'contact_us.rate_limited',
    });
  });
});
