import { and, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type {
  AdminManualRefund,
  AdminPurchase,
  AdminReportedPost,
  AdminUserSummary,
  OverviewMoney,
} from '@aprendiz/contract/staff';
import type { Db } from '../../db/client';
import { certificates } from '../../db/schema/certificates';
import { courses } from '../../db/schema/courses';
import { enrollments } from '../../db/schema/enrollments';
import { manualRefunds } from '../../db/schema/ledger';
import { purchases } from '../../db/schema/purchases';
import { postReports } from '../../db/schema/questions';
import { reviewReports } from '../../db/schema/ratings';
import { users, type UserRow } from '../../db/schema/users';

export const SEARCH_LIMIT = 50;

/** A LIKE pattern that matches `text` literally anywhere. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function toAdminUserSummary(row: UserRow): AdminUserSummary {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    staffRole: row.staffRole,
    suspended: row.suspendedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** People whose id is `q`, or whose name or e-mail contains it; newest accounts first. */
/** Names and e-mails of these people, by id, for lists that carry only ids. */
export async function findNamesByIds(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}

export async function searchUsers(db: Db, q: string): Promise<AdminUserSummary[]> {
  const pattern = containing(q);
  const rows = await db
    .select()
    .from(users)
    .where(or(eq(users.id, q), ilike(users.email, pattern), ilike(users.name, pattern)))
    .orderBy(desc(users.createdAt))
    .limit(SEARCH_LIMIT);
  return rows.map(toAdminUserSummary);
}

const purchaseColumns = {
  id: purchases.id,
  userId: purchases.userId,
  userEmail: users.email,
  courseId: purchases.courseId,
  courseTitle: courses.title,
  amount: purchases.amount,
  currency: purchases.currency,
  status: purchases.status,
  method: purchases.method,
  provider: purchases.provider,
  providerRef: purchases.providerRef,
  paidRef: purchases.paidRef,
  instructions: purchases.instructions,
  couponId: purchases.couponId,
  createdAt: purchases.createdAt,
  completedAt: purchases.completedAt,
  refundedAt: purchases.refundedAt,
  refundReason: purchases.refundReason,
};

type PurchaseRow = {
  [K in keyof typeof purchaseColumns]: (typeof purchaseColumns)[K]['_']['data'] | null;
};

function toAdminPurchase(row: PurchaseRow): AdminPurchase {
  const instructions = row.instructions;
  return {
    _id: row.id!,
    userId: row.userId!,
    userEmail: row.userEmail ?? '',
    courseId: row.courseId!,
    courseTitle: row.courseTitle ?? '',
    amount: Number(row.amount),
    currency: row.currency!,
    status: row.status!,
    method: row.method,
    provider: row.provider!,
    providerRef: row.providerRef,
    paidRef: row.paidRef,
    voucherReference: instructions?.kind === 'reference' ? instructions.reference : null,
    couponId: row.couponId,
    createdAt: row.createdAt!.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    refundReason: row.refundReason,
  };
}

function selectPurchases(db: Db) {
  return db
    .select(purchaseColumns)
    .from(purchases)
    .leftJoin(users, eq(users.id, purchases.userId))
    .leftJoin(courses, eq(courses.id, purchases.courseId));
}

/**
 * Purchases a support person can name: by its id, the provider's ids (session, payment), a voucher
 * reference, or the buyer's e-mail.
 */
export async function searchPurchases(db: Db, q: string): Promise<AdminPurchase[]> {
  const rows = await selectPurchases(db)
    .where(
      or(
        sql`${purchases.id}::text = ${q}`,
        eq(purchases.providerRef, q),
        eq(purchases.paidRef, q),
        sql`${purchases.instructions}->>'reference' = ${q}`,
        eq(users.email, q.toLowerCase()),
      ),
    )
    .orderBy(desc(purchases.createdAt))
    .limit(100);
  return rows.map(toAdminPurchase);
}

export async function findPurchase(db: Db, purchaseId: string): Promise<AdminPurchase | null> {
  const [row] = await selectPurchases(db).where(eq(purchases.id, purchaseId)).limit(1);
  return row ? toAdminPurchase(row) : null;
}

export async function listManualRefundsFor(
  db: Db,
  filter: { userId?: string; unpaidOnly?: boolean },
): Promise<AdminManualRefund[]> {
  const rows = await db
    .select({
      purchaseId: manualRefunds.purchaseId,
      userEmail: users.email,
      courseTitle: courses.title,
      amount: manualRefunds.amount,
      currency: manualRefunds.currency,
      provider: manualRefunds.provider,
      method: manualRefunds.method,
      destination: manualRefunds.destination,
      createdAt: manualRefunds.createdAt,
      paidAt: manualRefunds.paidAt,
    })
    .from(manualRefunds)
    .leftJoin(purchases, eq(purchases.id, manualRefunds.purchaseId))
    .leftJoin(users, eq(users.id, purchases.userId))
    .leftJoin(courses, eq(courses.id, purchases.courseId))
    .where(
      and(
        filter.userId ? eq(purchases.userId, filter.userId) : undefined,
        filter.unpaidOnly ? isNull(manualRefunds.paidAt) : undefined,
      ),
    )
    .orderBy(manualRefunds.createdAt)
    .limit(500);
  return rows.map((r) => ({
    ...r,
    userEmail: r.userEmail ?? '',
    courseTitle: r.courseTitle ?? '',
    amount: Number(r.amount),
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
  }));
}

/** Everything the person page shows besides the account itself. */
export async function findPersonRecords(db: Db, userId: string) {
  const [enrolled, bought, refunds, certified] = await Promise.all([
    db
      .select({
        courseId: enrollments.courseId,
        courseTitle: courses.title,
        enrolledAt: enrollments.enrolledAt,
      })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(eq(enrollments.userId, userId))
      .orderBy(desc(enrollments.enrolledAt)),
    selectPurchases(db).where(eq(purchases.userId, userId)).orderBy(desc(purchases.createdAt)),
    listManualRefundsFor(db, { userId }),
    db
      .select({
        id: certificates.id,
        courseTitle: certificates.courseTitle,
        completedAt: certificates.completedAt,
      })
      .from(certificates)
      .where(eq(certificates.userId, userId))
      .orderBy(desc(certificates.completedAt)),
  ]);
  return {
    enrollments: enrolled.map((e) => ({ ...e, enrolledAt: e.enrolledAt.toISOString() })),
    purchases: bought.map(toAdminPurchase),
    refunds,
    certificates: certified.map((c) => ({
      _id: c.id,
      courseTitle: c.courseTitle,
      completedAt: c.completedAt.toISOString(),
    })),
  };
}

/**
 * Sales (purchases completed in the window, whatever became of them), refunds (given back in the
 * window) and vouchers still awaiting payment that were issued in it, per currency.
 */
export async function moneySince(db: Db, days: number): Promise<OverviewMoney[]> {
  const since = sql`now() - make_interval(days => ${days})`;
  const { rows } = await db.execute<{
    currency: string;
    sales: number;
    sales_amount: string | null;
    refunds: number;
    refunds_amount: string | null;
    awaiting: number;
  }>(sql`
    select currency,
      count(*) filter (where completed_at >= ${since})::int as sales,
      sum(amount) filter (where completed_at >= ${since}) as sales_amount,
      count(*) filter (where refunded_at >= ${since})::int as refunds,
      sum(amount) filter (where refunded_at >= ${since}) as refunds_amount,
      count(*) filter (where status = 'awaiting_payment' and created_at >= ${since})::int as awaiting
    from ${purchases}
    where completed_at >= ${since} or refunded_at >= ${since}
      or (status = 'awaiting_payment' and created_at >= ${since})
    group by currency
    order by currency`);
  return rows.map((r) => ({
    currency: r.currency,
    sales: Number(r.sales),
    salesAmount: Number(r.sales_amount ?? 0),
    refunds: Number(r.refunds),
    refundsAmount: Number(r.refunds_amount ?? 0),
    awaiting: Number(r.awaiting),
  }));
}

/** Reports not yet dismissed, on questions and answers and on written reviews. */
export async function countOpenReports(db: Db): Promise<number> {
  const [[posts], [reviews]] = await Promise.all([
    db.select({ n: count() }).from(postReports),
    db.select({ n: count() }).from(reviewReports),
  ]);
  return (posts?.n ?? 0) + (reviews?.n ?? 0);
}

export async function countPeople(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function countOpenManualRefunds(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(manualRefunds)
    .where(isNull(manualRefunds.paidAt));
  return row?.n ?? 0;
}

/** Reported questions, answers and written reviews of every course, the most recently reported first. */
export async function listReportedPosts(db: Db): Promise<AdminReportedPost[]> {
  const { rows } = await db.execute<{
    kind: AdminReportedPost['kind'];
    id: string;
    question_id: string | null;
    course_id: string;
    course_title: string;
    author_id: string;
    author_name: string;
    body: string;
    hidden: boolean;
    report_count: number;
    reasons: string[] | null;
    last_reported_at: Date | string;
  }>(sql`
    with reported as (
      select question_id, answer_id, count(*)::int as report_count,
        array_remove(array_agg(reason order by created_at desc), null) as reasons,
        max(created_at) as last_reported_at
      from post_reports group by question_id, answer_id
    ), reported_reviews as (
      select rating_id, count(*)::int as report_count,
        array_remove(array_agg(reason order by created_at desc), null) as reasons,
        max(created_at) as last_reported_at
      from review_reports group by rating_id
    )
    select 'question' as kind, q.id, q.id as question_id, q.course_id, c.title as course_title,
      q.author_id as author_id, u.name as author_name, q.title || E'\n' || q.body as body,
      q.hidden_at is not null as hidden, r.report_count, r.reasons, r.last_reported_at
    from reported r
    join questions q on q.id = r.question_id
    join courses c on c.id = q.course_id
    join users u on u.id = q.author_id
    union all
    select 'answer' as kind, a.id, a.question_id, q.course_id, c.title,
      a.author_id, u.name, a.body, a.hidden_at is not null, r.report_count, r.reasons,
      r.last_reported_at
    from reported r
    join answers a on a.id = r.answer_id
    join questions q on q.id = a.question_id
    join courses c on c.id = q.course_id
    join users u on u.id = a.author_id
    union all
    select 'review' as kind, v.id, null, v.course_id, c.title,
      v.user_id, u.name, coalesce(v.review, ''), v.hidden_at is not null, r.report_count,
      r.reasons, r.last_reported_at
    from reported_reviews r
    join ratings v on v.id = r.rating_id
    join courses c on c.id = v.course_id
    join users u on u.id = v.user_id
    order by last_reported_at desc
    limit 200`);
  return rows.map((r) => ({
    kind: r.kind,
    _id: r.id,
    questionId: r.question_id,
    courseId: r.course_id,
    courseTitle: r.course_title,
    authorId: r.author_id,
    authorName: r.author_name,
    body: r.body,
    hidden: r.hidden,
    reportCount: Number(r.report_count),
    reasons: r.reasons ?? [],
    lastReportedAt: new Date(r.last_reported_at).toISOString(),
  }));
}
