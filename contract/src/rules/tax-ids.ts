/**
 * Tax ids an educator's payouts are made out to: Brazil's CPF (people) and CNPJ (companies), each
 * with its two check digits; Portugal's NIF with its check digit; Angola's NIF, which publishes no
 * check digit, by its shape (a person's is their bilhete de identidade number, 9 digits, 2 letters
 * and 3 digits; a company's 10 digits).
 */

const digitsOf = (text: string): number[] => [...text].map(Number);

/** Only the digits, as people type them with dots, dashes and slashes. */
export function onlyDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/** A mod-11 check digit with weights from `first` down, folded to 0 at 10 and 11 (CPF). */
function cpfDigit(digits: number[], first: number): number {
  const sum = digits.reduce((acc, d, i) => acc + d * (first - i), 0);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

export function isValidCpf(input: string): boolean {
  const cpf = onlyDigits(input);
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const d = digitsOf(cpf);
  return cpfDigit(d.slice(0, 9), 10) === d[9] && cpfDigit(d.slice(0, 10), 11) === d[10];
}

const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

function cnpjDigit(digits: number[]): number {
  const weights = CNPJ_WEIGHTS.slice(CNPJ_WEIGHTS.length - digits.length);
  const rest = digits.reduce((acc, d, i) => acc + d * weights[i]!, 0) % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCnpj(input: string): boolean {
  const cnpj = onlyDigits(input);
  if (!/^\d{14}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const d = digitsOf(cnpj);
  return cnpjDigit(d.slice(0, 12)) === d[12] && cnpjDigit(d.slice(0, 13)) === d[13];
}

/** Completes 9 (CPF) or 12 (CNPJ) digits with their check digits: for tests and examples. */
export function withCpfCheckDigits(nine: string): string {
  const d = digitsOf(nine);
  const first = cpfDigit(d, 10);
  return `${nine}${first}${cpfDigit([...d, first], 11)}`;
}

export function withCnpjCheckDigits(twelve: string): string {
  const d = digitsOf(twelve);
  const first = cnpjDigit(d);
  return `${twelve}${first}${cnpjDigit([...d, first])}`;
}

function nifDigit(eight: number[]): number {
  const rest = eight.reduce((acc, d, i) => acc + d * (9 - i), 0) % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Portugal's NIF: 9 digits, the last a mod-11 check digit of the first 8. */
export function isValidPortugueseNif(input: string): boolean {
  const nif = onlyDigits(input);
  if (!/^[1-9]\d{8}$/.test(input.replace(/[\s.-]/g, ''))) return false;
  const d = digitsOf(nif);
  return nifDigit(d.slice(0, 8)) === d[8];
}

export function withNifCheckDigit(eight: string): string {
  return `${eight}${nifDigit(digitsOf(eight))}`;
}

const ANGOLAN_PERSON_NIF = /^\d{9}[A-Z]{2}\d{3}$/;
const ANGOLAN_COMPANY_NIF = /^\d{10}$/;

export function normaliseAngolanNif(input: string): string {
  return input.replace(/[\s.-]/g, '').toUpperCase();
}

export function isValidAngolanNif(input: string): boolean {
  const nif = normaliseAngolanNif(input);
  return ANGOLAN_PERSON_NIF.test(nif) || ANGOLAN_COMPANY_NIF.test(nif);
}

/** '123.456.789-09' */
export function formatCpf(cpf: string): string {
  const d = onlyDigits(cpf);
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/** '12.345.678/0001-95' */
export function formatCnpj(cnpj: string): string {
  const d = onlyDigits(cnpj);
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}
