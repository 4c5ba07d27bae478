/**
 * A Danish company number (CVR): eight digits, the first not 0, whose weighted sum (2, 7, 6, 5,
 * 4, 3, 2, 1) is divisible by 11 (the register's modulus-11 check). A placeholder such as
 * 00000000 fails it.
 */
export function isValidCvr(value: string): boolean {
  if (!/^[1-9]\d{7}$/.test(value)) return false;
  const weights = [2, 7, 6, 5, 4, 3, 2, 1];
  const sum = [...value].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
  return sum % 11 === 0;
}
