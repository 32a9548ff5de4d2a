import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { useTotalsDatabase } from './totals-test-database';
import { courses } from './schema/courses';
import { users } from './schema/users';
import { ratings } from './schema/ratings';

// courses.rating_count and courses.rating_total are kept by a trigger on ratings (migration 0015);
// these tests write ratings directly, as any writer could, and compare with the real aggregates.
const { db, newCourse } = useTotalsDatabase();

async function totalsOf(courseId: string) {
  const [row] = await db()
    .select({
      ratingCount: courses.ratingCount,
      ratingTotal: courses.ratingTotal,
      counted: sql<number>`(select count(*)::int from ${ratings} r
        where r.course_id = courses.id)`.mapWith(Number),
      summed: sql<number>`(select coalesce(sum(r.rating), 0)::int from ${ratings} r
        where r.course_id = courses.id)`.mapWith(Number),
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row!;
}

describe('course rating totals kept by the database', () => {
  it('when ratings are added, changed, moved and removed, then the count and the sum equal the rows', async () => {
    const first = await newCourse('Primeiro');
    const second = await newCourse('Segundo');
    expect(await totalsOf(first)).toEqual({
      ratingCount: 0,
      ratingTotal: 0,
      counted: 0,
      summed: 0,
    });

    await db()
      .insert(ratings)
      .values([
        { userId: 'usr_a', courseId: first, rating: 5 },
        { userId: 'usr_b', courseId: first, rating: 2 },
      ]);
    expect(await totalsOf(first)).toEqual({
      ratingCount: 2,
      ratingTotal: 7,
      counted: 2,
      summed: 7,
    });

    // A learner changes their stars; a written review alone leaves the totals as they are.
    const byA = and(eq(ratings.userId, 'usr_a'), eq(ratings.courseId, first));
    await db().update(ratings).set({ rating: 3 }).where(byA);
    await db().update(ratings).set({ review: 'Bom curso' }).where(byA);
    expect(await totalsOf(first)).toEqual({
      ratingCount: 2,
      ratingTotal: 5,
      counted: 2,
      summed: 5,
    });

    await db()
      .update(ratings)
      .set({ courseId: second })
      .where(and(eq(ratings.userId, 'usr_b'), eq(ratings.courseId, first)));
    expect(await totalsOf(first)).toEqual({
      ratingCount: 1,
      ratingTotal: 3,
      counted: 1,
      summed: 3,
    });
    expect(await totalsOf(second)).toEqual({
      ratingCount: 1,
      ratingTotal: 2,
      counted: 1,
      summed: 2,
    });

    // Deleting the learner cascades to their ratings, through the same trigger.
    await db().delete(users).where(eq(users.id, 'usr_a'));
    expect(await totalsOf(first)).toEqual({
      ratingCount: 0,
      ratingTotal: 0,
      counted: 0,
      summed: 0,
    });
  });
});
