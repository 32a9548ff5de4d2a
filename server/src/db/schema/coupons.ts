import {
  boolean,
  check,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { COUPON_KINDS } from '@aprendiz/contract/rules/coupons';
import { courses } from './courses';
import { users } from './users';

/**
 * An educator's discount code for one course. `redemptionCount` is the uses held now (paid, or
 * held by a payment still open); the check constraint makes the cap hold whatever runs at once.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** As the educator typed it, for display. */
    code: text('code').notNull(),
    /** Accent- and case-folded (rules/coupons couponKey): what lookups compare. */
    codeKey: text('code_key').notNull(),
    kind: text('kind', { enum: COUPON_KINDS }).notNull(),
    value: numeric('value', { precision: 10, scale: 2 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    redemptionCount: integer('redemption_count').notNull().default(0),
    onePerLearner: boolean('one_per_learner').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'coupons_kind_check',
      sql.raw(`kind in (${COUPON_KINDS.map((k) => `'${k}'`).join(', ')})`),
    ),
    check('coupons_value_check', sql`${t.value} >= 0`),
    check(
      'coupons_cap_check',
      sql`${t.redemptionCount} >= 0 and (${t.maxRedemptions} is null or ${t.redemptionCount} <= ${t.maxRedemptions})`,
    ),
    uniqueIndex('coupons_course_code_unique').on(t.courseId, t.codeKey),
  ],
);

export type CouponRow = typeof coupons.$inferSelect;

/**
 * One use of a coupon: by a purchase (held until that payment expires or fails, then released), or
 * by a free enrollment (purchaseId null).
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purchaseId: uuid('purchase_id'),
    /** Copied from the coupon, so the index below can hold one use per learner. */
    onePerLearner: boolean('one_per_learner').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_purchase_unique').on(t.purchaseId),
    uniqueIndex('coupon_redemptions_one_per_learner')
      .on(t.couponId, t.userId)
      .where(sql`${t.onePerLearner} and ${t.releasedAt} is null`),
  ],
);
