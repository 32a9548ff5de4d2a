import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row each time an educator puts a course in the catalogue (added as published, or published
 * later): the publishing quota counts them over the last day. Kept when the course is deleted, so
 * deleting and publishing again does not give the quota back.
 */
export const coursePublications = pgTable(
  'course_publications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    educatorId: text('educator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_publications_educator_idx').on(t.educatorId, t.publishedAt)],
);
