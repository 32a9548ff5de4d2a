import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Chapter } from '@aprendiz/contract/courses';
import { REFUND_STATUSES } from '@aprendiz/contract/payments';
import type { CourseStatus } from '@aprendiz/contract/rules/course-status';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { enrollments } from '../../db/schema/enrollments';
import { ledgerEntries } from '../../db/schema/ledger';
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
}

/**
 * The dashboard's counts in one statement over the educator's own course rows, whose student
 * counts the database keeps current (migration 0003_course_totals_triggers); refunds and vouchers
 * awaiting payment are few, so they are summed from the purchases, found through (course_id, status).
 * Money earned comes from the ledger (getEducatorBalance).
 */
export async function getEducatorTotals(db: Db, educatorId: string): Promise<EducatorTotals> {
  // Payments made twice for a course already owned; a learner's own refunds are the ledger's.
  const refunds = sql`from ${purchases} where ${inArray(purchases.status, REFUND_STATUSES)}
    and ${purchases.refundRequestedAt} is null
    and ${purchases.courseId} in (select own.id from ${courses} own where own.educator_id = ${educatorId})`;
  const awaiting = sql`from ${purchases} where ${purchases.status} = 'awaiting_payment'
    and ${purchases.courseId} in (select own.id from ${courses} own where own.educator_id = ${educatorId})`;
  const [row] = await db
    .select({
      totalCourses: sql<number>`count(*)::int`.mapWith(Number),
      totalEnrollments: sql<number>`coalesce(sum(${courses.studentCount}), 0)::int`.mapWith(Number),
      refundCount: sql<number>`(select count(*)::int ${refunds})`.mapWith(Number),
      refundAmount: sql<string>`(select coalesce(sum(${purchases.amount}), 0)::text ${refunds})`,
      awaitingCount: sql<number>`(select count(*)::int ${awaiting})`.mapWith(Number),
      awaitingAmount: sql<string>`(select coalesce(sum(${purchases.amount}), 0)::text ${awaiting})`,
    })
    .from(courses)
    .where(eq(courses.educatorId, educatorId));
  // An aggregate without GROUP BY answers exactly one row, zeros included.
  return row!;
}

/**
 * The educator's balance as sums of the ledger, at `now`: a movement counts as available once its
 * sale's guarantee has ended, as pending before.
 */
export async function getEducatorBalance(
  db: Db,
  educatorId: string,
  now: Date,
): Promise<EducatorBalance> {
  const at = now.toISOString();
  const [row] = await db
    .select({
      available: sql<string>`coalesce(sum(${ledgerEntries.amount})
        filter (where ${ledgerEntries.availableAt} <= ${at}), 0)::text`,
      pending: sql<string>`coalesce(sum(${ledgerEntries.amount})
        filter (where ${ledgerEntries.availableAt} > ${at}), 0)::text`,
      refunded: sql<string>`coalesce(-sum(${ledgerEntries.amount})
        filter (where ${ledgerEntries.kind} = 'refund'), 0)::text`,
    })
    .from(ledgerEntries)
    .where(
      inArray(
        ledgerEntries.courseId,
        db.select({ id: courses.id }).from(courses).where(eq(courses.educatorId, educatorId)),
      ),
    );
  return row!;
}

/** Each of the educator's courses' net earnings from the ledger, numeric text, by course id. */
export async function getCourseEarnings(db: Db, educatorId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({
      courseId: ledgerEntries.courseId,
      earnings: sql<string>`sum(${ledgerEntries.amount})::text`,
    })
    .from(ledgerEntries)
    .innerJoin(courses, eq(courses.id, ledgerEntries.courseId))
    .where(eq(courses.educatorId, educatorId))
    .groupBy(ledgerEntries.courseId);
  return new Map(rows.map((row) => [row.courseId, row.earnings]));
}

export interface EnrollmentRecordRow {
  courseTitle: string;
  studentId: string;
  studentName: string;
  studentImageUrl: string;
  enrolledAt: Date;
}

/**
 * The newest enrollments in the educator's courses, newest first (ties broken so the order is
 * stable). The page is cut before students are joined, so only its own rows touch users.
 */
export async function getLatestEnrollments(
  db: Db,
  educatorId: string,
  limit: number,
): Promise<EnrollmentRecordRow[]> {
  const latest = db
    .select({
      courseId: enrollments.courseId,
      userId: enrollments.userId,
      enrolledAt: enrollments.enrolledAt,
      courseTitle: courses.title,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(courses.educatorId, educatorId))
    .orderBy(desc(enrollments.enrolledAt), desc(enrollments.courseId), desc(enrollments.userId))
    .limit(limit)
    .as('latest');

  return db
    .select({
      courseTitle: latest.courseTitle,
      studentId: users.id,
      studentName: users.name,
      studentImageUrl: users.imageUrl,
      enrolledAt: latest.enrolledAt,
    })
    .from(latest)
    .innerJoin(users, eq(users.id, latest.userId))
    .orderBy(desc(latest.enrolledAt), desc(latest.courseId), desc(latest.userId));
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
