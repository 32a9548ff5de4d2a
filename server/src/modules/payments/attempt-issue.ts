import { eq } from 'drizzle-orm';
import { isCurrency } from '@aprendiz/contract/rules/currency';
import type { PaymentInstructions } from '@aprendiz/contract/payments';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { purchases, type PurchaseRow } from '../../db/schema/purchases';
import type { UserRow } from '../../db/schema/users';
import { AppError } from '../../http/errors';
import type { CourseAccessRow } from '../courses/course-access';
import { cardCheckout } from './providers/payment-provider';
import { queuePaymentInstructions } from './payment-mail';
import { lockPurchase } from './payments.repository';
import { applyPurchaseSignal } from './lifecycle/purchase-lifecycle';
import { CHECKOUT_UNAVAILABLE, gatewayOf, paymentPagePath } from './vouchers';

// An attempt is issued in three steps, so no row lock or pool connection is held while a provider
// answers (seconds when it is slow): a short transaction writes the attempt and holds it
// (`switchingUntil`), the provider is called with no transaction open, and a second short
// transaction stores its answer if the attempt is still the one held. A provider failure gives
// the attempt up through the lifecycle instead, which gives back its coupon use.

type IssueDeps = Pick<AppDeps, 'config' | 'database' | 'payments' | 'logger' | 'jobs'>;

/**
 * How long a start or a method switch may hold its purchase: longer than its provider calls can
 * take (each gives up within seconds), so only a crashed instance's hold lapses.
 */
export const ISSUE_HOLD_MS = 2 * 60_000;

export function issueHoldFrom(now: Date): Date {
  return new Date(now.getTime() + ISSUE_HOLD_MS);
}

/** True while a start or switch is asking the provider for this purchase's attempt. */
export function isBeingIssued(row: Pick<PurchaseRow, 'switchingUntil'>, now: Date): boolean {
  return row.switchingUntil !== null && row.switchingUntil > now;
}

/**
 * A voucher attempt that no provider answer ever reached: its start or switch crashed (or its
 * hold lapsed) between writing it and storing the voucher. A Stripe Checkout awaiting a delayed
 * method has its session's id, so it is never taken for one.
 */
export function neverIssued(row: PurchaseRow): boolean {
  return row.status === 'awaiting_payment' && row.instructions === null && row.providerRef === null;
}

/** An attempt written and held by its short transaction, waiting for the provider's answer. */
export interface HeldAttempt {
  /** The purchase as that transaction left it. */
  purchase: PurchaseRow;
  course: Pick<CourseAccessRow, 'id' | 'title' | 'thumbnailUrl'>;
  user: Pick<UserRow, 'id' | 'email'>;
  /** A voucher (Pix code, reference, push) rather than a card page. */
  voucher: boolean;
  phone: string | null;
  /** The `switchingUntil` written with the attempt: whoever holds it owns the attempt. */
  hold: Date;
}

interface Issued {
  providerRef: string | null;
  checkoutUrl: string | null;
  instructions: PaymentInstructions | null;
}

/** Still the attempt that was held: nothing replaced, closed or re-held it meanwhile. */
function stillHeld(row: PurchaseRow, held: HeldAttempt): boolean {
  return (
    row.status === held.purchase.status &&
    row.createdAt.getTime() === held.purchase.createdAt.getTime() &&
    row.switchingUntil?.getTime() === held.hold.getTime()
  );
}

async function askProvider(deps: IssueDeps, held: HeldAttempt): Promise<Issued> {
  const { purchase } = held;
  if (held.voucher) {
    if (!purchase.method || !purchase.expiresAt || !isCurrency(purchase.currency))
      throw new Error(`purchase ${purchase.id} is not a voucher attempt`);
    const voucher = await gatewayOf(deps).issue({
      purchaseId: purchase.id,
      method: purchase.method,
      amount: Number(purchase.amount),
      currency: purchase.currency,
      expiresAt: purchase.expiresAt,
      phone: held.phone,
      courseTitle: held.course.title,
    });
    return {
      providerRef: voucher.providerRef,
      checkoutUrl: null,
      instructions: voucher.instructions,
    };
  }
  const checkout = cardCheckout(deps.payments);
  if (!checkout) throw new Error(`purchase ${purchase.id} has no card page to open`);
  const session = await checkout.createCheckout({
    purchase: {
      id: purchase.id,
      amount: Number(purchase.amount),
      currency: purchase.currency,
      // The attempt's own start: the provider's idempotency key, the same on every retry of it.
      openedAt: purchase.createdAt,
    },
    method: purchase.method,
    course: {
      id: held.course.id,
      title: held.course.title,
      thumbnailUrl: held.course.thumbnailUrl,
    },
    user: { id: held.user.id, email: held.user.email },
  });
  return { providerRef: session.providerRef ?? null, checkoutUrl: session.url, instructions: null };
}

/** Stores the provider's answer on the attempt it was asked for, and lets the purchase go. */
async function storeIssued(deps: IssueDeps, held: HeldAttempt, issued: Issued): Promise<boolean> {
  return deps.database.db.transaction(async (tx) => {
    const locked = await lockPurchase(tx, held.purchase.id);
    if (!locked || !stillHeld(locked, held)) return false;
    await tx
      .update(purchases)
      .set({
        providerRef: issued.providerRef,
        ...(held.voucher
          ? { instructions: issued.instructions }
          : { checkoutUrl: issued.checkoutUrl }),
        switchingUntil: null,
      })
      .where(eq(purchases.id, locked.id));
    if (held.voucher && locked.expiresAt)
      await queuePaymentInstructions(deps.jobs, tx, locked.id, locked.expiresAt);
    return true;
  });
}

/**
 * The compensating step of a provider failure: the held attempt fails (its coupon use given back
 * by the database's rule) and the purchase is let go, so nothing stays open that nobody can pay.
 */
export async function giveUpAttempt(db: Db, held: HeldAttempt): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockPurchase(tx, held.purchase.id);
    if (!locked || !stillHeld(locked, held)) return;
    await applyPurchaseSignal(tx, locked.id, { type: 'not_issued' });
    await tx.update(purchases).set({ switchingUntil: null }).where(eq(purchases.id, locked.id));
  });
}

/**
 * What the provider made for an attempt that was replaced or closed while it answered is made
 * unpayable, so a purchase never has two payable attempts. Best effort: a failure is logged, and
 * a payment of it still reaches the purchase through the provider's event.
 */
async function withdrawIssued(deps: IssueDeps, held: HeldAttempt, issued: Issued) {
  try {
    if (held.voucher)
      await gatewayOf(deps).cancel({
        purchaseId: held.purchase.id,
        providerRef: issued.providerRef,
      });
    else if (deps.payments.kind === 'stripe' && issued.providerRef)
      await deps.payments.expireCheckout(issued.providerRef);
  } catch (err) {
    deps.logger.warn(
      { err, purchaseId: held.purchase.id },
      'an attempt replaced while it was issued could not be closed at the provider',
    );
  }
}

/**
 * Asks the provider for the held attempt's checkout or voucher, with no transaction open, and
 * answers where the buyer pays. On failure the attempt is given up and the buyer told to try
 * again (503), or told their own mistake (a phone the provider cannot push to) as the provider's
 * adapter phrased it.
 */
export async function issueHeldAttempt(deps: IssueDeps, held: HeldAttempt): Promise<string> {
  let issued: Issued;
  try {
    issued = await askProvider(deps, held);
  } catch (err) {
    await giveUpAttempt(deps.database.db, held);
    if (err instanceof AppError) throw err;
    deps.logger.error({ err, purchaseId: held.purchase.id }, 'payment attempt could not be issued');
    throw new AppError('UNAVAILABLE', CHECKOUT_UNAVAILABLE, { cause: err });
  }
  if (!(await storeIssued(deps, held, issued))) {
    await withdrawIssued(deps, held, issued);
    throw new AppError('UNAVAILABLE', CHECKOUT_UNAVAILABLE);
  }
  return held.voucher || !issued.checkoutUrl
    ? paymentPagePath(held.purchase.id)
    : issued.checkoutUrl;
}
