import {
  isPushMethod,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '@aprendiz/contract/payments';
import { currencyLabel } from '@aprendiz/contract/rules/currency';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import type { VoucherGateway } from './providers/payment-provider';
import { stripeMethods } from './payment-methods';

// The methods a deployment offers: what starting a purchase needs, kept apart from the attempt's
// issuing (attempt-issue.ts) and its later life (payment-attempts.ts), which completes purchases.

export const CHECKOUT_UNAVAILABLE = 'Não foi possível iniciar o pagamento. Tente novamente.';

export const METHOD_UNAVAILABLE = 'Este método de pagamento não está disponível';
export const PHONE_REQUIRED = 'Informe o número de celular para aprovar o pagamento no app';
/** The methods this deployment takes, in the order they are offered. */
export function offeredMethods(deps: Pick<AppDeps, 'config' | 'payments'>): PaymentMethod[] {
  const choice = deps.config.payments;
  const vouchers = deps.payments.vouchers?.methods(deps.config.currency) ?? [];
  switch (deps.payments.kind) {
    case 'stripe': {
      const boleto = 'stripe' in choice && choice.stripe.boleto;
      // With ProxyPay beside Stripe (kwanzas), Stripe keeps the card and ProxyPay the rest.
      return [...new Set([...stripeMethods(deps.config.currency, boleto), ...vouchers])];
    }
    // ProxyPay alone has no card: exactly its own methods.
    case 'proxypay':
      return vouchers;
    case 'sandbox':
      return ['card', ...vouchers.filter((method) => method !== 'card')];
  }
}

export function listMethods(deps: Pick<AppDeps, 'config' | 'payments'>) {
  return {
    currency: deps.config.currency,
    currencyLabel: currencyLabel(deps.config.currency),
    methods: offeredMethods(deps).map((id) => ({ id, label: PAYMENT_METHOD_LABELS[id] })),
  };
}

export interface MethodChoice {
  method: PaymentMethod;
  phone?: string | undefined;
}

/** Refuses (400) a method the deployment does not take, or a push without its phone number. */
export function assertChoice(deps: Pick<AppDeps, 'config' | 'payments'>, choice: MethodChoice) {
  if (!offeredMethods(deps).includes(choice.method)) throw badRequest(METHOD_UNAVAILABLE);
  if (isPushMethod(choice.method) && !choice.phone) throw badRequest(PHONE_REQUIRED);
}

export function paymentPagePath(purchaseId: string): string {
  return `/payment/${purchaseId}`;
}

export function gatewayOf(deps: Pick<AppDeps, 'payments'>): VoucherGateway {
  const gateway = deps.payments.vouchers;
  if (!gateway) throw badRequest(METHOD_UNAVAILABLE);
  return gateway;
}
