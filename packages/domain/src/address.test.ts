import { describe, expect, it } from 'vitest';
import { checkAddress, genderFromCpr, streetParts } from './address';

describe('a Danish postal address', () => {
  it('is trimmed, and each wrong field gets its own message', () => {
    expect(checkAddress({ address1: '  Kronegade  12B, 2. th. ', zip: '1620', city: ' København V ' })).toEqual({
      ok: true,
      address: { address1: 'Kronegade 12B, 2. th.', address2: '', zip: '1620', city: 'København V' },
    });
    expect(checkAddress({ address1: '', zip: '162', city: '' })).toEqual({
      ok: false,
      errors: { address1: 'validation.address_required', zip: 'validation.zip_invalid', city: 'validation.city_required' },
    });
    expect(checkAddress({ address1: 'Kronegade', zip: '9999', city: 'Aarhus 8000' })).toEqual({
      ok: false,
      errors: { address1: 'validation.address_invalid', zip: 'validation.zip_invalid', city: 'validation.city_invalid' },
    });
    expect(checkAddress({ address1: '<script>1', address2: 'x'.repeat(101), zip: '8000', city: 'Aarhus C' })).toMatchObject({
      ok: false,
      errors: { address1: 'validation.address_invalid', address2: 'validation.address_invalid' },
    });
  });

  it('gives the street, number and letter of its first line', () => {
    expect(streetParts('Kronegade 12B, 2. th.')).toEqual({ streetName: 'Kronegade', streetNumber: '12', streetLetter: 'B' });
    expect(streetParts('H.C. Andersens Boulevard 27')).toEqual({
      streetName: 'H.C. Andersens Boulevard',
      streetNumber: '27',
      streetLetter: '',
    });
    expect(streetParts('Åboulevarden 3 st.')).toEqual({ streetName: 'Åboulevarden', streetNumber: '3', streetLetter: '' });
    expect(streetParts(null)).toEqual({ streetName: '', streetNumber: '', streetLetter: '' });
  });

  it('reads the gender a CPR number records', () => {
    expect(genderFromCpr('0101901231')).toBe('male');
    expect(genderFromCpr('0101901234')).toBe('female');
    expect(genderFromCpr('')).toBe('');
  });
});
