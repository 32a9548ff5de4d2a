import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { ratings } from '../../db/schema/ratings';
import { users } from '../../db/schema/users';

export interface ReviewRow {
  id: string;
  rating: number;
  review: string;
  name: string;
  createdAt: Date;
  reply: string | null;
}

/** One page of a course's written reviews, newest first (the partial index walks exactly these). */
export async function getReviewPage(
  db: Db,
  courseId: string,
  page: { offset: number; limit: number },
): Promise<ReviewRow[]> {
  const rows = await db
    .select({
      id: ratings.id,
      rating: ratings.rating,
      review: ratings.review,
      name: users.name,
      createdAt: ratings.createdAt,
      reply: ratings.reply,
    })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.userId))
    .where(and(eq(ratings.courseId, courseId), isNotNull(ratings.review)))
    .orderBy(desc(ratings.createdAt), desc(ratings.id))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map((row) => ({ ...row, review: row.review ?? '' }));
}

/** How many learners gave each number of stars, and how many wrote a review. */
export async function getRatingFigures(
  db: Db,
  courseId: string,
): Promise<{ counts: Map<number, number>; written: number }> {
  const rows = await db
    .select({
      rating: ratings.rating,
      count: sql<number>`count(*)::int`.mapWith(Number),
      written: sql<number>`count(${ratings.review})::int`.mapWith(Number),
    })
    .from(ratings)
    .where(eq(ratings.courseId, courseId))
    .groupBy(ratings.rating);
  return {
    counts: new Map(rows.map((row) => [row.rating, row.count])),
    written: rows.reduce((total, row) => total + row.written, 0),
  };
}

/** A review with the educator of its course, for the reply rules. */
export async function findReviewForReply(
  db: Db,
  reviewId: string,
): Promise<{ educatorId: string; hasText: boolean; reply: string | null } | null> {
  const [row] = await db
    .select({
      educatorId: courses.educatorId,
      hasText: sql<boolean>`${ratings.review} is not null`.mapWith(Boolean),
      reply: ratings.reply,
    })
    .from(ratings)
    .innerJoin(courses, eq(courses.id, ratings.courseId))
    .where(eq(ratings.id, reviewId))
    .limit(1);
  return row ?? null;
}

/** Stores the one reply; false when a reply was already there (a concurrent one won). */
export async function insertReply(db: Db, reviewId: string, reply: string): Promise<boolean> {
  const rows = await db
    .update(ratings)
    .set({ reply, repliedAt: sql`now()` })
    .where(and(eq(ratings.id, reviewId), isNull(ratings.reply)))
    .returning({ id: ratings.id });
  return rows.length === 1;
}
