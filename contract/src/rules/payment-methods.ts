/**
 * The payment methods and their names, without zod: the course page offers them from the first
 * rendered HTML, and its script must not carry the schemas (contract/payments.ts builds those).
 */
export const PAYMENT_METHODS = [
  'card',
  'pix',
  'boleto',
  'mb_way',
  'multibanco',
  'multicaixa_express',
  'reference',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Cartão',
  pix: 'Pix',
  boleto: 'Boleto',
  mb_way: 'MB WAY',
  multibanco: 'Multibanco',
  multicaixa_express: 'Multicaixa Express',
  reference: 'Pagamento por referência',
};

/** Methods confirmed by the buyer in a phone app within seconds: they need the phone number. */
export const PUSH_METHODS = [
  'mb_way',
  'multicaixa_express',
] as const satisfies readonly PaymentMethod[];

export function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}

export function isPushMethod(method: PaymentMethod): boolean {
  return (PUSH_METHODS as readonly string[]).includes(method);
}

export type PushMethod = (typeof PUSH_METHODS)[number];

/**
 * The numbers each push reaches, as the buyer types them without spaces or dashes: MB WAY runs on
 * Portuguese mobiles (9 digits from 91, 92, 93 or 96, +351 optional), Multicaixa Express on Angolan
 * ones (9 digits from 9, +244 optional). A number of another country would never ring.
 */
export const PUSH_PHONES: Record<PushMethod, { pattern: RegExp; message: string }> = {
  mb_way: {
    pattern: /^(?:\+351)?9[1236]\d{7}$/,
    message: 'O MB WAY só funciona com celular português: 9 dígitos começando por 91, 92, 93 ou 96',
  },
  multicaixa_express: {
    pattern: /^(?:\+244)?9\d{8}$/,
    message: 'O Multicaixa Express só funciona com celular angolano: 9 dígitos começando por 9',
  },
};

/** Why `phone` cannot receive a push of `method`, or null when it can (or the method is no push). */
export function pushPhoneProblem(method: PaymentMethod, phone: string): string | null {
  if (!isPushMethod(method)) return null;
  const rule = PUSH_PHONES[method as PushMethod];
  return rule.pattern.test(phone) ? null : rule.message;
}

/** The 9-digit national number a push goes to, without its country code. */
export function pushPhoneNumber(phone: string): string {
  return phone.replace(/\D/g, '').slice(-9);
}
