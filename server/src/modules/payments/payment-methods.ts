import type { Currency } from '@aprendiz/contract/rules/currency';
import type { PaymentMethod } from '@aprendiz/contract/payments';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** How long a voucher of each method stays payable after it is issued. */
const LIFETIME_MS: Record<Exclude<PaymentMethod, 'boleto'>, number> = {
  // A Stripe Checkout Session is open for 24 h.
  card: DAY,
  pix: 30 * MINUTE,
  mb_way: 5 * MINUTE,
  multicaixa_express: 90_000,
  multibanco: 3 * DAY,
  reference: 3 * DAY,
};

/** One business day after `date`: a Saturday or Sunday moves on to Monday. */
function nextBusinessDay(date: Date): Date {
  const next = new Date(date.getTime() + DAY);
  while (next.getUTCDay() === 0 || next.getUTCDay() === 6) next.setTime(next.getTime() + DAY);
  return next;
}

/** When a voucher issued at `issuedAt` stops being payable. A boleto: 3 days, then one business day. */
export function voucherExpiry(method: PaymentMethod, issuedAt: Date): Date {
  if (method === 'boleto') return nextBusinessDay(new Date(issuedAt.getTime() + 3 * DAY));
  return new Date(issuedAt.getTime() + LIFETIME_MS[method]);
}

/** What Stripe offers per currency (boleto only on Brazilian accounts, with STRIPE_BOLETO=1). */
export function stripeMethods(currency: Currency, boleto: boolean): PaymentMethod[] {
  if (currency === 'brl') return boleto ? ['card', 'pix', 'boleto'] : ['card', 'pix'];
  if (currency === 'eur') return ['card', 'mb_way', 'multibanco'];
  return ['card'];
}

/** ProxyPay serves Angola: kwanzas only. */
export function proxyPayMethods(currency: Currency): PaymentMethod[] {
  return currency === 'aoa' ? ['multicaixa_express', 'reference'] : [];
}

/** The sandbox plays every provider: each method any of them offers in this currency. */
export function sandboxMethods(currency: Currency): PaymentMethod[] {
  const methods = [...stripeMethods(currency, true), ...proxyPayMethods(currency)];
  return [...new Set(methods)];
}

/** Methods whose voucher the buyer pays outside a card page: they wait on /payment/:id. */
export function isVoucherMethod(method: PaymentMethod): boolean {
  return method !== 'card';
}
