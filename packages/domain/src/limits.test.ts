import { describe, expect, it } from 'vitest';
import { chooseLimitAmount, isValidDepositLimitOre, MAX_DEPOSIT_LIMIT_ORE } from './limits';

describe('deposit limit amounts', () => {
  it('takes a suggested amount or a Danish custom amount in kroner as whole øre', () => {
    expect(chooseLimitAmount('1000', '')).toEqual({ ok: true, amountOre: 100_000 });
    expect(chooseLimitAmount('custom', '2.500')).toEqual({ ok: true, amountOre: 250_000 });
    expect(chooseLimitAmount('custom', ' 750,50 kr. ')).toEqual({ ok: true, amountOre: 75_050 });
  });

  it('names the missing or bad field with the key of its Danish message', () => {
    expect(chooseLimitAmount('', '')).toEqual({ ok: false, errorKey: 'validation.limit_required' });
    expect(chooseLimitAmount('custom', '  ')).toEqual({ ok: false, errorKey: 'validation.custom_limit_required' });
    for (const typed of ['-100', '10,005', 'abc', '0', '0,50', '10.000.001', '99999999999999999']) {
      expect(chooseLimitAmount('custom', typed), typed).toEqual({ ok: false, errorKey: 'validation.amount_invalid' });
    }
    expect(chooseLimitAmount('777', '')).toEqual({ ok: false, errorKey: 'validation.limit_required' });
  });

  it('accepts only whole øre within the bounds', () => {
    expect(isValidDepositLimitOre(100)).toBe(true);
    expect(isValidDepositLimitOre(MAX_DEPOSIT_LIMIT_ORE)).toBe(true);
    for (const bad of [99, 100.5, -100, MAX_DEPOSIT_LIMIT_ORE + 1, '1000', Number.NaN])
      expect(isValidDepositLimitOre(bad), String(bad)).toBe(false);
  });
});
