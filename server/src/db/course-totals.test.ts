import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { useTotalsDatabase } from './totals-test-database';
import { courses } from './schema/courses';
import { users } from './schema/users';
import { enrollments } from './schema/enrollments';
import { purchases } from './schema/purchases';

// courses.student_count is kept by a trigger (db/rules/totals.sql); these tests
// write the underlying rows directly, as any writer could, and compare with the real aggregates.
// (Drizzle renders a column inside sql`` unqualified, so the subqueries name `courses.id` by hand.)
const { db, newCourse } = useTotalsDatabase();

async function totalsOf(courseId: string) {
  const [row] = await db()
    .select({
      studentCount: courses.studentCount,
      counted: sql<number>`(select count(*)::int from ${enrollments} e
        where e.course_id = courses.id)`.mapWith(Number),
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row!;
}

function purchase(
  userId: string,
  courseId: string,
  amount: string,
  status: 'pending' | 'completed',
) {
  return { userId, courseId, amount, status, currency: 'usd', provider: 'sandbox' as const };
}

describe('course totals kept by the database', () => {
  it('when enrollments are added, moved and removed, then the student count equals the rows', async () => {
    const first = await newCourse('Contagem A');
    const second = await newCourse('Contagem B');
    await db()
      .insert(enrollments)
      .values([
        { userId: 'usr_a', courseId: first },
        { userId: 'usr_b', courseId: first },
        { userId: 'usr_c', courseId: first },
      ]);
    expect(await totalsOf(first)).toMatchObject({ studentCount: 3, counted: 3 });

    await db()
      .update(enrollments)
      .set({ courseId: second })
      .where(and(eq(enrollments.userId, 'usr_c'), eq(enrollments.courseId, first)));
    await db()
      .delete(enrollments)
      .where(and(eq(enrollments.userId, 'usr_a'), eq(enrollments.courseId, first)));

    expect(await totalsOf(first)).toMatchObject({ studentCount: 1, counted: 1 });
    expect(await totalsOf(second)).toMatchObject({ studentCount: 1, counted: 1 });
  });

  it('when a transaction that enrolled is rolled back, then the count is as before', async () => {
    const course = await newCourse('Contagem C');
    await db()
      .transaction(async (tx) => {
        await tx.insert(enrollments).values({ userId: 'usr_a', courseId: course });
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await totalsOf(course)).toMatchObject({ studentCount: 0, counted: 0 });
  });

  it('when a student is deleted, then the cascade takes their enrollment off the count', async () => {
    await db().insert(users).values({ id: 'usr_gone', name: 'Saída', email: 'gone@totals.test' });
    const course = await newCourse('Conta removida');
    await db()
      .insert(enrollments)
      .values([
        { userId: 'usr_gone', courseId: course },
        { userId: 'usr_b', courseId: course },
      ]);
    await db()
      .insert(purchases)
      .values([
        purchase('usr_gone', course, '5.00', 'completed'),
        purchase('usr_b', course, '7.00', 'completed'),
      ]);

    await db().delete(users).where(eq(users.id, 'usr_gone'));

    expect(await totalsOf(course)).toMatchObject({ studentCount: 1, counted: 1 });
  });
});
