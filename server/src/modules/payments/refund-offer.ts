import { and, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  needsManualRefund,
  type PaymentMethod,
  type RefundOffer,
} from '@aprendiz/contract/payments';
import type { RefundedPurchase } from '@aprendiz/contract/payments';
import {
  purchaseWindowDays,
  REFUND_ABUSE_DAYS,
  REFUND_REFUSAL_MESSAGES,
  refundEligibility,
} from '@aprendiz/contract/rules/guarantee';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { enrollments } from '../../db/schema/enrollments';
import { lecturePositions } from '../../db/schema/lecture-positions';
import { lectureProgress } from '../../db/schema/lecture-progress';
import { purchases } from '../../db/schema/purchases';
import { countRefundsSince } from './refunds.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * True when the buyer of purchase `p` (an alias of purchases in the enclosing query) ticked the EU
 * waiver and has watched a lecture since the purchase: the right of withdrawal has ended. A lecture
 * completed, a position past a video's start saved, or every lecture address handed out (the
 * player's course, the course page once enrolled: a YouTube address plays outside the player) each
 * count; a lecture whose video never played (saved at its start) has not begun it. The refund
 * endpoint and My Courses both ask this one expression.
 */
export function waiverUsedSql(p: SQL = sql.raw('p')): SQL {
  return sql`(${p}.eu_waiver_at is not null and (
    exists (select 1 from ${lectureProgress} w where w.user_id = ${p}.user_id
      and w.course_id = ${p}.course_id and w.completed_at >= coalesce(${p}.completed_at, ${p}.created_at))
    or exists (select 1 from ${lecturePositions} w where w.user_id = ${p}.user_id
      and w.course_id = ${p}.course_id and w.seconds > 0
      and w.updated_at >= coalesce(${p}.completed_at, ${p}.created_at))
    or exists (select 1 from ${enrollments} e where e.user_id = ${p}.user_id
      and e.course_id = ${p}.course_id
      and e.lectures_served_at >= coalesce(${p}.completed_at, ${p}.created_at))))`;
}

/** Whether the EU waiver of this purchase has been used up (see waiverUsedSql). */
export async function isWaiverUsed(db: Db, purchaseId: string): Promise<boolean> {
  const result = await db.execute<{ used: boolean }>(
    sql`select ${waiverUsedSql()} as used from ${purchases} p where p.id = ${purchaseId}`,
  );
  return Boolean(result.rows[0]?.used);
}

/** The learner's latest paid purchase of a course, with what its refund depends on. */
export interface PaidPurchaseFacts {
  id: string;
  /** jsonb's text of timestamps. */
  until: string;
  completedAt: string;
  provider: string;
  method: PaymentMethod | null;
  /** jsonb's number of a numeric, as text or number depending on the driver. */
  amount: string | number;
  currency: string;
  waiverUsed: boolean;
}

/**
 * A column for a query over courses: the learner's latest completed purchase of the course in the
 * row, as jsonb, or null when they hold it without paying (a free course).
 */
export function paidPurchaseColumn(
  userId: Placeholder,
  courseId: SQL | typeof courses.id,
): SQL<PaidPurchaseFacts | null> {
  return sql<PaidPurchaseFacts | null>`(select jsonb_build_object('id', p.id,
      'until', p.refundable_until, 'completedAt', coalesce(p.completed_at, p.created_at),
      'provider', p.provider, 'method', p.method, 'amount', p.amount, 'currency', p.currency,
      'waiverUsed', ${waiverUsedSql()})
    from ${purchases} p
    where p.user_id = ${userId} and p.course_id = ${courseId}
      and p.status = 'completed' and p.refundable_until is not null
    order by p.completed_at desc limit 1)`;
}

/** The refunds the learner asked for within the abuse window: the limit counts them. */
export function recentRefundsOf(db: Db, userId: string, now: Date): Promise<number> {
  return countRefundsSince(db, userId, refundWindowStart(now));
}

/** Where the abuse window of `now` starts: what the refund limit counts from. */
export function refundWindowStart(now: Date): Date {
  return new Date(now.getTime() - REFUND_ABUSE_DAYS * DAY_MS);
}

/**
 * The same count as a column, so My Courses and the player read it in their prepared statement;
 * `since` is given `refundWindowStart(now)` as ISO text when it runs.
 */
export function recentRefundsColumn(userId: Placeholder, since: Placeholder): SQL<number> {
  return sql<number>`(select count(*)::int from ${purchases} r
    where r.user_id = ${userId} and r.refund_requested_at > ${since})`;
}

/**
 * What My Courses and the player say of a paid course's refund: offered, or refused with the reason
 * the refund endpoint would give, decided by the same rule (rules/guarantee's refundEligibility).
 */
export function refundOfferOf(
  paid: PaidPurchaseFacts | null,
  recentRefunds: number,
  now: Date,
): RefundOffer | null {
  if (!paid) return null;
  const deadline = new Date(paid.until);
  const verdict = refundEligibility(
    { status: 'completed', refundableUntil: deadline, waiverUsed: paid.waiverUsed, recentRefunds },
    now,
  );
  return {
    purchaseId: paid.id,
    eligible: verdict.eligible,
    reason: verdict.eligible ? null : REFUND_REFUSAL_MESSAGES[verdict.reason],
    deadline: deadline.toISOString(),
    days: purchaseWindowDays(new Date(paid.completedAt), deadline),
    amount: Number(paid.amount),
    currency: paid.currency,
    provider: paid.provider,
    method: paid.method,
    needsDestination: needsManualRefund(paid.provider, paid.method),
  };
}

/**
 * The courses the learner gave back and holds no more, most recent refund first: My Courses keeps
 * them as 'Reembolsado' rows, so the money and the date stay in sight after the course has gone.
 */
export async function listRefundedPurchases(db: Db, userId: string): Promise<RefundedPurchase[]> {
  const rows = await db
    .select({
      purchaseId: purchases.id,
      courseId: purchases.courseId,
      courseTitle: courses.title,
      courseThumbnail: courses.thumbnailUrl,
      amount: purchases.amount,
      currency: purchases.currency,
      refundedAt: sql<Date>`coalesce(${purchases.refundRequestedAt}, ${purchases.refundedAt})`,
      status: purchases.status,
    })
    .from(purchases)
    .innerJoin(courses, eq(courses.id, purchases.courseId))
    .where(
      and(
        eq(purchases.userId, userId),
        inArray(purchases.status, ['refund_pending', 'refunded']),
        // Bought again since: the course is back among the enrolled ones.
        sql`not exists (select 1 from ${enrollments} e
          where e.user_id = ${purchases.userId} and e.course_id = ${purchases.courseId})`,
      ),
    )
    .orderBy(desc(sql`coalesce(${purchases.refundRequestedAt}, ${purchases.refundedAt})`));
  return rows.map((row) => ({
    ...row,
    amount: Number(row.amount),
    refundedAt: new Date(row.refundedAt).toISOString(),
    status: row.status as RefundedPurchase['status'],
  }));
}
