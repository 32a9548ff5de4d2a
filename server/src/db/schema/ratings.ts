import {
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';
import { courses } from './courses';

export const ratings = pgTable(
  'ratings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    // The handle an educator's reply names; the (user, course) pair stays the key.
    id: uuid('id').notNull().defaultRandom(),
    rating: smallint('rating').notNull(),
    /** The learner's optional written review, plain text. */
    review: text('review'),
    /** The course educator's one reply to the review. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /**
     * Set by an admin from the console's moderation: the text leaves the public list (the author
     * still sees it, with the note); the stars keep counting.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenNote: text('hidden_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    check('ratings_rating_check', sql`${t.rating} between 1 and 5`),
    index('ratings_course_idx').on(t.courseId),
    uniqueIndex('ratings_id_unique').on(t.id),
    // The course page's newest written reviews, walked newest first.
    index('ratings_course_reviews_idx')
      .on(t.courseId, t.createdAt.desc())
      .where(sql`${t.review} is not null`),
  ],
);

/** A report per (review, person): the unique index is what refuses the second one. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ratingId: uuid('rating_id')
      .notNull()
      .references(() => ratings.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('review_reports_rating_reporter_unique').on(t.ratingId, t.reporterId)],
);
