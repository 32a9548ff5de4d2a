import {
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  OPEN_PURCHASE_STATUSES,
  PAYMENT_METHODS,
  PURCHASE_STATUSES,
  type PaymentInstructions,
} from '@aprendiz/contract/payments';
import { users } from './users';
import { courses } from './courses';

export const PAYMENT_PROVIDERS = ['stripe', 'sandbox', 'proxypay'] as const;

/** `'a', 'b'`: a check or index lists the contract's own values, so they cannot drift apart. */
function sqlList(values: readonly string[]) {
  return sql.raw(values.map((v) => `'${v}'`).join(', '));
}

export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    /**
     * The platform's share of `amount` (PLATFORM_FEE_PERCENT when the attempt was priced, rounded in
     * the minor unit: rules/platform-fee); the ledger's fee movement of the sale.
     */
    platformFee: numeric('platform_fee', { precision: 10, scale: 2 }).notNull().default('0'),
    currency: text('currency').notNull(),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull().default('pending'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The method of the current attempt; null while the buyer has not chosen one. */
    method: text('method', { enum: PAYMENT_METHODS }),
    /** What the buyer does to pay the current attempt (Pix code, entity + reference, push). */
    instructions: jsonb('instructions').$type<PaymentInstructions>(),
    /** When the current attempt's voucher stops being payable. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When reconciliation last asked the provider about this attempt (it asks the longest unasked first). */
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    providerRef: text('provider_ref'),
    /**
     * The provider's id of the attempt whose money completed the purchase (a Stripe Checkout
     * session). A switch replaces providerRef; a refund goes to the session that was paid.
     */
    paidRef: text('paid_ref'),
    /**
     * Held while a method switch talks to the provider: one switch at a time per purchase, without
     * a transaction open across the provider's calls. Past this time a crashed switch's hold lapses.
     */
    switchingUntil: timestamp('switching_until', { withTimezone: true }),
    /** Where the buyer pays; a repeated start of the same open purchase answers it again. */
    checkoutUrl: text('checkout_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * The end of the buyer's guarantee, fixed when the purchase completes (from the course's
     * guaranteeDays then, at least 14 days in euros; a later edit of the course changes nothing for
     * it). Set by the database (db/rules/refund-deadline.sql), so every writer of a completion gets it.
     */
    refundableUntil: timestamp('refundable_until', { withTimezone: true }),
    /** When the buyer asked for their money back, and why (optional); null for other refunds. */
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    refundReason: text('refund_reason'),
    /** The course's price before a coupon; null when none was used (amount is then the price). */
    listAmount: numeric('list_amount', { precision: 10, scale: 2 }),
    couponId: uuid('coupon_id'),
    /**
     * Euro deployments: when the buyer asked to start at once and acknowledged losing the 14-day
     * right of withdrawal; that right then ends at the first lecture they watch.
     */
    euWaiverAt: timestamp('eu_waiver_at', { withTimezone: true }),
  },
  (t) => [
    check('purchases_amount_check', sql`${t.amount} >= 0`),
    check('purchases_platform_fee_check', sql`${t.platformFee} between 0 and ${t.amount}`),
    check('purchases_status_check', sql`${t.status} in (${sqlList(PURCHASE_STATUSES)})`),
    check('purchases_provider_check', sql`${t.provider} in (${sqlList(PAYMENT_PROVIDERS)})`),
    check('purchases_method_check', sql`${t.method} in (${sqlList(PAYMENT_METHODS)})`),
    index('purchases_user_course_idx').on(t.userId, t.courseId),
    index('purchases_course_status_idx').on(t.courseId, t.status),
    uniqueIndex('purchases_provider_ref_unique').on(t.provider, t.providerRef),
    // One open purchase (checkout or live voucher) per buyer and course: a second start answers it.
    uniqueIndex('purchases_one_open_per_course')
      .on(t.userId, t.courseId)
      .where(sql`${t.status} in (${sqlList(OPEN_PURCHASE_STATUSES)})`),
    // The abuse limit counts a learner's own refunds of the last days.
    index('purchases_user_refund_requested_idx')
      .on(t.userId, t.refundRequestedAt)
      .where(sql`${t.refundRequestedAt} is not null`),
    // Reconciliation reads the vouchers still awaiting, the longest unasked first, then the
    // soonest deadline.
    index('purchases_awaiting_idx')
      .on(t.reconciledAt.asc().nullsFirst(), t.expiresAt)
      .where(sql`${t.status} = 'awaiting_payment'`),
  ],
);

export type PurchaseRow = typeof purchases.$inferSelect;
