/**
 * IBANs the payouts send money to. The length each country fixes, and the ISO 13616 checksum: the
 * account moved behind its first four characters, letters as 10–35, read as a number, leaves 1 when
 * divided by 97. Angola (AO06…, 25 characters) for kwanza payouts; the SEPA countries for euros.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AO: 25,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
};

/** Without spaces, in capitals, as banks store it. */
export function normaliseIban(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** The remainder of the IBAN's number modulo 97, computed in chunks (the number has ~30 digits). */
export function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const char of rearranged) {
    const value = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

export type IbanProblem = 'format' | 'country' | 'length' | 'checksum';

/** Why an IBAN is not one (null when it is), for the one country list given. */
export function ibanProblem(input: string, countries: readonly string[]): IbanProblem | null {
  const iban = normaliseIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return 'format';
  const country = iban.slice(0, 2);
  if (!countries.includes(country)) return 'country';
  if (iban.length !== IBAN_LENGTHS[country]) return 'length';
  return ibanMod97(iban) === 1 ? null : 'checksum';
}

/** Puts the two check digits in front of a country's account part (for tests and examples). */
export function withIbanCheckDigits(country: string, account: string): string {
  const rest = ibanMod97(`${country}00${account}`);
  return `${country}${String(98 - rest).padStart(2, '0')}${account}`;
}

/** 'PT50 0002 0123 1234 5678 9015 4': groups of four, as printed on bank statements. */
export function formatIban(iban: string): string {
  return normaliseIban(iban)
    .replace(/(.{4})/g, '$1 ')
    .trim();
}
