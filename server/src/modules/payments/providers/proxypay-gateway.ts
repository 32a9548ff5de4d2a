import type { Currency } from '@aprendiz/contract/rules/currency';
import {
  PUSH_PHONES,
  pushPhoneNumber,
  pushPhoneProblem,
} from '@aprendiz/contract/rules/payment-methods';
import type { PaymentMethod } from '@aprendiz/contract/payments';
import type { ProxyPayConfig } from '../../../config';
import { badRequest, conflict } from '../../../http/errors';
import type { Voucher, VoucherGateway, VoucherRequest } from './payment-provider';
import { createProxyPayClient, type ProxyPayClient } from './proxypay-client';

// ProxyPay's vouchers: a reference (entity + reference + amount, paid at an ATM or in home banking)
// and a Multicaixa Express push. The purchase keeps which one in providerRef: `ref:<reference>` or
// `opg:<transaction id>`, so a callback or a listed payment finds its purchase.

export const INVALID_ANGOLAN_PHONE = PUSH_PHONES.multicaixa_express.message;
export const EXPRESS_STILL_PENDING =
  'O pedido no Multicaixa Express ainda aguarda aprovação no app: aprove-o ou espere que expire';

/** Where OPG posts a transaction's result; ProxyPay takes it on each request. */
export const EXPRESS_CALLBACK_PATH = '/api/webhooks/proxypay/express';

const REF_PREFIX = 'ref:';
const OPG_PREFIX = 'opg:';

export function referenceProviderRef(referenceId: string): string {
  return `${REF_PREFIX}${referenceId}`;
}
export function expressProviderRef(transactionId: string): string {
  return `${OPG_PREFIX}${transactionId}`;
}

function parseProviderRef(
  providerRef: string | null,
): { kind: 'reference' | 'express'; id: string } | null {
  if (providerRef?.startsWith(REF_PREFIX))
    return { kind: 'reference', id: providerRef.slice(REF_PREFIX.length) };
  if (providerRef?.startsWith(OPG_PREFIX))
    return { kind: 'express', id: providerRef.slice(OPG_PREFIX.length) };
  return null;
}

/**
 * The number Multicaixa Express knows: 9 digits starting with 9, the country code (+244 or
 * 00244) dropped. Anything else is refused before the provider is asked.
 */
export function angolanMobile(phone: string | null): string {
  // The contract refuses other numbers already; the port checks again what it is handed.
  if (!phone || pushPhoneProblem('multicaixa_express', phone))
    throw badRequest(INVALID_ANGOLAN_PHONE);
  return pushPhoneNumber(phone);
}

/**
 * A reference's last day, as ProxyPay takes it: the date in Luanda (UTC+1, no summer time) of
 * our expiry, so the ATM keeps taking it at least as long as our page says it may be paid.
 */
export function referenceEndDate(expiresAt: Date): string {
  return new Date(expiresAt.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);
}

export interface ProxyPayVouchers extends VoucherGateway {
  readonly provider: 'proxypay';
  readonly client: ProxyPayClient;
}

export function isProxyPayVouchers(gateway: VoucherGateway | null): gateway is ProxyPayVouchers {
  return gateway?.provider === 'proxypay' && 'client' in gateway;
}

export function createProxyPayVouchers(
  config: ProxyPayConfig,
  publicUrl: string,
  client: ProxyPayClient = createProxyPayClient(config),
): ProxyPayVouchers {
  async function issueReference(request: VoucherRequest): Promise<Voucher> {
    const referenceId = await client.newReferenceId();
    await client.createReference(referenceId, {
      amount: request.amount,
      endDatetime: referenceEndDate(request.expiresAt),
      // Carried on the payment, so whoever reads the account's payments can tell whose it is.
      customFields: { purchase_id: request.purchaseId },
    });
    return {
      instructions: {
        kind: 'reference',
        entity: config.entity,
        reference: referenceId,
        amount: request.amount,
      },
      providerRef: referenceProviderRef(referenceId),
    };
  }

  async function issueExpress(request: VoucherRequest, posId: number): Promise<Voucher> {
    const mobile = angolanMobile(request.phone);
    const transaction = await client.requestExpressPayment({
      posId,
      mobile,
      amount: request.amount.toFixed(2),
      callbackUrl: `${publicUrl}${EXPRESS_CALLBACK_PATH}`,
      // One push per attempt: a new attempt of the same purchase has a new expiry.
      idempotencyKey: `${request.purchaseId}-${request.expiresAt.getTime()}`,
    });
    return {
      instructions: { kind: 'push', phone: mobile },
      providerRef: expressProviderRef(transaction.id),
    };
  }

  return {
    provider: 'proxypay',
    client,
    methods(currency: Currency): PaymentMethod[] {
      if (currency !== 'aoa') return [];
      return config.posId === null ? ['reference'] : ['multicaixa_express', 'reference'];
    },
    async issue(request) {
      if (request.method === 'reference') return issueReference(request);
      if (request.method === 'multicaixa_express' && config.posId !== null)
        return issueExpress(request, config.posId);
      throw new Error(`ProxyPay does not take ${request.method}`);
    },
    async cancel({ providerRef }) {
      const ref = parseProviderRef(providerRef);
      if (ref?.kind === 'reference') await client.deleteReference(ref.id);
      // A push cannot be withdrawn: while the app still waits for the buyer, the attempt stays,
      // or an approval after the switch would take money for a voucher no longer on the purchase.
      if (ref?.kind === 'express') {
        const transaction = await client.expressTransaction(ref.id);
        if (transaction.status === 'pending') throw conflict(EXPRESS_STILL_PENDING);
      }
    },
    async status({ providerRef }) {
      const ref = parseProviderRef(providerRef);
      if (!ref) return 'unpaid';
      if (ref.kind === 'express') {
        const transaction = await client.expressTransaction(ref.id);
        if (transaction.status === 'accepted') return 'paid';
        return transaction.status === 'rejected' ? 'failed' : 'unpaid';
      }
      // RPS has no 'get a reference': a paid reference is one whose payment is still listed
      // unacknowledged (we acknowledge only after completing, so a completed one is not asked).
      const payments = await client.unacknowledgedPayments();
      return payments.some((payment) => payment.referenceId === ref.id) ? 'paid' : 'unpaid';
    },
    async acknowledge({ providerRef }) {
      const ref = parseProviderRef(providerRef);
      if (ref?.kind !== 'reference') return;
      const payments = await client.unacknowledgedPayments();
      for (const payment of payments.filter((p) => p.referenceId === ref.id))
        await client.acknowledgePayment(payment.id);
    },
  };
}
