import { setTimeout } from 'node:timers/promises';
import { isPushMethod, needsManualRefund, type PurchaseView } from '@aprendiz/contract/payments';
import { uuidSchema } from '@aprendiz/contract/common';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import type { PurchaseRow } from '../../db/schema/purchases';
import type { UserRow } from '../../db/schema/users';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { cardCheckout, type CheckoutProvider } from './providers/payment-provider';
import { couponPrice, redeemCoupon, retakeLatePaymentCoupon, usableCoupon } from './coupons';
import {
  ALREADY_OWNED,
  assertCanJoin,
  insertEnrollment,
  priceToPay,
  requireCourse,
} from '../courses/course-access';
import type { JobQueue } from '../jobs/job-queue';
import { insertManualRefund } from './refunds.repository';
import { queueEnrollmentConfirmation, queuePurchaseReceipt } from '../mail/mail-jobs';
import { decimalAmount, toMinorUnits } from '@aprendiz/contract/rules/currency';
import {
  assertChoice,
  offeredMethods,
  CHECKOUT_UNAVAILABLE,
  paymentPagePath,
  type MethodChoice,
} from './vouchers';
import { isVoucherMethod, voucherExpiry } from './payment-methods';
import {
  findPurchaseView,
  toPurchaseView,
  lockOpenPurchase,
  lockPurchase,
  setPurchaseWaiver,
  type PurchaseViewRow,
} from './payments.repository';
import {
  applyPurchaseSignal,
  openPurchase,
  platformFeeOf,
  type NewPurchase,
} from './lifecycle/purchase-lifecycle';
import {
  isBeingIssued,
  issueHeldAttempt,
  issueHoldFrom,
  neverIssued,
  type HeldAttempt,
} from './attempt-issue';

export const PURCHASE_NOT_FOUND = 'Pagamento não encontrado';
/** Where a learner whose coupon made the course free is sent: their courses. */
export const ENROLLED_PATH = '/my-enrollments';

export interface StartedPurchase {
  /** Where the buyer pays (or, enrolled by a free coupon, their courses). */
  sessionUrl: string;
  /** True when a coupon made the course free and the learner is enrolled already. */
  enrolled?: boolean;
}
export { CHECKOUT_UNAVAILABLE };
export const ALREADY_ENROLLED_NOT_CHARGED =
  'Você já tem este curso: este pagamento foi cancelado e nada foi cobrado';

/**
 * Each turn either answers or finds the open purchase closed (paid, cancelled, stale) meanwhile;
 * three turns cover a close racing this start with room to spare.
 */
const START_ATTEMPTS = 3;

type PaymentsDeps = Pick<
  AppDeps,
  'config' | 'database' | 'catalogueCache' | 'payments' | 'logger' | 'jobs'
>;

/** `paid-twice`: the purchase was already paid through another attempt (`paidRef` differs). */
export type CompletionOutcome =
  'completed' | 'already-completed' | 'already-enrolled' | 'paid-twice' | 'cancelled' | 'missing';

export interface CompletionRules {
  provider: PurchaseRow['provider'];
  /** A confirmed payment wins over an earlier cancel or expiry, because the money was taken. */
  afterFailure: boolean;
  /** What a payment becomes when its buyer already has the course: nothing charged, or money owed back. */
  whenAlreadyEnrolled: 'failed' | 'refund_pending';
  /**
   * The provider's id of the attempt that took this money (a Stripe session), kept on the purchase
   * so its refund goes there; another attempt's money for a paid purchase is a second payment.
   */
  paidRef?: string;
}

/** A checkout is handed out again only while it is open and would charge what the course costs now. */
function stillPayable(provider: CheckoutProvider, open: PurchaseRow, wanted: NewPurchase): boolean {
  const fresh =
    provider.checkoutReusableForMs === null ||
    Date.now() - open.createdAt.getTime() < provider.checkoutReusableForMs;
  return (
    fresh &&
    open.provider === wanted.provider &&
    open.amount === wanted.amount &&
    open.currency === wanted.currency
  );
}

/**
 * Without a card page, a deployment with one method that needs nothing from the buyer (ProxyPay's
 * reference) takes a purchase with no method as that one: the buyer goes straight to the reference.
 */
function onlyMethod(deps: Pick<PaymentsDeps, 'config' | 'payments'>): MethodChoice | undefined {
  if (cardCheckout(deps.payments)) return undefined;
  const [method, ...others] = offeredMethods(deps);
  return method && others.length === 0 && !isPushMethod(method) ? { method } : undefined;
}

/** What one short transaction of a start ends with. */
type StartStep =
  | { kind: 'answer'; started: StartedPurchase }
  /** A new purchase, written and held: its checkout or voucher is asked for next. */
  | { kind: 'issue'; held: HeldAttempt }
  /** The buyer's open purchase is being issued or switched by another request right now. */
  | { kind: 'wait' };

/**
 * How long a start waits for another request issuing the same open purchase (a double click):
 * past a provider's own time-outs, after which the buyer is asked to try again.
 */
export const START_WAIT_MS = 30_000;
const START_POLL_MS = 100;
export const PURCHASE_BEING_STARTED =
  'Este pagamento ainda está sendo iniciado. Aguarde um instante e tente de novo.';

/**
 * Answers where to pay for a paid course: the buyer's open checkout for it, or a new one. The new
 * purchase is written and held in one short transaction, its checkout or voucher is asked of the
 * provider with nothing locked, and stored in another (attempt-issue.ts); a provider failure gives
 * it up. Concurrent starts meet on the one-open-purchase index, find the first one's purchase
 * held, wait for its checkout, and all answer it.
 */
export async function startPurchase(
  deps: PaymentsDeps,
  user: UserRow,
  courseId: string,
  asked?: MethodChoice,
  couponCode?: string,
  euWaiver = false,
): Promise<StartedPurchase> {
  const choice = asked ?? onlyMethod(deps);
  if (choice) assertChoice(deps, choice);
  const waitUntil = Date.now() + START_WAIT_MS;
  for (;;) {
    const step = await deps.database.db.transaction((tx) =>
      startStep(deps, tx, user, courseId, choice, couponCode, euWaiver),
    );
    if (step.kind === 'issue') return { sessionUrl: await issueHeldAttempt(deps, step.held) };
    if (step.kind === 'answer') {
      if (step.started.enrolled) deps.catalogueCache.invalidate();
      return step.started;
    }
    if (Date.now() >= waitUntil) throw conflict(PURCHASE_BEING_STARTED);
    await setTimeout(START_POLL_MS);
  }
}

async function startStep(
  deps: PaymentsDeps,
  tx: Db,
  user: UserRow,
  courseId: string,
  choice: MethodChoice | undefined,
  couponCode: string | undefined,
  euWaiver: boolean,
): Promise<StartStep> {
  // Only a deployment charging in euros asks for (and records) the EU waiver.
  const waived = euWaiver && deps.config.currency === 'eur';
  // With Stripe every method is paid in its Checkout; elsewhere all but card are vouchers.
  const voucher =
    choice !== undefined && deps.payments.vouchers !== null && isVoucherMethod(choice.method);
  const checkout = cardCheckout(deps.payments);
  const answer = (sessionUrl: string): StartStep => ({ kind: 'answer', started: { sessionUrl } });
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
    // Checked on every turn: the buyer may have been enrolled while this one waited.
    const course = await requireCourse(tx, user, courseId);
    assertCanJoin(course, user);
    const listPrice = priceToPay(course);
    const coupon = couponCode ? await usableCoupon(tx, course.id, couponCode, new Date()) : null;
    const amount = coupon ? couponPrice(course, coupon) : listPrice;
    const currency = deps.config.currency;
    // Exact in the currency's minor unit, and fixed on this attempt whatever the price does later.
    const exact = (value: number) => decimalAmount(toMinorUnits(value, currency), currency);
    if (amount === 0 && coupon) {
      // A coupon that makes the course free enrolls at once: there is nothing to pay.
      await redeemCoupon(tx, coupon, user.id, null);
      if (!(await insertEnrollment(tx, user.id, course.id))) throw conflict(ALREADY_OWNED);
      await queueEnrollmentConfirmation(deps.jobs, tx, user.id, course.id);
      return { kind: 'answer', started: { sessionUrl: ENROLLED_PATH, enrolled: true } };
    }
    if (amount === 0) throw badRequest('Este curso é gratuito: use a inscrição gratuita');
    // Without a card page, a purchase with no method yet waits on its payment page: no provider.
    const toIssue = voucher || checkout !== null;
    const now = new Date();
    const hold = issueHoldFrom(now);
    const wanted: NewPurchase = {
      userId: user.id,
      courseId: course.id,
      amount: exact(amount),
      platformFee: platformFeeOf(exact(amount), currency, deps.config.platformFeePercent),
      currency,
      provider:
        voucher && deps.payments.vouchers ? deps.payments.vouchers.provider : deps.payments.kind,
      ...(coupon ? { listAmount: exact(listPrice), couponId: coupon.id } : {}),
      ...(waived ? { euWaiverAt: now } : {}),
      ...(choice ? { method: choice.method } : {}),
      ...(voucher && choice
        ? { status: 'awaiting_payment' as const, expiresAt: voucherExpiry(choice.method, now) }
        : {}),
      ...(toIssue ? { switchingUntil: hold } : {}),
    };

    const opened = await openPurchase(tx, wanted);
    if (opened && coupon) await redeemCoupon(tx, coupon, user.id, opened.id);
    if (opened && !toIssue) return answer(paymentPagePath(opened.id));
    if (opened)
      return {
        kind: 'issue',
        held: { purchase: opened, course, user, voucher, phone: choice?.phone ?? null, hold },
      };
    const open = await lockOpenPurchase(tx, user.id, course.id);
    if (open && isBeingIssued(open, now)) return { kind: 'wait' };
    if (open && neverIssued(open)) {
      // Its start or switch died before the voucher was stored: nobody can pay it.
      await applyPurchaseSignal(tx, open.id, { type: 'not_issued' });
      continue;
    }
    // A live voucher is shown again, whatever was asked: another method is an explicit switch.
    if (open?.status === 'awaiting_payment') return answer(paymentPagePath(open.id));
    // Without a card page, a purchase with no method yet is chosen for on its payment page.
    if (!voucher && !checkout && open) return answer(paymentPagePath(open.id));
    if (
      !voucher &&
      checkout &&
      open?.checkoutUrl &&
      open.method === (wanted.method ?? null) &&
      open.couponId === (wanted.couponId ?? null) &&
      stillPayable(checkout, open, wanted)
    ) {
      // The box as ticked this time is what the buyer agreed to.
      await setPurchaseWaiver(tx, open.id, waived ? now : null);
      return answer(open.checkoutUrl);
    }
    // A changed price or coupon, an expired session, or one never opened: that checkout closes
    // (giving back its coupon use) and the next turn opens another.
    if (open) await applyPurchaseSignal(tx, open.id, { type: 'abandoned' });
  }
  throw new AppError('UNAVAILABLE', CHECKOUT_UNAVAILABLE);
}

/**
 * Completes a purchase and enrolls its buyer in one transaction, with the purchase row locked, so
 * concurrent or repeated completions leave one completed purchase and one enrollment. A buyer who
 * already has the course gets no second enrollment and the payment never counts as revenue. The
 * receipt mail is queued in the same transaction.
 */
export async function completePurchase(
  db: Db,
  jobs: JobQueue,
  purchaseId: string,
  rules: CompletionRules,
): Promise<CompletionOutcome> {
  return db.transaction(async (tx) => {
    const purchase = await lockPurchase(tx, purchaseId);
    if (!purchase || purchase.provider !== rules.provider) return 'missing';
    const paid =
      purchase.status === 'completed' ||
      purchase.status === 'refund_pending' ||
      purchase.status === 'refunded';
    if (paid && rules.paidRef && purchase.paidRef && purchase.paidRef !== rules.paidRef)
      return 'paid-twice';
    if (purchase.status === 'completed') return 'already-completed';
    if (purchase.status === 'refund_pending' || purchase.status === 'refunded')
      return 'already-enrolled';
    // An expired voucher paid late still counts: the money arrived.
    if (purchase.status === 'failed' && !rules.afterFailure) return 'cancelled';

    if (!(await insertEnrollment(tx, purchase.userId, purchase.courseId))) {
      if (rules.whenAlreadyEnrolled === 'refund_pending') {
        await applyPurchaseSignal(tx, purchase.id, {
          type: 'paid_for_owned',
          paidRef: rules.paidRef ?? null,
        });
        // Money the provider cannot send back goes on the operators' list, to be paid by hand
        // once the buyer says where ('Informe o IBAN' in My Courses).
        if (needsManualRefund(purchase.provider, purchase.method))
          await insertManualRefund(tx, {
            purchaseId: purchase.id,
            destination: null,
            amount: purchase.amount,
            currency: purchase.currency,
            provider: purchase.provider,
            method: purchase.method,
          });
      } else await applyPurchaseSignal(tx, purchase.id, { type: 'abandoned' });
      return 'already-enrolled';
    }
    await applyPurchaseSignal(tx, purchase.id, { type: 'paid', paidRef: rules.paidRef ?? null });
    if (purchase.status === 'expired' || purchase.status === 'failed')
      await retakeLatePaymentCoupon(tx, purchase);
    await queuePurchaseReceipt(jobs, tx, purchase.id);
    return 'completed';
  });
}

/** Someone else's purchase answers exactly like a missing one, so ids cannot be probed. */
async function findOwnPurchase(
  db: Db,
  user: UserRow,
  purchaseId: string,
): Promise<PurchaseViewRow> {
  if (!uuidSchema.safeParse(purchaseId).success) throw notFound(PURCHASE_NOT_FOUND);
  const row = await findPurchaseView(db, purchaseId);
  if (!row || row.userId !== user.id) throw notFound(PURCHASE_NOT_FOUND);
  return row;
}

export async function getOwnPurchase(
  deps: PaymentsDeps,
  user: UserRow,
  purchaseId: string,
): Promise<PurchaseView> {
  return toPurchaseView(await findOwnPurchase(deps.database.db, user, purchaseId));
}

/**
 * Sandbox 'Pagar': the buyer confirms their own pending purchase; confirming twice is harmless.
 * Nothing is charged in the sandbox, so a buyer who already has the course is told so (409) and
 * the purchase fails.
 */
export async function completeSandboxPurchase(
  deps: PaymentsDeps,
  user: UserRow,
  purchaseId: string,
): Promise<PurchaseView> {
  const db = deps.database.db;
  const purchase = await findOwnPurchase(db, user, purchaseId);
  if (purchase.provider !== 'sandbox') throw notFound(PURCHASE_NOT_FOUND);
  const outcome = await completePurchase(db, deps.jobs, purchase.id, {
    provider: 'sandbox',
    afterFailure: false,
    whenAlreadyEnrolled: 'failed',
  });
  if (outcome === 'missing') throw notFound(PURCHASE_NOT_FOUND);
  if (outcome === 'cancelled') throw conflict('Este pagamento foi cancelado');
  if (outcome === 'already-enrolled') throw conflict(ALREADY_ENROLLED_NOT_CHARGED);
  if (outcome === 'completed') deps.catalogueCache.invalidate();
  return toPurchaseView({ ...purchase, status: 'completed' });
}

/** Sandbox 'Cancelar': a pending purchase becomes failed; a completed one cannot be taken back. */
export async function cancelSandboxPurchase(
  deps: PaymentsDeps,
  user: UserRow,
  purchaseId: string,
): Promise<PurchaseView> {
  const db = deps.database.db;
  const purchase = await findOwnPurchase(db, user, purchaseId);
  if (purchase.provider !== 'sandbox') throw notFound(PURCHASE_NOT_FOUND);
  const status = await db.transaction(async (tx) => {
    const locked = await lockPurchase(tx, purchase.id);
    if (locked?.status === 'pending')
      await applyPurchaseSignal(tx, purchase.id, { type: 'abandoned' });
    return locked?.status === 'completed' ? 'completed' : 'failed';
  });
  if (status === 'completed') throw conflict('Este pagamento já foi concluído');
  return toPurchaseView({ ...purchase, status: 'failed' });
}
