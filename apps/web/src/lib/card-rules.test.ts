import { describe, expect, it } from 'vitest';
import { checkAmount, checkCard, groupCardNumber, type CardInput } from './card-rules';

const good: CardInput = { number: '4571 0000 0000 0001', holder: 'Dorte Demo', expiryMonth: '12', expiryYear: '27', cvv: '123' };
const now = new Date('2026-11-23T12:00:00Z');

describe('card checks before anything is sent (spec §5)', () => {
  it('passes a complete card that has not expired', () => {
    expect(checkCard(good, now)).toEqual({});
    expect(checkCard({ ...good, expiryMonth: '11', expiryYear: '2026' }, now)).toEqual({});
  });

  it('requires a 16-digit card number', () => {
    expect(checkCard({ ...good, number: '' }, now).number).toBe('validation.card_number_required');
    expect(checkCard({ ...good, number: '4571 0000 0000 001' }, now).number).toBe('validation.card_number');
    expect(checkCard({ ...good, number: '4571 0000 0000 00012' }, now).number).toBe('validation.card_number');
    expect(checkCard({ ...good, number: '4571 0000 0000 000A' }, now).number).toBe('validation.card_number');
  });

  it('requires the holder, month and year, and refuses a past expiry', () => {
    expect(checkCard({ ...good, holder: '  ' }, now).holder).toBe('validation.cardholder');
    expect(checkCard({ ...good, expiryMonth: '' }, now).expiryMonth).toBe('validation.expiry');
    expect(checkCard({ ...good, expiryMonth: '13' }, now).expiryMonth).toBe('validation.expiry');
    expect(checkCard({ ...good, expiryYear: '' }, now).expiryYear).toBe('validation.expiry');
    expect(checkCard({ ...good, expiryMonth: '10', expiryYear: '26' }, now).expiryYear).toBe('validation.expiry_past');
    expect(checkCard({ ...good, expiryYear: '2025' }, now).expiryYear).toBe('validation.expiry_past');
  });

  it('requires a CVV of at least 3 digits', () => {
    expect(checkCard({ ...good, cvv: '' }, now).cvv).toBe('validation.cvv_required');
    expect(checkCard({ ...good, cvv: '12' }, now).cvv).toBe('validation.cvv');
    expect(checkCard({ ...good, cvv: '1234' }, now).cvv).toBeUndefined();
  });

  it('groups the number in fours as the player types', () => {
    expect(groupCardNumber('4571000000000001')).toBe('4571 0000 0000 0001');
    expect(groupCardNumber('45710')).toBe('4571 0');
  });
});

describe('deposit amounts', () => {
  it('reads Danish kroner into øre, at least 100,00 kr.', () => {
    expect(checkAmount('250')).toEqual({ ore: 25_000 });
    expect(checkAmount('1.000,50')).toEqual({ ore: 100_050 });
    expect(checkAmount('')).toEqual({ error: 'validation.amount_required' });
    expect(checkAmount('99,99')).toEqual({ error: 'validation.min_deposit' });
    expect(checkAmount('-200')).toEqual({ error: 'validation.amount_invalid' });
    expect(checkAmount('100.5')).toEqual({ error: 'validation.amount_invalid' });
    expect(checkAmount('10000000')).toEqual({ error: 'validation.amount_invalid' });
  });
});
