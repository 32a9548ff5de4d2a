import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Chapter } from '@aprendiz/contract/courses';
import type { StudentsCursor } from '@aprendiz/contract/educator';
import { REFUND_STATUSES } from '@aprendiz/contract/payments';
import type { CourseStatus } from '@aprendiz/contract/rules/course-status';
import type { Db } from '../../db/client';
import { epochMicros } from '../../db/epoch-micros';
import { prepared } from '../../db/prepared';
import { courses } from '../../db/schema/courses';
import { enrollments } from '../../db/schema/enrollments';
import { courseLedgerTotals, educatorLedgerDays, ledgerEntries } from '../../db/schema/ledger';
import { purchases } from '../../db/schema/purchases';
import { users } from '../../db/schema/users';

export interface EducatorTotals {
  totalCourses: number;
  totalEnrollments: number;
  refundCount: number;
  /** Sum of refunded and refund-pending purchases, numeric text. */
  refundAmount: string;
  awaitingCount: number;
  /** Sum of the vouchers still awaiting payment, numeric text. */
  awaitingAmount: string;
}

/** The educator's ledger summed, numeric text each. */
export interface EducatorBalance {
  /** Net of everything whose guarantee has ended. */
  available: string;
  /** Net of everything still refundable. */
  pending: string;
  /** The refunds, as a positive amount. */
  refunded: string;
  /** What buyers paid for every sale (after coupons). */
  gross: string;
  /** The platform's fees on those sales, as a positive amount. */
  platformFee: string;
}

const educatorTotals = prepared('educator_totals', (db) => {
  const educatorId = sql.placeholder('educatorId');
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  const today = sql`(${at} at time zone 'UTC')::date`;
  const own = sql`(select own.id from ${courses} own where own.educator_id = ${educatorId})`;
  // Payments made twice for a course already owned; a learner's own refunds are the ledger's.
  const refunds = sql`from ${purchases} where ${inArray(purchases.status, REFUND_STATUSES)}
    and ${purchases.refundRequestedAt} is null and ${purchases.courseId} in ${own}`;
  const awaiting = sql`from ${purchases} where ${purchases.status} = 'awaiting_payment'
    and ${purchases.courseId} in ${own}`;
  const money = (value: SQL) => sql<string>`(${value})::numeric(14, 2)::text`;
  return db
    .select({
      totalCourses: sql<number>`f.courses`.mapWith(Number),
      totalEnrollments: sql<number>`f.enrollments`.mapWith(Number),
      refundCount: sql<number>`(select count(*)::int ${refunds})`.mapWith(Number),
      refundAmount: sql<string>`(select coalesce(sum(${purchases.amount}), 0)::text ${refunds})`,
      awaitingCount: sql<number>`(select count(*)::int ${awaiting})`.mapWith(Number),
      awaitingAmount: sql<string>`(select coalesce(sum(${purchases.amount}), 0)::text ${awaiting})`,
      available: money(sql`f.moved - f.pending`),
      pending: money(sql`f.pending`),
      refunded: money(sql`f.refunded`),
      gross: money(sql`f.gross`),
      platformFee: money(sql`f.fees`),
    })
    .from(
      sql`(
      select count(*)::int as courses, coalesce(sum(c.student_count), 0)::int as enrollments,
        coalesce(sum(t.amount), 0) as moved, coalesce(sum(t.refunded), 0) as refunded,
        coalesce(sum(t.gross), 0) as gross, coalesce(sum(t.fees), 0) as fees,
        coalesce(sum(due.amount), 0) + (
          select coalesce(sum(d.amount), 0) from ${educatorLedgerDays} d
          where d.educator_id = ${educatorId} and d.available_on > ${today}
        ) as pending
      from ${courses} c
      left join ${courseLedgerTotals} t on t.course_id = c.id
      left join lateral (
        select sum(l.amount) as amount from ${ledgerEntries} l
        where l.course_id = c.id and l.available_at > ${at}
          and l.available_at < (${today} + 1)::timestamp at time zone 'UTC'
      ) due on true
      where c.educator_id = ${educatorId}
    ) f`,
    );
});

/**
 * The dashboard's figures in one prepared statement over the educator's own course rows, whose
 * student counts the database keeps current (db/rules/totals.sql); refunds and vouchers awaiting
 * payment are few, so they are summed from the purchases, found through (course_id, status).
 * Prepared: planning it cost PostgreSQL 1.5 ms a request, five times what running it took.
 *
 * The balance at `now` comes from the ledger's running sums (db/rules/ledger.sql): a movement counts as
 * available once its sale's guarantee has ended, as pending before. Pending is the days of
 * availability after today plus, per course, today's movements not yet due (its
 * `(course_id, available_at)` index); available is the rest of everything moved.
 */
export async function getEducatorTotals(
  db: Db,
  educatorId: string,
  now: Date,
): Promise<EducatorTotals & { balance: EducatorBalance }> {
  // An aggregate without GROUP BY answers exactly one row, zeros included.
  const [row] = await educatorTotals(db).execute({ educatorId, at: now.toISOString() });
  const { available, pending, refunded, gross, platformFee, ...totals } = row!;
  return { ...totals, balance: { available, pending, refunded, gross, platformFee } };
}

/** Each of the educator's courses' net earnings from the ledger, numeric text, by course id. */
export async function getCourseEarnings(db: Db, educatorId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({
      courseId: courseLedgerTotals.courseId,
      earnings: sql<string>`${courseLedgerTotals.amount}::text`,
    })
    .from(courseLedgerTotals)
    .innerJoin(courses, eq(courses.id, courseLedgerTotals.courseId))
    .where(eq(courses.educatorId, educatorId));
  return new Map(rows.map((row) => [row.courseId, row.earnings]));
}

export interface EnrollmentRecordRow {
  courseId: string;
  courseTitle: string;
  studentId: string;
  studentName: string;
  studentImageUrl: string;
  enrolledAt: Date;
  /** enrolled_at in microseconds since 1970, as text: where the next page goes on from. */
  enrolledMicros: string;
}

/**
 * The newest enrollments in the educator's courses, newest first, then by course id and learner
 * id (all descending), so the order is total; after `before` when given. The page is cut before
 * students are joined, so only its own rows touch users.
 *
 * Each course gives its own newest `limit` after the cursor, read backwards along
 * (course_id, enrolled_at, user_id), then the newest `limit` of those: an educator with 200,000
 * students reads courses × limit index entries whatever the page's depth, where joining every
 * enrollment of theirs sorted all 200,000 (docs/scale-explain.md).
 */
export async function getLatestEnrollments(
  db: Db,
  educatorId: string,
  limit: number,
  before?: StudentsCursor,
): Promise<EnrollmentRecordRow[]> {
  const after = before ? afterCursor(before) : undefined;
  const perCourse = db
    .select({
      courseId: enrollments.courseId,
      userId: enrollments.userId,
      enrolledAt: enrollments.enrolledAt,
    })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, courses.id), after))
    .orderBy(desc(enrollments.enrolledAt), desc(enrollments.userId))
    .limit(limit)
    .as('per_course');
  const latest = db
    .select({
      courseId: perCourse.courseId,
      userId: perCourse.userId,
      enrolledAt: perCourse.enrolledAt,
      courseTitle: courses.title,
    })
    .from(courses)
    .crossJoinLateral(perCourse)
    .where(eq(courses.educatorId, educatorId))
    .orderBy(desc(perCourse.enrolledAt), desc(perCourse.courseId), desc(perCourse.userId))
    .limit(limit)
    .as('latest');

  return db
    .select({
      courseId: latest.courseId,
      courseTitle: latest.courseTitle,
      studentId: users.id,
      studentName: users.name,
      studentImageUrl: users.imageUrl,
      enrolledAt: latest.enrolledAt,
      enrolledMicros: epochMicros(latest.enrolledAt),
    })
    .from(latest)
    .innerJoin(users, eq(users.id, latest.userId))
    .orderBy(desc(latest.enrolledAt), desc(latest.courseId), desc(latest.userId));
}

/**
 * The enrollments of the lateral's course that come after the cursor in the list's order. The
 * course is fixed within it, so the tie on the time is decided by the course id, then (for the
 * cursor's own course) by the learner id; `enrolled_at <= at` lets the index start at the cursor.
 */
function afterCursor(before: StudentsCursor): SQL {
  const at = sql`(timestamptz 'epoch' + ${before.micros}::bigint * interval '1 microsecond')`;
  const course = sql`${before.courseId}::uuid`;
  return sql`${enrollments.enrolledAt} <= ${at} and (${enrollments.enrolledAt} < ${at} or case
    when ${courses.id} < ${course} then true
    when ${courses.id} > ${course} then false
    else ${enrollments.userId} < ${before.userId} end)`;
}

/** Every enrollment in the educator's courses, from the student counts their rows keep. */
export async function countEducatorEnrollments(db: Db, educatorId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${courses.studentCount}), 0)`.mapWith(Number) })
    .from(courses)
    .where(eq(courses.educatorId, educatorId));
  return row?.total ?? 0;
}

export interface EducatorCourseRow {
  id: string;
  title: string;
  thumbnailUrl: string;
  price: string;
  discount: number;
  createdAt: Date;
  studentCount: number;
  content: Chapter[];
  status: CourseStatus;
}

/**
 * The educator's own courses, published or not, newest first, with their student counts and content
 * (its lectures are checked for missing titles and videos).
 */
export async function getEducatorCourses(db: Db, educatorId: string): Promise<EducatorCourseRow[]> {
  return db
    .select({
      id: courses.id,
      title: courses.title,
      thumbnailUrl: courses.thumbnailUrl,
      price: courses.price,
      discount: courses.discount,
      createdAt: courses.createdAt,
      studentCount: courses.studentCount,
      content: courses.content,
      status: courses.status,
    })
    .from(courses)
    .where(eq(courses.educatorId, educatorId))
    .orderBy(desc(courses.createdAt), desc(courses.id));
}
