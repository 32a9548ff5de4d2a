import {
  bigint,
  check,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { LEDGER_KINDS } from '@aprendiz/contract/rules/guarantee';
import { courses } from './courses';

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

/**
 * A refund the provider cannot make (a boleto has no card or account to send money back to): the
 * buyer gave where to send it, and an operator pays it by hand, then marks it paid.
 */
export const manualRefunds = pgTable('manual_refunds', {
  purchaseId: uuid('purchase_id').primaryKey(),
  /** The buyer's Pix key or IBAN. */
  destination: text('destination').notNull(),
  amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
  currency: text('currency').notNull(),
  provider: text('provider').notNull(),
  method: text('method'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});

export type ManualRefundRow = typeof manualRefunds.$inferSelect;
