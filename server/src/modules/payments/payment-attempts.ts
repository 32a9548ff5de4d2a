import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { isPushMethod, type PaymentAttempt, type PurchaseView } from '@aprendiz/contract/payments';
import { uuidSchema } from '@aprendiz/contract/common';
import {
  currencyLabel,
  decimalAmount,
  isCurrency,
  toMinorUnits,
} from '@aprendiz/contract/rules/currency';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { purchases, type PurchaseRow } from '../../db/schema/purchases';
import type { UserRow } from '../../db/schema/users';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import type { VoucherState } from './providers/payment-provider';
import { assertCanJoin, priceToPay, requireCourse } from '../courses/course-access';
import { isVoucherMethod, voucherExpiry } from './payment-methods';
import { claimMethodSwitch, lockPurchase, releaseMethodSwitch } from './payments.repository';
import { applyPurchaseSignal, platformFeeOf } from './lifecycle/purchase-lifecycle';
import {
  completePurchase,
  completeSandboxPurchase,
  PURCHASE_NOT_FOUND,
  type CompletionOutcome,
} from './payments.service';
import { COUPON_DROPPED, couponPrice, keepPurchaseCoupon } from './coupons';
import { closeStripeSession, reconcileStripeAttempt } from './stripe-attempts';
import { assertChoice, gatewayOf, type MethodChoice } from './vouchers';
import { issueHeldAttempt, issueHoldFrom, type HeldAttempt } from './attempt-issue';
import { isUniqueViolation } from '../../db/errors';

export const ALREADY_PAID = 'Este pagamento já foi concluído';
export const OTHER_PURCHASE_OPEN =
  'Já tem outro pagamento em aberto para este curso: conclua-o ou escolha outro método nele';

type AttemptDeps = Pick<
  AppDeps,
  'config' | 'database' | 'catalogueCache' | 'payments' | 'logger' | 'jobs'
>;

function toAttempt(row: PurchaseRow, courseTitle: string): PaymentAttempt {
  const currency = isCurrency(row.currency) ? row.currency : null;
  return {
    _id: row.id,
    status: row.status,
    method: row.method,
    amount: Number(row.amount),
    currency: row.currency,
    currencyLabel: currency ? currencyLabel(currency) : row.currency.toUpperCase(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    instructions: row.status === 'awaiting_payment' ? row.instructions : null,
    courseId: row.courseId,
    courseTitle,
    sandbox: row.provider === 'sandbox',
  };
}

async function findOwnAttempt(
  db: Db,
  user: UserRow,
  purchaseId: string,
): Promise<{ row: PurchaseRow; courseTitle: string }> {
  if (!uuidSchema.safeParse(purchaseId).success) throw notFound(PURCHASE_NOT_FOUND);
  const [found] = await db
    .select({ row: purchases, courseTitle: courses.title })
    .from(purchases)
    .innerJoin(courses, eq(courses.id, purchases.courseId))
    .where(eq(purchases.id, purchaseId))
    .limit(1);
  if (!found || found.row.userId !== user.id) throw notFound(PURCHASE_NOT_FOUND);
  return found;
}

/**
 * The one completion path of a voucher payment, whoever reports it (a verified provider event,
 * reconciliation, 'Já paguei', the sandbox's confirmation). The money was taken: it completes an
 * expired or cancelled attempt too, and a buyer who already has the course is owed it back.
 */
export async function confirmVoucherPayment(
  deps: AttemptDeps,
  purchaseId: string,
  provider: PurchaseRow['provider'],
): Promise<CompletionOutcome> {
  const outcome = await completePurchase(deps.database.db, deps.jobs, purchaseId, {
    provider,
    afterFailure: true,
    whenAlreadyEnrolled: 'refund_pending',
  });
  // An owed refund shows in My Courses ('Informe o IBAN') as an enrollment does.
  if (outcome === 'completed' || outcome === 'already-enrolled') deps.catalogueCache.invalidate();
  // Nothing was really taken in the sandbox, so its refund is done at once.
  if (outcome === 'already-enrolled' && provider === 'sandbox')
    await applyPurchaseSignal(deps.database.db, purchaseId, { type: 'refund_settled' });
  return outcome;
}

/** A refused payment (the provider said so): the attempt fails and the buyer may try again. */
export async function failVoucherPayment(
  db: Db,
  purchaseId: string,
  provider: PurchaseRow['provider'],
): Promise<boolean> {
  const failed = await applyPurchaseSignal(
    db,
    purchaseId,
    { type: 'refused' },
    { status: ['awaiting_payment'], provider },
  );
  return failed !== null;
}

/**
 * Asks the provider about one awaiting attempt and acts on its answer: paid completes, refused
 * fails, unpaid past `expiresAt + graceMs` expires. Nothing is expired without the provider's word.
 * A Stripe Checkout awaiting a delayed method is asked about through its session.
 */
export async function reconcileAttempt(
  deps: AttemptDeps,
  row: PurchaseRow,
  now: Date,
  graceMs: number,
): Promise<VoucherState | 'skipped'> {
  const payments = deps.payments;
  if (row.provider === 'stripe' && payments.kind === 'stripe') {
    // A session Stripe closed unpaid is an unpaid voucher past its time.
    const state = await reconcileStripeAttempt({ ...deps, payments }, row, now, graceMs);
    return state === 'expired' ? 'unpaid' : state;
  }
  const gateway = deps.payments.vouchers;
  if (row.status !== 'awaiting_payment' || !row.method || !gateway) return 'skipped';
  if (row.provider !== gateway.provider) return 'skipped';
  const state = await gateway.status({
    purchaseId: row.id,
    providerRef: row.providerRef,
    method: row.method,
  });
  if (state === 'paid') {
    await confirmVoucherPayment(deps, row.id, row.provider);
    await gateway.acknowledge?.({ purchaseId: row.id, providerRef: row.providerRef });
  } else if (state === 'failed') await failVoucherPayment(deps.database.db, row.id, row.provider);
  else {
    const deadline = new Date(now.getTime() - graceMs);
    await applyPurchaseSignal(
      deps.database.db,
      row.id,
      { type: 'lapsed' },
      { provider: row.provider, expiresBefore: deadline },
    );
  }
  return state;
}

/**
 * The attempt as the database knows it. A read never settles: the provider's event, reconciliation
 * or the explicit check ('Já paguei', and the page when its countdown runs out) does.
 */
export async function getPaymentAttempt(
  deps: AttemptDeps,
  user: UserRow,
  purchaseId: string,
): Promise<PaymentAttempt> {
  const { row, courseTitle } = await findOwnAttempt(deps.database.db, user, purchaseId);
  return toAttempt(row, courseTitle);
}

/**
 * A push past its countdown at a real provider (the sandbox answers at once): the phone's answer
 * may still be on its way, so only reconciliation expires it, past the grace.
 */
function isPushPastItsTime(row: PurchaseRow, now: Date): boolean {
  return (
    row.status === 'awaiting_payment' &&
    row.provider !== 'sandbox' &&
    row.method !== null &&
    isPushMethod(row.method) &&
    row.expiresAt !== null &&
    row.expiresAt <= now
  );
}

/**
 * A push whose countdown ran out: the provider's answer (approved, or refused/timed out) is taken
 * at once; a push it still holds open stays awaiting.
 */
async function settlePastPush(deps: AttemptDeps, row: PurchaseRow): Promise<void> {
  const gateway = deps.payments.vouchers;
  if (!gateway || row.provider !== gateway.provider || !row.method) return;
  const state = await gateway.status({
    purchaseId: row.id,
    providerRef: row.providerRef,
    method: row.method,
  });
  if (state === 'paid') await confirmVoucherPayment(deps, row.id, row.provider);
  else if (state === 'failed') await failVoucherPayment(deps.database.db, row.id, row.provider);
}

/**
 * How often 'Já paguei' may ask the provider about one purchase: each ask is a call a buyer could
 * otherwise repeat as fast as they click, against the provider's own rate limits.
 */
export const CHECK_INTERVAL_MS = 10_000;

/**
 * Claims the provider ask for this purchase: false when it (or the sweep) asked less than
 * CHECK_INTERVAL_MS ago. One conditional UPDATE, so every instance shares the interval.
 */
export async function claimProviderAsk(db: Db, purchaseId: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(purchases)
    .set({ reconciledAt: now })
    .where(
      and(
        eq(purchases.id, purchaseId),
        or(
          isNull(purchases.reconciledAt),
          lt(purchases.reconciledAt, new Date(now.getTime() - CHECK_INTERVAL_MS)),
        ),
      ),
    )
    .returning({ id: purchases.id });
  return claimed.length > 0;
}

/**
 * 'Já paguei', and the payment page when its countdown runs out: asks the provider now rather than
 * waiting for its callback or the next sweep. Within CHECK_INTERVAL_MS of the last ask it answers
 * what the database knows, which is not an error.
 */
export async function checkPaymentAttempt(
  deps: AttemptDeps,
  user: UserRow,
  purchaseId: string,
): Promise<PaymentAttempt> {
  const { row, courseTitle } = await findOwnAttempt(deps.database.db, user, purchaseId);
  const now = new Date();
  if (!(await claimProviderAsk(deps.database.db, row.id, now))) return toAttempt(row, courseTitle);
  try {
    if (isPushPastItsTime(row, now)) await settlePastPush(deps, row);
    else await reconcileAttempt(deps, row, now, 0);
  } catch (err) {
    deps.logger.warn({ err, purchaseId }, 'provider could not be asked about a payment');
    throw new AppError(
      'UNAVAILABLE',
      'Não foi possível confirmar o pagamento agora. Tente de novo.',
      {
        cause: err,
      },
    );
  }
  return toAttempt((await findOwnAttempt(deps.database.db, user, purchaseId)).row, courseTitle);
}

export const SWITCH_IN_PROGRESS =
  'Outra troca de método desta compra ainda está em curso. Aguarde um instante e recarregue a página.';

/**
 * 'Escolher outro método': the live voucher (or Stripe Checkout session) is closed at the provider
 * first (one it says was paid completes instead), then the same purchase gets a new attempt at
 * today's price, with its coupon while that is still valid (`message` says when it no longer is).
 * An expired or failed purchase may be tried again this way too. One switch at a time per purchase
 * (a double click, or a start still issuing it, is refused with 409), so only one voucher is ever
 * left payable. The hold is the purchase's `switchingUntil`, not a row lock: every provider call
 * runs with no transaction open, and a new voucher the provider cannot issue fails the attempt.
 */
export async function choosePaymentMethod(
  deps: AttemptDeps,
  user: UserRow,
  purchaseId: string,
  choice: MethodChoice,
): Promise<{ sessionUrl: string; purchase: PaymentAttempt; message?: string }> {
  const { row: own } = await findOwnAttempt(deps.database.db, user, purchaseId);
  assertChoice(deps, choice);
  const now = new Date();
  const until = issueHoldFrom(now);
  const found = await claimMethodSwitch(deps.database.db, own.id, now, until);
  if (!found) throw conflict(SWITCH_IN_PROGRESS);
  try {
    return await switchMethod(deps, user, found, choice, until);
  } finally {
    await releaseMethodSwitch(deps.database.db, found.id, until);
  }
}

async function switchMethod(
  deps: AttemptDeps,
  user: UserRow,
  found: PurchaseRow,
  choice: MethodChoice,
  hold: Date,
): Promise<{ sessionUrl: string; purchase: PaymentAttempt; message?: string }> {
  const gateway = deps.payments.vouchers;
  // A failed or expired purchase's session may still be open too (one left at a changed price).
  const unpaid = !['completed', 'refund_pending', 'refunded'].includes(found.status);
  const payments = deps.payments;
  if (unpaid && found.provider === 'stripe' && payments.kind === 'stripe')
    await closeStripeSession({ ...deps, payments }, found, ALREADY_PAID);

  if (found.status === 'awaiting_payment' && gateway && found.provider === gateway.provider) {
    const state = await gateway.status({
      purchaseId: found.id,
      providerRef: found.providerRef,
      method: found.method ?? 'card',
    });
    if (state === 'paid') {
      await confirmVoucherPayment(deps, found.id, found.provider);
      await gateway.acknowledge?.({ purchaseId: found.id, providerRef: found.providerRef });
      throw conflict(ALREADY_PAID);
    }
    await gateway.cancel({ purchaseId: found.id, providerRef: found.providerRef });
  }

  let couponDropped = false;
  // The new attempt is written in a short transaction; the provider is asked after it commits,
  // while the switch hold (not a row lock) keeps other switches and starts of it waiting.
  const held = await deps.database.db.transaction(async (tx): Promise<HeldAttempt> => {
    const locked = await lockPurchase(tx, found.id);
    if (!locked) throw notFound(PURCHASE_NOT_FOUND);
    if (
      locked.status === 'completed' ||
      locked.status === 'refund_pending' ||
      locked.status === 'refunded'
    )
      throw conflict(ALREADY_PAID);
    const course = await requireCourse(tx, user, locked.courseId);
    assertCanJoin(course, user);
    const listPrice = priceToPay(course);
    // The buyer was quoted the coupon's price, and the purchase still holds its use.
    const coupon = await keepPurchaseCoupon(tx, locked, new Date());
    couponDropped = locked.couponId !== null && coupon === null;
    const amount = coupon ? couponPrice(course, coupon) : listPrice;
    if (amount === 0) throw badRequest('Este curso é gratuito: use a inscrição gratuita');
    const currency = deps.config.currency;
    const exact = (value: number) => decimalAmount(toMinorUnits(value, currency), currency);
    const voucher = deps.payments.vouchers !== null && isVoucherMethod(choice.method);
    const attempt = {
      amount: exact(amount),
      platformFee: platformFeeOf(exact(amount), currency, deps.config.platformFeePercent),
      listAmount: coupon ? exact(listPrice) : null,
      couponId: coupon?.id ?? null,
      currency,
      method: choice.method,
      provider: voucher ? gatewayOf(deps).provider : deps.payments.kind,
      expiresAt: voucher ? voucherExpiry(choice.method, new Date()) : null,
    };
    let updated: PurchaseRow | null;
    try {
      // A savepoint: a unique violation (another open purchase of the course) leaves tx usable.
      updated = await tx.transaction((inner) =>
        applyPurchaseSignal(inner, locked.id, { type: 'new_attempt', voucher, attempt }),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(OTHER_PURCHASE_OPEN);
      throw err;
    }
    if (!updated) throw notFound(PURCHASE_NOT_FOUND);
    return { purchase: updated, course, user, voucher, phone: choice.phone ?? null, hold };
  });
  const sessionUrl = await issueHeldAttempt(deps, held);
  return {
    sessionUrl,
    purchase: await getPaymentAttempt(deps, user, found.id),
    ...(couponDropped ? { message: COUPON_DROPPED } : {}),
  };
}

/**
 * The awaiting attempts the provider should have confirmed by now: issued more than `confirmAfterMs`
 * ago (a callback lost?) or past their expiry (unpaid?), at most `limit`, the longest unasked first
 * (never asked, then asked longest ago), then the soonest deadline. They are marked asked at `now`
 * in the same statement, so with more than `limit` awaiting, every run takes the next ones in turn.
 */
export async function findAttemptsToReconcile(
  db: Db,
  now: Date,
  confirmAfterMs: number,
  limit: number,
): Promise<PurchaseRow[]> {
  const due = db
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        eq(purchases.status, 'awaiting_payment'),
        or(
          lt(purchases.createdAt, new Date(now.getTime() - confirmAfterMs)),
          lt(purchases.expiresAt, now),
        ),
      ),
    )
    .orderBy(sql`${purchases.reconciledAt} asc nulls first`, purchases.expiresAt)
    .limit(limit);
  const rows = await db
    .update(purchases)
    .set({ reconciledAt: now })
    .where(and(inArray(purchases.id, due), eq(purchases.status, 'awaiting_payment')))
    .returning();
  // The soonest deadline is asked first.
  return rows.sort(
    (a, b) =>
      (a.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY) -
      (b.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY),
  );
}

async function ownSandboxVoucher(deps: AttemptDeps, user: UserRow, purchaseId: string) {
  const { row } = await findOwnAttempt(deps.database.db, user, purchaseId);
  if (row.provider !== 'sandbox' || !row.method || !isVoucherMethod(row.method))
    throw notFound(PURCHASE_NOT_FOUND);
  return row;
}

/** Sandbox only: the 'provider' reports the voucher paid, through the real completion path. */
export async function completeSandboxVoucher(
  deps: AttemptDeps,
  user: UserRow,
  purchaseId: string,
): Promise<PaymentAttempt> {
  const row = await ownSandboxVoucher(deps, user, purchaseId);
  const outcome = await confirmVoucherPayment(deps, row.id, 'sandbox');
  if (outcome === 'missing') throw notFound(PURCHASE_NOT_FOUND);
  if (outcome === 'already-enrolled')
    throw conflict('Você já tem este curso: o valor deste pagamento foi devolvido');
  return getPaymentAttempt(deps, user, purchaseId);
}

/**
 * Sandbox 'Pagar' and the voucher stand-in alike: a purchase paid by voucher completes through the
 * voucher path, one on the sandbox card page through the card's.
 */
export async function completeSandboxPayment(
  deps: AttemptDeps,
  user: UserRow,
  purchaseId: string,
): Promise<PaymentAttempt | PurchaseView> {
  const attempt = await getPaymentAttempt(deps, user, purchaseId);
  if (attempt.method && attempt.method !== 'card')
    return completeSandboxVoucher(deps, user, attempt._id);
  return completeSandboxPurchase(deps, user, purchaseId);
}

/** Sandbox only: the 'provider' reports the payment refused (a push declined in the app). */
export async function failSandboxVoucher(
  deps: AttemptDeps,
  user: UserRow,
  purchaseId: string,
): Promise<PaymentAttempt> {
  const row = await ownSandboxVoucher(deps, user, purchaseId);
  await failVoucherPayment(deps.database.db, row.id, 'sandbox');
  const attempt = await getPaymentAttempt(deps, user, purchaseId);
  if (attempt.status === 'completed') throw conflict(ALREADY_PAID);
  return attempt;
}

/**
 * Sandbox only: the voucher's time runs out now, as if its lifetime had passed (a Multicaixa Express
 * push nobody approved in 90 s). Its expiry moves, then the provider is asked as reconciliation and
 * the explicit check ask, so it expires through the same path a real lapse takes and a test need not
 * wait out the real lifetime.
 */
export async function timeOutSandboxVoucher(
  deps: AttemptDeps,
  user: UserRow,
  purchaseId: string,
): Promise<PaymentAttempt> {
  const row = await ownSandboxVoucher(deps, user, purchaseId);
  if (row.status === 'completed') throw conflict(ALREADY_PAID);
  const lapse = new Date();
  const [lapsed] = await deps.database.db
    .update(purchases)
    .set({ expiresAt: lapse })
    .where(and(eq(purchases.id, row.id), eq(purchases.status, 'awaiting_payment')))
    .returning();
  // Expiry takes a moment strictly past expiresAt.
  if (lapsed) await reconcileAttempt(deps, lapsed, new Date(lapse.getTime() + 1), 0);
  return getPaymentAttempt(deps, user, purchaseId);
}
