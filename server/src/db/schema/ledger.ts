import {
  bigint,
  check,
  date,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { LEDGER_KINDS } from '@aprendiz/contract/rules/guarantee';
import { courses } from './courses';
import { users } from './users';

/**
 * The educator's money, one movement per row (sale, coupon discount, fee, refund), append-only:
 * triggers (migration 0021) write it in the transaction that completes or refunds a purchase,
 * refuse UPDATE and DELETE, and refuse any row that would leave a purchase's sum below 0. Every
 * money figure an educator sees is a sum of it.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** No foreign key: the money record outlives a deleted buyer's purchases. */
    purchaseId: uuid('purchase_id').notNull(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** Positive for a sale, negative or zero for the rest. */
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    /** The end of the sale's guarantee: before it the money is pending, after it available. */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'ledger_entries_kind_check',
      sql.raw(`kind in (${LEDGER_KINDS.map((k) => `'${k}'`).join(', ')})`),
    ),
    check(
      'ledger_entries_sign_check',
      sql`(${t.kind} = 'sale' and ${t.amount} >= 0) or (${t.kind} <> 'sale' and ${t.amount} <= 0)`,
    ),
    // One of each kind per purchase: a repeated completion or refund cannot count twice.
    uniqueIndex('ledger_entries_purchase_kind_unique').on(t.purchaseId, t.kind),
    index('ledger_entries_course_available_idx').on(t.courseId, t.availableAt),
  ],
);

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/*
 * Running sums of the ledger, kept by a trigger on ledger_entries (db/rules/ledger.sql) in the writer's
 * own transaction, so an educator's figures read a row per course and a few per day rather than
 * every movement of every sale.
 */

/** Per course, everything it moved (net of coupons, fees and refunds) and its refunds. */
export const courseLedgerTotals = pgTable('course_ledger_totals', {
  courseId: uuid('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'restrict' }),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull().default('0'),
  /** What buyers paid for the sales (sale + coupon_discount movements). */
  gross: numeric('gross', { precision: 14, scale: 2 }).notNull().default('0'),
  /** The platform's fees on them, as a positive amount. */
  fees: numeric('fees', { precision: 14, scale: 2 }).notNull().default('0'),
  /** The refunds, as a positive amount. */
  refunded: numeric('refunded', { precision: 14, scale: 2 }).notNull().default('0'),
});

/**
 * Per educator and UTC day on which the money becomes available (`available_at`): what is still
 * pending at any moment is the days after today plus today's movements not yet due.
 */
export const educatorLedgerDays = pgTable(
  'educator_ledger_days',
  {
    educatorId: text('educator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    availableOn: date('available_on', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.educatorId, t.availableOn] })],
);

/**
 * A refund the provider cannot make (a boleto has no card or account to send money back to): the
 * buyer gave where to send it, and an operator pays it by hand, then marks it paid.
 */
export const manualRefunds = pgTable('manual_refunds', {
  purchaseId: uuid('purchase_id').primaryKey(),
  /**
   * The buyer's Pix key or IBAN; null until they give it (a payment owed back that they did not
   * ask for, such as a second payment for a course they had).
   */
  destination: text('destination'),
  amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
  currency: text('currency').notNull(),
  provider: text('provider').notNull(),
  method: text('method'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});

export type ManualRefundRow = typeof manualRefunds.$inferSelect;

/**
 * A second paid Checkout session of a purchase already paid through another one: its money is given
 * back through the provider, and this row says it was (refundedAt) or is still owed.
 */
export const duplicatePayments = pgTable('duplicate_payments', {
  providerRef: text('provider_ref').primaryKey(),
  purchaseId: uuid('purchase_id').notNull(),
  provider: text('provider').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
});

export type DuplicatePaymentRow = typeof duplicatePayments.$inferSelect;
