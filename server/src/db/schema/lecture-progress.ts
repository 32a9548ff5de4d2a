import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { courses } from './courses';

export const lectureProgress = pgTable(
  'lecture_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lectureId: text('lecture_id').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The primary key's (user_id, course_id) prefix serves the per-course progress lookup.
  (t) => [primaryKey({ columns: [t.userId, t.courseId, t.lectureId] })],
);
