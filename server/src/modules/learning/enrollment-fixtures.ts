import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enrollments } from '../../db/schema/enrollments';
import type { TestContext } from '../../test/test-app';
import { insertCourse, type CourseFixture } from '../courses/course-fixtures';

/** Test data only: a course of a new educator, who is its owner in the tests that buy or join it. */
export async function courseOfNewEducator(ctx: TestContext, fixture: CourseFixture) {
  const owner = await ctx.createUser({ role: 'educator' });
  const row = await insertCourse(ctx.database.db, owner.user.id, fixture);
  return { owner, course: row };
}

/** The user's enrollments, in one course when `courseId` is given. */
export async function enrollmentsOf(db: Db, userId: string, courseId?: string) {
  return db
    .select()
    .from(enrollments)
    .where(
      courseId
        ? and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId))
        : eq(enrollments.userId, userId),
    );
}
