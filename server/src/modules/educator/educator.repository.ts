import { desc, eq, sql } from 'drizzle-orm';
import type { Chapter } from '@aprendiz/contract/courses';
import type { Db } from '../../db/client';
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
}

export async function insertCourse(db: Db, course: NewCourse): Promise<{ id: string }> {
  const [row] = await db.insert(courses).values(course).returning({ id: courses.id });
  return row!;
}

export interface EducatorTotals {
  totalCourses: number;
  totalEnrollments: number;
  /** Sum of completed purchases, numeric text. */
  totalEarnings: string;
}

/** The dashboard's three figures in one statement, each an indexed aggregate over the educator's courses. */
export async function getEducatorTotals(db: Db, educatorId: string): Promise<EducatorTotals> {
  const [row] = await db
    .select({
      // Column references inside sql`` render unqualified, so the subqueries name their own aliases.
      // `= any(array(…))` lets the planner probe the course index for a small educator and hash
      // the ids for a large one, without joining every enrollment row to courses.
      totalCourses: sql<number>`(select count(*)::int from ${courses} own
        where own.educator_id = ${educatorId})`.mapWith(Number),
      totalEnrollments: sql<number>`(select count(*)::int from ${enrollments} e
        where e.course_id = any(array(select own.id from ${courses} own
          where own.educator_id = ${educatorId})))`.mapWith(Number),
      totalEarnings: sql<string>`(select coalesce(sum(p.amount), 0)::text from ${purchases} p
        where p.status = 'completed' and p.course_id = any(array(select own.id from ${courses} own
          where own.educator_id = ${educatorId})))`,
    })
    .from(users)
    .where(eq(users.id, educatorId));
  return row ?? { totalCourses: 0, totalEnrollments: 0, totalEarnings: '0' };
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
}

/** The educator's own courses, published or not, newest first, with student counts from one grouped scan. */
export async function getEducatorCourses(db: Db, educatorId: string): Promise<EducatorCourseRow[]> {
  const studentCounts = db
    .select({
      courseId: enrollments.courseId,
      students: sql<number>`count(*)::int`.as('students'),
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(courses.educatorId, educatorId))
    .groupBy(enrollments.courseId)
    .as('student_counts');

  return db
    .select({
      id: courses.id,
      title: courses.title,
      thumbnailUrl: courses.thumbnailUrl,
      price: courses.price,
      discount: courses.discount,
      createdAt: courses.createdAt,
      studentCount: sql<number>`coalesce(${studentCounts.students}, 0)`.mapWith(Number),
    })
    .from(courses)
    .leftJoin(studentCounts, eq(studentCounts.courseId, courses.id))
    .where(eq(courses.educatorId, educatorId))
    .orderBy(desc(courses.createdAt), desc(courses.id));
}
