import { isPushMethod, type PurchaseView } from '@aprendiz/contract/payments';
import { uuidSchema } from '@aprendiz/contract/common';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import type { PurchaseRow } from '../../db/schema/purchases';
import type { UserRow } from '../../db/schema/users';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import {
  cardCheckout,
  type CheckoutProvider,
  type CheckoutSession,
} from '../../providers/payment-provider';
import { couponPrice, redeemCoupon, retakeLatePaymentCoupon, usableCoupon } from './coupons';
import {
  ALREADY_OWNED,
  assertCanJoin,
  insertEnrollment,
  priceToPay,
  requireCourse,
  type CourseAccessRow,
} from '../courses/course-access';
import type { JobQueue } from '../jobs/job-queue';
import { queueEnrollmentConfirmation, queuePurchaseReceipt } from '../mail/notifications';
import { decimalAmount, toMinorUnits } from '@aprendiz/contract/rules/currency';
import {
  assertChoice,
  offeredMethods,
  CHECKOUT_UNAVAILABLE,
  issueVoucher,
  paymentPagePath,
  type MethodChoice,
} from './vouchers';
import { isVoucherMethod, voucherExpiry } from './payment-methods';
import {
  findPurchaseView,
  insertOpenPurchase,
  lockOpenPurchase,
  lockPurchase,
  markPurchaseCompleted,
  markPurchaseFailed,
  markPurchaseRefundPending,
  setPurchaseCheckout,
  setPurchaseWaiver,
  type NewPurchase,
  type PurchaseViewRow,
} from './payments.repository';

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

export type CompletionOutcome =
  'completed' | 'already-completed' | 'already-enrolled' | 'cancelled' | 'missing';

export interface CompletionRules {
  provider: PurchaseRow['provider'];
  /** A confirmed payment wins over an earlier cancel or expiry, because the money was taken. */
  afterFailure: boolean;
  /** What a payment becomes when its buyer already has the course: nothing charged, or money owed back. */
  whenAlreadyEnrolled: 'failed' | 'refund_pending';
}

function toPurchaseView(row: PurchaseViewRow): PurchaseView {
  return {
    _id: row.id,
    status: row.status,
    amount: Number(row.amount),
    currency: row.currency,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    educatorName: row.educatorName,
  };
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

export async function openCheckout(
  deps: PaymentsDeps,
  tx: Db,
  purchase: PurchaseRow,
  course: CourseAccessRow,
  user: UserRow,
): Promise<string> {
  const checkout = cardCheckout(deps.payments);
  // No card page (ProxyPay alone): the purchase waits on its payment page for a method.
  if (!checkout) return paymentPagePath(purchase.id);
  let session: CheckoutSession;
  try {
    session = await checkout.createCheckout({
      purchase: {
        id: purchase.id,
        amount: Number(purchase.amount),
        currency: purchase.currency,
        openedAt: purchase.createdAt,
      },
      method: purchase.method,
      course: { id: course.id, title: course.title, thumbnailUrl: course.thumbnailUrl },
      user: { id: user.id, email: user.email },
    });
  } catch (err) {
    deps.logger.error({ err, purchaseId: purchase.id }, 'checkout could not be started');
    throw new AppError('UNAVAILABLE', CHECKOUT_UNAVAILABLE, { cause: err });
  }
  await setPurchaseCheckout(tx, purchase.id, {
    url: session.url,
    providerRef: session.providerRef ?? null,
  });
  return session.url;
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

/**
 * Answers where to pay for a paid course: the buyer's open checkout for it, or a new one. The new
 * purchase and its checkout are written in one transaction, so a provider failure leaves nothing
 * behind, and concurrent starts wait on the one-open-purchase index until the first commits, then
 * all answer its checkout.
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
  // Only a deployment charging in euros asks for (and records) the EU waiver.
  const waived = euWaiver && deps.config.currency === 'eur';
  if (choice) assertChoice(deps, choice);
  // With Stripe every method is paid in its Checkout; elsewhere all but card are vouchers.
  const voucher =
    choice !== undefined && deps.payments.vouchers !== null && isVoucherMethod(choice.method);
  const started = await deps.database.db.transaction(async (tx): Promise<StartedPurchase> => {
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
        return { sessionUrl: ENROLLED_PATH, enrolled: true };
      }
      if (amount === 0) throw badRequest('Este curso é gratuito: use a inscrição gratuita');
      const wanted: NewPurchase = {
        userId: user.id,
        courseId: course.id,
        amount: exact(amount),
        currency,
        provider:
          voucher && deps.payments.vouchers ? deps.payments.vouchers.provider : deps.payments.kind,
        ...(coupon ? { listAmount: exact(listPrice), couponId: coupon.id } : {}),
        ...(waived ? { euWaiverAt: new Date() } : {}),
        ...(choice ? { method: choice.method } : {}),
        ...(voucher && choice
          ? {
              status: 'awaiting_payment' as const,
              expiresAt: voucherExpiry(choice.method, new Date()),
            }
          : {}),
      };

      const opened = await insertOpenPurchase(tx, wanted);
      if (opened && coupon) await redeemCoupon(tx, coupon, user.id, opened.id);
      if (opened && voucher)
        return {
          sessionUrl: await issueVoucher(deps, tx, opened, course.title, choice?.phone ?? null),
        };
      if (opened) return { sessionUrl: await openCheckout(deps, tx, opened, course, user) };
      const open = await lockOpenPurchase(tx, user.id, course.id);
      // A live voucher is shown again, whatever was asked: another method is an explicit switch.
      if (open?.status === 'awaiting_payment') return { sessionUrl: paymentPagePath(open.id) };
      const checkout = cardCheckout(deps.payments);
      // Without a card page, a purchase with no method yet is chosen for on its payment page.
      if (!voucher && !checkout && open) return { sessionUrl: paymentPagePath(open.id) };
      if (
        !voucher &&
        checkout &&
        open?.checkoutUrl &&
        open.method === (wanted.method ?? null) &&
        open.couponId === (wanted.couponId ?? null) &&
        stillPayable(checkout, open, wanted)
      ) {
        // The box as ticked this time is what the buyer agreed to.
        await setPurchaseWaiver(tx, open.id, waived ? new Date() : null);
        return { sessionUrl: open.checkoutUrl };
      }
      // A changed price or coupon, or an expired session: that checkout closes (giving back its
      // coupon use) and the next turn opens another.
      if (open) await markPurchaseFailed(tx, open.id);
    }
    throw new AppError('UNAVAILABLE', CHECKOUT_UNAVAILABLE);
  });
  if (started.enrolled) deps.catalogueCache.invalidate();
  return started;
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
    if (purchase.status === 'completed') return 'already-completed';
    if (purchase.status === 'refund_pending' || purchase.status === 'refunded')
      return 'already-enrolled';
    // An expired voucher paid late still counts: the money arrived.
    if (purchase.status === 'failed' && !rules.afterFailure) return 'cancelled';

    if (!(await insertEnrollment(tx, purchase.userId, purchase.courseId))) {
      if (rules.whenAlreadyEnrolled === 'refund_pending')
        await markPurchaseRefundPending(tx, purchase.id);
      else await markPurchaseFailed(tx, purchase.id);
      return 'already-enrolled';
    }
    await markPurchaseCompleted(tx, purchase.id);
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
    if (locked?.status === 'pending') await markPurchaseFailed(tx, purchase.id);
    return locked?.status === 'completed' ? 'completed' : 'failed';
  });
  if (status === 'completed') throw conflict('Este pagamento já foi concluído');
  return toPurchaseView({ ...purchase, status: 'failed' });
}
