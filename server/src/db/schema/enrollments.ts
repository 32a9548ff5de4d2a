import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { courses } from './courses';

export const enrollments = pgTable(
  'enrollments',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When every lecture address was first handed to the learner (the player's course, or the
     * course page once enrolled): with them a video plays anywhere, so for the EU waiver this is
     * the first access, as a lecture played in the player is.
     */
    lecturesServedAt: timestamp('lectures_served_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index('enrollments_course_idx').on(t.courseId, t.enrolledAt),
    // The educator's newest students, per course newest first, from the index alone (0052).
    index('enrollments_course_enrolled_user_idx').on(t.courseId, t.enrolledAt, t.userId),
    index('enrollments_user_enrolled_idx').on(t.userId, t.enrolledAt),
    // The educator's newest enrollments: walked newest first until the page is full.
    index('enrollments_enrolled_at_idx').on(t.enrolledAt),
  ],
);

export type EnrollmentRow = typeof enrollments.$inferSelect;
