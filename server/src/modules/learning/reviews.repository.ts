import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { ratings, reviewReports } from '../../db/schema/ratings';
import { users } from '../../db/schema/users';

export interface ReviewRow {
  id: string;
  authorId: string;
  rating: number;
  review: string;
  name: string;
  createdAt: Date;
  reply: string | null;
}

/** A written review the public list shows: moderation has not hidden its text. */
const shownReview = and(isNotNull(ratings.review), isNull(ratings.hiddenAt));

/** One page of a course's shown written reviews, newest first (the partial index walks these). */
export async function getReviewPage(
  db: Db,
  courseId: string,
  page: { offset: number; limit: number },
): Promise<ReviewRow[]> {
  const rows = await db
    .select({
      id: ratings.id,
      authorId: ratings.userId,
      rating: ratings.rating,
      review: ratings.review,
      name: users.name,
      createdAt: ratings.createdAt,
      reply: ratings.reply,
    })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.userId))
    .where(and(eq(ratings.courseId, courseId), shownReview))
    .orderBy(desc(ratings.createdAt), desc(ratings.id))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map((row) => ({ ...row, review: row.review ?? '' }));
}

/**
 * How many learners gave each number of stars, and how many written reviews the list shows. A
 * hidden review's stars still count: the learner is enrolled and rated the course, and what
 * moderation found abusive is the text, not the number.
 */
export async function getRatingFigures(
  db: Db,
  courseId: string,
): Promise<{ counts: Map<number, number>; written: number }> {
  const rows = await db
    .select({
      rating: ratings.rating,
      count: sql<number>`count(*)::int`.mapWith(Number),
      written: sql<number>`count(*) filter (where ${shownReview})::int`.mapWith(Number),
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

/** A written review with what reporting it needs: its author and its course. */
export async function findReviewForReport(
  db: Db,
  reviewId: string,
): Promise<{ authorId: string; courseId: string; hasText: boolean; hidden: boolean } | null> {
  const [row] = await db
    .select({
      authorId: ratings.userId,
      courseId: ratings.courseId,
      hasText: sql<boolean>`${ratings.review} is not null`.mapWith(Boolean),
      hidden: sql<boolean>`${ratings.hiddenAt} is not null`.mapWith(Boolean),
    })
    .from(ratings)
    .where(eq(ratings.id, reviewId))
    .limit(1);
  return row ?? null;
}

/** False when this person had reported the review already (the unique index says so). */
export async function insertReviewReport(
  db: Db,
  reviewId: string,
  reporterId: string,
  reason: string | undefined,
): Promise<boolean> {
  const rows = await db
    .insert(reviewReports)
    .values({ ratingId: reviewId, reporterId, reason: reason ?? null })
    .onConflictDoNothing()
    .returning({ id: reviewReports.id });
  return rows.length > 0;
}

/** A review as moderation acts on it; null when there is no such review. */
export async function findReviewHiding(
  db: Db,
  reviewId: string,
): Promise<{ id: string; hiddenAt: Date | null } | null> {
  const [row] = await db
    .select({ id: ratings.id, hiddenAt: ratings.hiddenAt })
    .from(ratings)
    .where(eq(ratings.id, reviewId))
    .limit(1);
  return row ?? null;
}

/**
 * Hides a review's text with the note its author reads, or (null) shows it again. True when this
 * call changed it: hiding a hidden review, or showing a shown one, does nothing.
 */
export async function setReviewHiding(
  db: Db,
  reviewId: string,
  hiding: { note: string } | null,
): Promise<boolean> {
  const rows = await db
    .update(ratings)
    .set(
      hiding
        ? { hiddenAt: sql`now()`, hiddenNote: hiding.note }
        : { hiddenAt: null, hiddenNote: null },
    )
    .where(
      and(
        eq(ratings.id, reviewId),
        hiding ? isNull(ratings.hiddenAt) : isNotNull(ratings.hiddenAt),
      ),
    )
    .returning({ id: ratings.id });
  return rows.length === 1;
}

/** Removes every report of a review; how many there were. */
export async function deleteReviewReports(db: Db, reviewId: string): Promise<number> {
  const rows = await db
    .delete(reviewReports)
    .where(eq(reviewReports.ratingId, reviewId))
    .returning({ id: reviewReports.id });
  return rows.length;
}
