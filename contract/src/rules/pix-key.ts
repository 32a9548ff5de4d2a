import { isValidCnpj, isValidCpf, onlyDigits } from './tax-ids';

/**
 * The five kinds of Pix key the Banco Central allows. The educator says which one they typed, as
 * banks ask: eleven digits are a CPF or a mobile number, and only the person knows which.
 */
export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'E-mail',
  phone: 'Celular',
  random: 'Chave aleatória',
};

/** The Banco Central's limit for an e-mail key. */
export const PIX_EMAIL_MAX = 77;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** +55, a DDD (11–99) and a mobile number (9 and eight digits). */
const PHONE = /^\+55[1-9][1-9]9\d{8}$/;

/** The key as the Pix directory stores it: digits only, +55… for a phone, lower case otherwise. */
export function normalisePixKey(type: PixKeyType, input: string): string {
  const key = input.trim();
  switch (type) {
    case 'cpf':
    case 'cnpj':
      return onlyDigits(key);
    case 'phone': {
      const digits = onlyDigits(key);
      return `+${digits.length <= 11 ? `55${digits}` : digits}`;
    }
    case 'email':
    case 'random':
      return key.toLowerCase();
  }
}

/** Why a key is not a valid key of its type, in Portuguese; null when it is. */
export function pixKeyProblem(type: PixKeyType, input: string): string | null {
  const key = normalisePixKey(type, input);
  switch (type) {
    case 'cpf':
      return isValidCpf(key) ? null : 'CPF inválido: confira os 11 dígitos';
    case 'cnpj':
      return isValidCnpj(key) ? null : 'CNPJ inválido: confira os 14 dígitos';
    case 'email':
      if (key.length > PIX_EMAIL_MAX)
        return `Um e-mail de chave Pix tem até ${PIX_EMAIL_MAX} caracteres`;
      return EMAIL.test(key) ? null : 'E-mail inválido';
    case 'phone':
      return PHONE.test(key) ? null : 'Celular inválido: use DDD e número, como (11) 98765-4321';
    case 'random':
      return RANDOM_KEY.test(key)
        ? null
        : 'Chave aleatória inválida: são 32 letras e números com hífens, como o banco mostra';
  }
}
