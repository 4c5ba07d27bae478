/**
 * A Danish postal address as the player gives it in the profile (userInfo's address lines, zip
 * and city, spec §3), checked the same way in the browser and on the platform.
 */
export interface AddressInput {
  address1: string;
  address2?: string;
  zip: string;
  city: string;
}

export type AddressField = 'address1' | 'address2' | 'zip' | 'city';

const LINE = /^[\p{L}\p{N} .,'/-]+$/u;

/** The address trimmed, or the key of the Danish message per field that is wrong. */
export function checkAddress(
  input: AddressInput,
): { ok: true; address: Required<AddressInput> } | { ok: false; errors: Partial<Record<AddressField, string>> } {
  const address = {
    address1: input.address1.trim().replace(/\s+/g, ' '),
    address2: (input.address2 ?? '').trim().replace(/\s+/g, ' '),
    zip: input.zip.trim(),
    city: input.city.trim().replace(/\s+/g, ' '),
  };
  const errors: Partial<Record<AddressField, string>> = {};
  if (!address.address1) errors.address1 = 'validation.address_required';
  else if (
    address.address1.length > 100 ||
    !LINE.test(address.address1) ||
    !/\p{L}/u.test(address.address1) ||
    !/\d/.test(address.address1)
  )
    errors.address1 = 'validation.address_invalid';
  if (address.address2 && (address.address2.length > 100 || !LINE.test(address.address2))) errors.address2 = 'validation.address_invalid';
  // Danish postcodes: four digits, 0800 (businesses) to 9990.
  if (!/^\d{4}$/.test(address.zip) || Number(address.zip) < 800 || Number(address.zip) > 9990) errors.zip = 'validation.zip_invalid';
  if (!address.city) errors.city = 'validation.city_required';
  else if (address.city.length > 50 || !/^[\p{L} .'-]+$/u.test(address.city)) errors.city = 'validation.city_invalid';
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, address };
}

/**
 * The street, number and letter of a Danish address line ("Kronegade 12B, 2. th." → Kronegade,
 * 12, B): userInfo's streetName, streetNumber and streetLetter. Empty parts when the line has none.
 */
export function streetParts(line: string | null | undefined): { streetName: string; streetNumber: string; streetLetter: string } {
  const match = /^(\D+?)\s*(\d{1,4})\s*([A-Za-zÆØÅæøå])?(?![\p{L}])/u.exec((line ?? '').trim());
  if (!match) return { streetName: (line ?? '').trim(), streetNumber: '', streetLetter: '' };
  return { streetName: match[1]!.trim().replace(/,$/, ''), streetNumber: match[2]!, streetLetter: (match[3] ?? '').toUpperCase() };
}

/**
 * The gender a Danish CPR number records: its last digit odd for a man, even for a woman (the CPR
 * register's rule; a legal change of gender gives a new number).
 */
export function genderFromCpr(cpr: string): 'male' | 'female' | '' {
  const last = cpr.trim().slice(-1);
  if (!/^\d$/.test(last)) return '';
  return Number(last) % 2 === 1 ? 'male' : 'female';
}
