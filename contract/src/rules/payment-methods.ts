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
