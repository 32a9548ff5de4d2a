import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  educatorDailyTotals,
  learnerCourseTotals,
  lectureCompletionTotals,
} from './schema/analytics-totals';
import { enrollments } from './schema/enrollments';
import { lectureProgress } from './schema/lecture-progress';
import { purchases } from './schema/purchases';
import { createTestContext, type TestContext } from '../test/test-app';
import { enrollDirectly, insertCourse } from '../test/fixtures/course-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('analytics totals kept by triggers', () => {
  it('when enrollments, purchases and completions come and go, then the daily and lecture totals always equal the rows', async () => {
    const db = ctx.database.db;
    const { user: educator } = await ctx.createUser({ role: 'educator' });
    const { user: a } = await ctx.createUser();
    const { user: b } = await ctx.createUser();
    const course = await insertCourse(db, educator.id);
    const day1 = new Date('2033-03-01T23:30:00Z');
    const day2 = new Date('2033-03-02T00:30:00Z');
    await enrollDirectly(db, a.id, course.id, day1);
    await enrollDirectly(db, b.id, course.id, day2);
    const [paid] = await db
      .insert(purchases)
      .values([
        {
          userId: a.id,
          courseId: course.id,
          amount: '16.99',
          currency: 'usd',
          status: 'completed',
          provider: 'sandbox',
          completedAt: day1,
        },
        {
          userId: b.id,
          courseId: course.id,
          amount: '16.99',
          currency: 'usd',
          status: 'pending',
          provider: 'sandbox',
        },
      ])
      .returning();
    await db.insert(lectureProgress).values([
      { userId: a.id, courseId: course.id, lectureId: 'lec-1' },
      { userId: a.id, courseId: course.id, lectureId: 'lec-2' },
      { userId: b.id, courseId: course.id, lectureId: 'lec-1' },
    ]);

    const daily = () =>
      db
        .select({
          day: educatorDailyTotals.day,
          enrollments: educatorDailyTotals.enrollments,
          earnings: educatorDailyTotals.earnings,
        })
        .from(educatorDailyTotals)
        .where(eq(educatorDailyTotals.educatorId, educator.id))
        .orderBy(educatorDailyTotals.day);
    expect(await daily()).toEqual([
      { day: '2033-03-01', enrollments: 1, earnings: '16.99' },
      { day: '2033-03-02', enrollments: 1, earnings: '0.00' },
    ]);
    const lectures = await db
      .select({
        lectureId: lectureCompletionTotals.lectureId,
        learners: lectureCompletionTotals.learners,
      })
      .from(lectureCompletionTotals)
      .where(eq(lectureCompletionTotals.courseId, course.id))
      .orderBy(lectureCompletionTotals.lectureId);
    expect(lectures).toEqual([
      { lectureId: 'lec-1', learners: 2 },
      { lectureId: 'lec-2', learners: 1 },
    ]);

    // A refund takes the amount out; an enrollment and a completion removed take their counts out.
    await db.update(purchases).set({ status: 'refunded' }).where(eq(purchases.id, paid!.id));
    await db
      .delete(enrollments)
      .where(and(eq(enrollments.userId, b.id), eq(enrollments.courseId, course.id)));
    await db
      .delete(lectureProgress)
      .where(and(eq(lectureProgress.userId, a.id), eq(lectureProgress.lectureId, 'lec-2')));

    expect(await daily()).toEqual([
      { day: '2033-03-01', enrollments: 1, earnings: '0.00' },
      { day: '2033-03-02', enrollments: 0, earnings: '0.00' },
    ]);
    const perLearner = await db
      .select({ userId: learnerCourseTotals.userId, completed: learnerCourseTotals.completed })
      .from(learnerCourseTotals)
      .where(eq(learnerCourseTotals.courseId, course.id));
    // Per learner, the counts equal what lecture_progress holds, whatever was removed.
    const expected = await db.execute<{ user_id: string; n: number }>(
      sql`select user_id, count(*)::int n from lecture_progress where course_id = ${course.id} group by 1`,
    );
    expect(Object.fromEntries(perLearner.map((r) => [r.userId, r.completed]))).toEqual(
      Object.fromEntries(expected.rows.map((r) => [r.user_id, r.n])),
    );
  });

  it('when learners are refunded, complete lectures meanwhile and buy again, then each learner total says whether its learner is enrolled now', async () => {
    const db = ctx.database.db;
    const { user: educator } = await ctx.createUser({ role: 'educator' });
    const { user: a } = await ctx.createUser();
    const { user: b } = await ctx.createUser();
    const course = await insertCourse(db, educator.id);
    const flags = async () =>
      Object.fromEntries(
        (
          await db
            .select({
              userId: learnerCourseTotals.userId,
              unenrolled: learnerCourseTotals.unenrolled,
            })
            .from(learnerCourseTotals)
            .where(eq(learnerCourseTotals.courseId, course.id))
        ).map((r) => [r.userId === a.id ? 'a' : 'b', r.unenrolled]),
      );
    const unenroll = (userId: string) =>
      db
        .delete(enrollments)
        .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, course.id)));
    // The course's counts of current learners by lectures completed (what the analytics sum for
    // the finishers), as kept, and as counted from the learners' own totals.
    const counts = async () => {
      const kept = await db.execute<{ completed: number; learners: number }>(sql`
        select completed, learners from course_completion_counts
        where course_id = ${course.id} and learners <> 0 order by completed`);
      const counted = await db.execute<{ completed: number; learners: number }>(sql`
        select completed, count(*)::int as learners from learner_course_totals
        where course_id = ${course.id} and not unenrolled group by completed order by completed`);
      expect(kept.rows).toEqual(counted.rows);
      return Object.fromEntries(kept.rows.map((r) => [r.completed, r.learners]));
    };

    await enrollDirectly(db, a.id, course.id);
    await db
      .insert(lectureProgress)
      .values({ userId: a.id, courseId: course.id, lectureId: 'lec-1' });
    // b's progress arrives without an enrollment (an educator's own course, a hand-run statement).
    await db
      .insert(lectureProgress)
      .values({ userId: b.id, courseId: course.id, lectureId: 'lec-1' });
    expect(await flags()).toEqual({ a: false, b: true });
    expect(await counts()).toEqual({ 1: 1 });

    await unenroll(a.id);
    await db
      .insert(lectureProgress)
      .values({ userId: a.id, courseId: course.id, lectureId: 'lec-2' });
    expect(await flags()).toEqual({ a: true, b: true });
    expect(await counts()).toEqual({});

    // Both buy again in one statement.
    await db.insert(enrollments).values([
      { userId: a.id, courseId: course.id },
      { userId: b.id, courseId: course.id },
    ]);
    expect(await flags()).toEqual({ a: false, b: false });
    expect(await counts()).toEqual({ 1: 1, 2: 1 });
    await unenroll(b.id);
    expect(await flags()).toEqual({ a: false, b: true });
    expect(await counts()).toEqual({ 2: 1 });

    // A lecture taken back moves a down a number; a learner's account deleted takes them out.
    await db
      .delete(lectureProgress)
      .where(and(eq(lectureProgress.userId, a.id), eq(lectureProgress.lectureId, 'lec-2')));
    expect(await counts()).toEqual({ 1: 1 });
    await enrollDirectly(db, b.id, course.id);
    expect(await counts()).toEqual({ 1: 2 });
    await db.execute(sql`delete from users where id = ${a.id}`);
    expect(await counts()).toEqual({ 1: 1 });
  });
});
