import {
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
import { PURCHASE_STATUSES } from '@aprendiz/contract/payments';
import { users } from './users';
import { courses } from './courses';

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
    currency: text('currency').notNull(),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull().default('pending'),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    providerRef: text('provider_ref'),
    /** Where the buyer pays; a repeated start of the same open purchase answers it again. */
    checkoutUrl: text('checkout_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    check('purchases_amount_check', sql`${t.amount} >= 0`),
    check(
      'purchases_status_check',
      sql`${t.status} in ('pending', 'completed', 'failed', 'refund_pending', 'refunded')`,
    ),
    check('purchases_provider_check', sql`${t.provider} in ('stripe', 'sandbox')`),
    index('purchases_user_course_idx').on(t.userId, t.courseId),
    index('purchases_course_status_idx').on(t.courseId, t.status),
    uniqueIndex('purchases_provider_ref_unique').on(t.provider, t.providerRef),
    // One open checkout per buyer and course: a second start answers the same checkout.
    uniqueIndex('purchases_one_open_per_course')
      .on(t.userId, t.courseId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export type PurchaseRow = typeof purchases.$inferSelect;
