import { check, pgTable, primaryKey, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';
import { courses } from './courses';

/** Where a learner stopped in each lecture; the newest row of a course is where they resume. */
export const lecturePositions = pgTable(
  'lecture_positions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lectureId: text('lecture_id').notNull(),
    seconds: integer('seconds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The primary key's (user_id, course_id) prefix finds a course's few rows for the resume lookup.
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId, t.lectureId] }),
    check('lecture_positions_seconds_check', sql`${t.seconds} >= 0`),
  ],
);
