import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Chapter } from '@aprendiz/contract/courses';
import type { CourseCategory, CourseLevel } from '@aprendiz/contract/catalogue';
import { REFUND_STATUSES } from '@aprendiz/contract/payments';
import type { CourseStatus } from '@aprendiz/contract/rules/course-status';
import type { QuizDraft } from '@aprendiz/contract/rules/quiz-content';
import type { Db } from '../../db/client';
import { saveCourseQuizzes } from '../quizzes/quizzes.repository';
import { courses } from '../../db/schema/courses';
import { enrollments } from '../../db/schema/enrollments';
import { purchases } from '../../db/schema/purchases';
import { users } from '../../db/schema/users';

export interface NewCourse {
  educatorId: string;
  title: string;
  descriptionHtml: string;
  thumbnailUrl: string;
  /** numeric(10,2) as text, so no float rounding reaches the column. */
  price: string;
  discount: number;
  content: Chapter[];
  /** The chapters' quizzes in full; content holds only their summaries. */
  quizzes: QuizDraft[];
  category: CourseCategory | null;
  level: CourseLevel | null;
  status: CourseStatus;
}

export async function insertCourse(db: Db, course: NewCourse): Promise<{ id: string }> {
  const { quizzes, ...row } = course;
  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(courses).values(row).returning({ id: courses.id });
    await saveCourseQuizzes(tx, inserted!.id, quizzes);
    return inserted!;
  });
}

export interface EducatorTotals {
  totalCourses: number;
  totalEnrollments: number;
  /** Sum of completed purchases, numeric text. */
  totalEarnings: string;
  refundCount: number;
  /** Sum of refunded and refund-pending purchases, numeric text. */
  refundAmount: string;
}

/**
 * The dashboard's figures in one statement over the educator's own course rows, whose student
 * counts and revenue the database keeps current (migration 0003_course_totals_triggers); refunds
 * are rare, so they are summed from the purchases, found through (course_id, status).
 */
export async function getEducatorTotals(db: Db, educatorId: string): Promise<EducatorTotals> {
  const refunds = sql`from ${purchases} where ${inArray(purchases.status, REFUND_STATUSES)}
    and ${purchases.courseId} in (select own.id from ${courses} own where own.educator_id = ${educatorId})`;
  const [row] = await db
    .select({
      totalCourses: sql<number>`count(*)::int`.mapWith(Number),
      totalEnrollments: sql<number>`coalesce(sum(${courses.studentCount}), 0)::int`.mapWith(Number),
      totalEarnings: sql<string>`coalesce(sum(${courses.revenue}), 0)::text`,
      refundCount: sql<number>`(select count(*)::int ${refunds})`.mapWith(Number),
      refundAmount: sql<string>`(select coalesce(sum(${purchases.amount}), 0)::text ${refunds})`,
    })
    .from(courses)
    .where(eq(courses.educatorId, educatorId));
  // An aggregate without GROUP BY answers exactly one row, zeros included.
  return row!;
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
