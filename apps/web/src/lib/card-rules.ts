import { MAX_DEPOSIT_ORE, MIN_DEPOSIT_ORE, parseKrToOre } from '@krone/domain';

/** What the player typed into the card form; card data goes to the provider only, never to us. */
export interface CardInput {
  number: string;
  holder: string;
  expiryMonth: string;
  expiryYear: string;
  cvv: string;
}

export type CardField = keyof CardInput;
export const CARD_FIELDS: readonly CardField[] = ['number', 'holder', 'expiryMonth', 'expiryYear', 'cvv'];

/** The card number without the spaces and dashes players type. */
export const bareCardNumber = (number: string) => number.replace(/[\s-]/g, '');

/** "4571000000000001" → "4571 0000 0000 0001", as the player types. */
export const groupCardNumber = (number: string) =>
  bareCardNumber(number)
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** A two-digit year (as on the card) or four digits, as a full year; null when not a year. */
export function fullYear(value: string): number | null {
  const digits = value.trim();
  if (/^\d{2}$/.test(digits)) return 2000 + Number(digits);
  if (/^\d{4}$/.test(digits)) return Number(digits);
  return null;
}

/**
 * The card rules of spec §5, checked before anything is sent: number required and 16 digits,
 * holder, expiry month and year required, the expiry not past (a card is valid through its
 * month, Copenhagen and UTC agree on the month for all but an hour), CVV required and at least 3
 * characters. Answers the Danish message key per bad field.
 */
export function checkCard(card: CardInput, now: Date = new Date()): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  const number = bareCardNumber(card.number);
  if (!number) errors.number = 'validation.card_number_required';
  else if (!/^\d{16}$/.test(number)) errors.number = 'validation.card_number';
  if (!card.holder.trim()) errors.holder = 'validation.cardholder';
  const month = /^\d{1,2}$/.test(card.expiryMonth.trim()) ? Number(card.expiryMonth) : NaN;
  const year = fullYear(card.expiryYear);
  if (!(month >= 1 && month <= 12)) errors.expiryMonth = 'validation.expiry';
  if (year === null) errors.expiryYear = 'validation.expiry';
  if (
    !errors.expiryMonth &&
    !errors.expiryYear &&
    (year! < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
  ) {
    errors.expiryYear = 'validation.expiry_past';
  }
  const cvv = card.cvv.trim();
  if (!cvv) errors.cvv = 'validation.cvv_required';
  else if (cvv.length < 3 || !/^\d+$/.test(cvv)) errors.cvv = 'validation.cvv';
  return errors;
}

/**
 * An amount typed in kroner (Danish format) as øre, or the message key of what is wrong with it:
 * required, valid, at least 100,00 kr. (spec §5).
 */
export function checkAmount(input: string): { ore: number } | { error: string } {
  if (!input.trim()) return { error: 'validation.amount_required' };
  const ore = parseKrToOre(input);
  if (ore === null || ore > MAX_DEPOSIT_ORE) return { error: 'validation.amount_invalid' };
  if (ore < MIN_DEPOSIT_ORE) return { error: 'validation.min_deposit' };
  return { ore };
}
