import { eq, sql, type Placeholder } from 'drizzle-orm';
import {
  COURSE_REMOVED_FOR_RIGHTS_CLAIM,
  keepsLearnerAccess,
  type CourseStatus,
  type TakedownKind,
} from '@aprendiz/contract/rules/course-status';
import { discountedPrice } from '@aprendiz/contract/rules/pricing';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { courses } from '../../db/schema/courses';
import { enrollments } from '../../db/schema/enrollments';
import type { UserRow } from '../../db/schema/users';
import { conflict, gone, notFound } from '../../http/errors';
import { COURSE_NOT_FOUND } from './courses.service';

/**
 * Who may reach a course and what joining it costs: the rules free enrollment, purchases, progress
 * and ratings share, and the one place an enrollment is written.
 */

export const ALREADY_OWNED = 'Já adquirido';
export const OWN_COURSE = 'Você é o educador deste curso e já tem acesso a ele';

/** The few course fields the access rules need, with the caller's enrollment. */
export interface CourseAccessRow {
  id: string;
  title: string;
  thumbnailUrl: string;
  price: string;
  discount: number;
  educatorId: string;
  isPublished: boolean;
  status: CourseStatus;
  takedownKind: TakedownKind | null;
  enrolled: boolean;
}

/** The columns of a CourseAccessRow, for statements that read more beside them. */
export function courseAccessColumns(userId: string | Placeholder) {
  return {
    id: courses.id,
    title: courses.title,
    thumbnailUrl: courses.thumbnailUrl,
    price: courses.price,
    discount: courses.discount,
    educatorId: courses.educatorId,
    isPublished: courses.isPublished,
    status: courses.status,
    takedownKind: courses.takedownKind,
    enrolled: sql<boolean>`exists (select 1 from ${enrollments}
      where ${enrollments.userId} = ${userId} and ${enrollments.courseId} = ${courses.id})`.mapWith(
      Boolean,
    ),
  };
}

const courseAccess = prepared('course_access', (db) =>
  db
    .select({
      ...courseAccessColumns(sql.placeholder('userId')),
      // Whether every lecture address was already handed to this learner (the player's first
      // load notes it): later loads then skip that write and its round trip.
      lecturesServed: sql<boolean>`exists (select 1 from ${enrollments}
        where ${enrollments.userId} = ${sql.placeholder('userId')}
          and ${enrollments.courseId} = ${courses.id}
          and ${enrollments.lecturesServedAt} is not null)`.mapWith(Boolean),
    })
    .from(courses)
    .where(eq(courses.id, sql.placeholder('courseId')))
    .limit(1),
);

/** Every signed-in course read and write starts here: a prepared statement. */
export async function findCourseAccess(
  db: Db,
  courseId: string,
  userId: string,
): Promise<(CourseAccessRow & { lecturesServed: boolean }) | null> {
  const [row] = await courseAccess(db).execute({ courseId, userId });
  return row ?? null;
}

/**
 * A course taken down for a rights claim serves nothing of its lectures to its learners any more
 * (its educator still sees their own work): 410, saying why, rather than a 404 that reads as a bug.
 */
export function assertLecturesAvailable(
  course: Pick<CourseAccessRow, 'status' | 'takedownKind' | 'educatorId'>,
  viewerId: string | undefined,
): void {
  if (course.educatorId !== viewerId && !keepsLearnerAccess(course)) {
    throw gone(COURSE_REMOVED_FOR_RIGHTS_CLAIM);
  }
}

/**
 * The course as this user may reach it: unpublished courses exist only for their students and
 * educator, and one removed for a rights claim only for its educator.
 */
export async function requireCourse(
  db: Db,
  user: UserRow,
  courseId: string,
): Promise<CourseAccessRow> {
  const course = await findCourseAccess(db, courseId, user.id);
  if (!course || (!course.isPublished && !course.enrolled && course.educatorId !== user.id)) {
    throw notFound(COURSE_NOT_FOUND);
  }
  assertLecturesAvailable(course, user.id);
  return course;
}

/** Joining (free or paid) is for someone who has neither the course nor made it. */
export function assertCanJoin(course: CourseAccessRow, user: UserRow): void {
  if (course.enrolled) throw conflict(ALREADY_OWNED);
  // Educators enrolling in their own course would count themselves as students and earnings.
  if (course.educatorId === user.id) throw conflict(OWN_COURSE);
}

export function priceToPay(course: CourseAccessRow): number {
  return discountedPrice(Number(course.price), course.discount);
}

/** True when this call created the enrollment; a concurrent or earlier one makes it false. */
export async function insertEnrollment(db: Db, userId: string, courseId: string): Promise<boolean> {
  const inserted = await db
    .insert(enrollments)
    .values({ userId, courseId })
    .onConflictDoNothing()
    .returning({ courseId: enrollments.courseId });
  return inserted.length > 0;
}
