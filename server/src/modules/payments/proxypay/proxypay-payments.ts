import type { AppDeps } from '../../../deps';
import { AppError, badRequest } from '../../../http/errors';
import { claimProviderAsk, confirmVoucherPayment, failVoucherPayment } from '../payment-attempts';
import { uuidSchema } from '@aprendiz/contract/common';
import type { PurchaseRow } from '../../../db/schema/purchases';
import { findPurchase, findPurchaseByProviderRef } from '../payments.repository';
import type { CompletionOutcome } from '../payments.service';
import {
  parseExpressCallback,
  parseReferenceCallback,
  type ReferencePayment,
} from '../providers/proxypay-client';
import {
  expressProviderRef,
  isProxyPayVouchers,
  referenceProviderRef,
  type ProxyPayVouchers,
} from '../providers/proxypay-gateway';

// What ProxyPay reports, acted on only after the API itself confirms it: a callback says where to
// look, never what happened. Completion goes through confirmVoucherPayment, the path the sandbox
// and reconciliation take, so a replay or a concurrent duplicate completes (and enrolls) once.

type ProxyPayDeps = Pick<
  AppDeps,
  'config' | 'database' | 'catalogueCache' | 'payments' | 'logger' | 'jobs'
>;

export const INVALID_SIGNATURE = 'Assinatura do ProxyPay inválida';
export const INVALID_CALLBACK = 'Notificação do ProxyPay inválida';
export const PROVIDER_UNAVAILABLE =
  'O ProxyPay não respondeu agora; a notificação será tratada na próxima entrega';

export type CallbackResult = CompletionOutcome | 'failed' | 'pending' | 'unpaid' | 'unknown';

export function proxyPayOf(deps: Pick<AppDeps, 'payments'>): ProxyPayVouchers | null {
  const gateway = deps.payments.vouchers;
  return isProxyPayVouchers(gateway) ? gateway : null;
}

/** A provider failure answers 503: ProxyPay delivers the callback again later. */
async function askingProvider<T>(deps: ProxyPayDeps, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    deps.logger.warn({ err }, 'proxypay could not be asked about a callback');
    throw new AppError('UNAVAILABLE', PROVIDER_UNAVAILABLE, { cause: err });
  }
}

/**
 * The purchase an older reference was issued for: its payment carries our purchase id (the custom
 * field set at issue), read from ProxyPay's own list, never from a callback's body.
 */
async function purchaseNamedBy(
  deps: ProxyPayDeps,
  payments: ReferencePayment[],
): Promise<PurchaseRow | null> {
  for (const payment of payments) {
    const named = uuidSchema.safeParse(payment.customFields.purchase_id);
    if (!named.success) continue;
    const purchase = await findPurchase(deps.database.db, named.data);
    if (purchase?.provider === 'proxypay') return purchase;
  }
  return null;
}

/**
 * A purchase paid through an older reference: the voucher it holds now is withdrawn, so nobody
 * pays it as well. A push cannot be withdrawn while it waits; that is left to its own expiry.
 */
async function withdrawCurrentVoucher(
  deps: ProxyPayDeps,
  gateway: ProxyPayVouchers,
  purchase: PurchaseRow,
): Promise<void> {
  if (!purchase.providerRef) return;
  try {
    await gateway.cancel({ purchaseId: purchase.id, providerRef: purchase.providerRef });
  } catch (err) {
    deps.logger.warn({ err, purchaseId: purchase.id }, 'current voucher could not be withdrawn');
  }
}

/**
 * Completes the purchase of each listed payment of `referenceId`, then acknowledges them. The
 * acknowledgement comes last: if it fails, the payment stays listed and the next look completes
 * nothing twice (the purchase is already completed) and acknowledges again.
 */
async function settleReference(
  deps: ProxyPayDeps,
  gateway: ProxyPayVouchers,
  referenceId: string,
  listed: ReferencePayment[],
): Promise<CallbackResult> {
  const payments = listed.filter((payment) => payment.referenceId === referenceId);
  if (payments.length === 0) return 'unpaid';
  const providerRef = referenceProviderRef(referenceId);
  const purchase =
    (await findPurchaseByProviderRef(deps.database.db, 'proxypay', providerRef)) ??
    (await purchaseNamedBy(deps, payments));
  // Another system on the same account, or a purchase since deleted: left listed for an operator.
  if (!purchase) {
    deps.logger.warn({ referenceId }, 'proxypay payment of a reference no purchase has');
    return 'unknown';
  }
  const outcome = await confirmVoucherPayment(deps, purchase.id, 'proxypay');
  if (purchase.providerRef !== providerRef) {
    deps.logger.warn(
      { purchaseId: purchase.id, referenceId, outcome },
      'proxypay payment of an older reference of a purchase: settled against it',
    );
    if (outcome === 'completed') await withdrawCurrentVoucher(deps, gateway, purchase);
    // The purchase was paid through its other reference as well: nothing here records this one's
    // money, so it is said loudly for an operator to return it.
    if (outcome === 'already-completed')
      deps.logger.error(
        { purchaseId: purchase.id, referenceId },
        'proxypay purchase paid twice (an older reference too): refund the second payment by hand',
      );
  }
  if (outcome === 'already-enrolled')
    deps.logger.error(
      { purchaseId: purchase.id, referenceId },
      'paid a reference for a course the buyer already has: refund owed (refund_pending)',
    );
  for (const payment of payments) await gateway.client.acknowledgePayment(payment.id);
  return outcome;
}

/**
 * POST /api/webhooks/proxypay: a reference was paid. The body must carry ProxyPay's signature
 * (X-Signature, HMAC-SHA256 of the body under the API key); even then only the reference id is
 * read from it, and the payment is looked up in the account's unacknowledged payments.
 */
export async function applyReferenceCallback(
  deps: ProxyPayDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<CallbackResult> {
  const gateway = proxyPayOf(deps);
  if (!gateway) throw badRequest(INVALID_CALLBACK);
  if (!gateway.client.verifySignature(rawBody, signature)) throw badRequest(INVALID_SIGNATURE);
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw badRequest(INVALID_CALLBACK);
  }
  const named = parseReferenceCallback(payload);
  if (!named) throw badRequest(INVALID_CALLBACK);
  return askingProvider(deps, async () =>
    settleReference(
      deps,
      gateway,
      named.referenceId,
      await gateway.client.unacknowledgedPayments(),
    ),
  );
}

/**
 * POST /api/webhooks/proxypay/express: a Multicaixa Express transaction has a result. OPG v1
 * defines no signature for it, so the id is all that is read: a transaction no purchase holds is
 * ignored without asking anyone, and a known one is read back from the API.
 */
export async function applyExpressCallback(
  deps: ProxyPayDeps,
  payload: unknown,
): Promise<CallbackResult> {
  const gateway = proxyPayOf(deps);
  if (!gateway) throw badRequest(INVALID_CALLBACK);
  const transactionId = parseExpressCallback(payload);
  if (!transactionId) throw badRequest(INVALID_CALLBACK);
  const purchase = await findPurchaseByProviderRef(
    deps.database.db,
    'proxypay',
    expressProviderRef(transactionId),
  );
  if (!purchase) return 'unknown';
  // Answered from the database when there is nothing to learn, or the provider was just asked
  // about this purchase (by 'Já paguei', the sweep or another callback): a callback anyone may
  // post costs no provider call then; reconciliation asks again later if the answer was missed.
  if (purchase.status === 'completed') return 'already-completed';
  if (purchase.status === 'refund_pending' || purchase.status === 'refunded')
    return 'already-enrolled';
  if (!(await claimProviderAsk(deps.database.db, purchase.id, new Date()))) return 'pending';
  const transaction = await askingProvider(deps, () =>
    gateway.client.expressTransaction(transactionId),
  );
  if (transaction.status === 'accepted')
    return confirmVoucherPayment(deps, purchase.id, 'proxypay');
  if (transaction.status === 'rejected') {
    await failVoucherPayment(deps.database.db, purchase.id, 'proxypay');
    return 'failed';
  }
  return 'pending';
}

export interface SettleSummary {
  listed: number;
  completed: number;
  unknown: number;
}

/**
 * Reconciliation's ProxyPay pass: every unacknowledged payment is completed and acknowledged,
 * whatever the state of its attempt (a lost callback, a payment after expiry). A payment no
 * purchase knows is left listed, and one reference's failure does not stop the others.
 */
export async function settleUnacknowledgedPayments(deps: ProxyPayDeps): Promise<SettleSummary> {
  const summary: SettleSummary = { listed: 0, completed: 0, unknown: 0 };
  const gateway = proxyPayOf(deps);
  if (!gateway) return summary;
  const listed = await gateway.client.unacknowledgedPayments();
  summary.listed = listed.length;
  for (const referenceId of new Set(listed.map((payment) => payment.referenceId))) {
    try {
      const result = await settleReference(deps, gateway, referenceId, listed);
      if (result === 'completed') summary.completed++;
      if (result === 'unknown') summary.unknown++;
    } catch (err) {
      deps.logger.warn({ err, referenceId }, 'proxypay payment could not be settled');
    }
  }
  return summary;
}
