import { interpolate } from '@krone/domain';
import { describe, expect, it } from 'vitest';
import translations from '../../../../platform/src/content/seed/translations.json';
import { BONUS_CODE_CODES, DEPOSIT_ERROR_KEYS, failureKey, remainingLine } from './messages';
import { DEPOSIT_TEXT_KEYS } from './text-keys';

describe('why a deposit failed, as the player reads it', () => {
  it('says 3-D Secure failed whether the player refused the challenge or left it until the bank gave up', () => {
    expect(failureKey('card', 'authentication_failed')).toBe('deposit.threeds_failed');
    expect(failureKey('card', 'authentication_timeout')).toBe('deposit.threeds_failed');
  });

  it('tells a declined card and wrong card details apart, and falls back to the general message', () => {
    expect(failureKey('card', 'card_declined')).toBe('deposit.error_declined');
    expect(failureKey('card', 'incorrect_details')).toBe('deposit.error_card');
    expect(failureKey('card', 'processing_error')).toBe('deposit.error_transfer');
    expect(failureKey('card', null)).toBe('deposit.error_transfer');
    expect(failureKey('mobilepay', 'expired')).toBe('deposit.mobilepay_cancelled');
  });

  it('has a Danish text for every key it answers', () => {
    const keys = ['authentication_failed', 'authentication_timeout', 'card_declined', 'incorrect_details', null].map((code) =>
      failureKey('card', code),
    );
    const texts = translations as unknown as Record<string, Record<string, string>>;
    for (const key of keys) {
      const [section, name] = key.split('.') as [string, string];
      expect(texts[section]?.[name], key).toMatch(/\S/);
    }
  });

  it('has a Danish text for every refusal of the platform it maps, sent to the page with the deposit texts', () => {
    expect(DEPOSIT_ERROR_KEYS.BONUS_ALREADY_ACTIVE).toBe('deposit.error_bonus_active');
    const texts = translations as unknown as Record<string, Record<string, string>>;
    for (const key of Object.values(DEPOSIT_ERROR_KEYS)) {
      const [section, name] = key.split('.') as [string, string];
      expect(texts[section]?.[name], key).toMatch(/\S/);
      expect(DEPOSIT_TEXT_KEYS, key).toContain(key);
    }
  });

  it('shows each refusal of a bonus code under the code field, in Danish', () => {
    const texts = translations as unknown as Record<string, Record<string, string>>;
    for (const code of [
      'BONUS_CODE_USED',
      'BONUS_FIRST_DEPOSIT_ONLY',
      'BONUS_DECLINED_AT_REGISTRATION',
      'BONUS_ALREADY_ACTIVE',
      'INVALID_BONUS_CODE',
    ]) {
      expect(BONUS_CODE_CODES.has(code), code).toBe(true);
      const key = DEPOSIT_ERROR_KEYS[code];
      expect(key, code).toMatch(/^deposit\.error_bonus_/);
      const [section, name] = key!.split('.') as [string, string];
      expect(texts[section]?.[name], key).toMatch(/bonus/i);
      expect(DEPOSIT_TEXT_KEYS, key).toContain(key);
    }
    expect(DEPOSIT_ERROR_KEYS.BONUS_CODE_USED).toBe('deposit.error_bonus_used');
  });

  it("tells with a limit refusal how much may still be deposited, from the platform's figure", () => {
    const texts = translations as unknown as Record<string, Record<string, string>>;
    const line = remainingLine('DEPOSIT_LIMIT_EXCEEDED', 12_500);
    expect(line).toEqual({ key: 'deposit.error_limit_remaining', vars: { amount: '125 kr.' } });
    expect(interpolate(texts.deposit!.error_limit_remaining!, line!.vars)).toBe(
      'Du kan højst indbetale 125 kr. mere i den nuværende periode.',
    );
    expect(DEPOSIT_TEXT_KEYS).toContain('deposit.error_limit_remaining');
    expect(remainingLine('DEPOSIT_LIMIT_EXCEEDED', 0)?.vars.amount).toBe('0 kr.');
    expect(remainingLine('DEPOSIT_LIMIT_EXCEEDED', undefined)).toBeNull();
    expect(remainingLine('CARD_DECLINED', 12_500)).toBeNull();
  });
});
