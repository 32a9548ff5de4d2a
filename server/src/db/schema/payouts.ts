import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  OPEN_PAYOUT_STATUSES,
  PAYOUT_ENTRY_KINDS,
  PAYOUT_RAILS,
  PAYOUT_STATUSES,
} from '@aprendiz/contract/rules/payouts';
import { PIX_KEY_TYPES } from '@aprendiz/contract/rules/pix-key';
import { users } from './users';

const inList = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * Where an educator is paid. The destination, holder and tax id are one AES-256-GCM sealed text
 * (`PAYOUT_DATA_KEY`): a copy of the database reveals no Pix key, IBAN or CPF. The masked columns
 * are what pages show.
 */
export const payoutProfiles = pgTable(
  'payout_profiles',
  {
    educatorId: text('educator_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    rail: text('rail', { enum: PAYOUT_RAILS }).notNull(),
    pixKeyType: text('pix_key_type', { enum: PIX_KEY_TYPES }),
    /** `{destination, holderName, taxId}`, sealed; Stripe Connect keeps only the holder and tax id. */
    sealed: text('sealed').notNull(),
    destinationMasked: text('destination_masked').notNull(),
    taxIdMasked: text('tax_id_masked').notNull(),
    autoMonthly: boolean('auto_monthly').notNull().default(false),
    stripeAccountId: text('stripe_account_id'),
    stripeStatus: text('stripe_status', { enum: ['pending', 'active', 'restricted'] }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payout_profiles_rail_check', sql`${t.rail} in (${inList(PAYOUT_RAILS)})`),
    uniqueIndex('payout_profiles_stripe_account_unique').on(t.stripeAccountId),
  ],
);

export type PayoutProfileRow = typeof payoutProfiles.$inferSelect;

/**
 * A withdrawal. No foreign key to the educator: like the ledger, the record of money paid outlives
 * a deleted account. The destination is sealed as it was when asked, so a later profile edit does
 * not redirect money already on its way.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    educatorId: text('educator_id').notNull(),
    currency: text('currency').notNull(),
    rail: text('rail', { enum: PAYOUT_RAILS }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('requested'),
    sealed: text('sealed').notNull(),
    destinationMasked: text('destination_masked').notNull(),
    /** Asked by the monthly automatic withdrawal rather than by the educator. */
    automatic: boolean('automatic').notNull().default(false),
    /** The operator's batch for the bank: the rail and the day it was approved, 'pix-2026-11-28'. */
    batch: text('batch'),
    reference: text('reference'),
    failureReason: text('failure_reason'),
    stripeTransferId: text('stripe_transfer_id'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    check('payouts_amount_check', sql`${t.amount} > 0`),
    check('payouts_status_check', sql`${t.status} in (${inList(PAYOUT_STATUSES)})`),
    check('payouts_rail_check', sql`${t.rail} in (${inList(PAYOUT_RAILS)})`),
    // One withdrawal on its way per educator: twenty requests at once make one.
    uniqueIndex('payouts_one_open_per_educator')
      .on(t.educatorId)
      .where(sql`${t.status} in (${inList(OPEN_PAYOUT_STATUSES)})`),
    index('payouts_educator_requested_idx').on(t.educatorId, t.requestedAt),
    index('payouts_status_requested_idx').on(t.status, t.requestedAt),
  ],
);

export type PayoutRow = typeof payouts.$inferSelect;

/**
 * The payouts' ledger, append-only (a trigger refuses UPDATE and DELETE): a reserve when asked,
 * then paid or failed, each once per payout. Reserves equal paid plus failed plus those on their way.
 */
export const payoutEntries = pgTable(
  'payout_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'restrict' }),
    educatorId: text('educator_id').notNull(),
    kind: text('kind', { enum: PAYOUT_ENTRY_KINDS }).notNull(),
    /** The payout's amount, positive; the kind says which way it moved. */
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payout_entries_kind_check', sql`${t.kind} in (${inList(PAYOUT_ENTRY_KINDS)})`),
    check('payout_entries_amount_check', sql`${t.amount} > 0`),
    uniqueIndex('payout_entries_payout_kind_unique').on(t.payoutId, t.kind),
    index('payout_entries_educator_created_idx').on(t.educatorId, t.createdAt),
  ],
);
