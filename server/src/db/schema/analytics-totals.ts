import {
  boolean,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { courses } from './courses';

/*
 * Running totals for the educator's analytics, kept by triggers on enrollments, purchases and
 * lecture_progress (migration 0012_analytics_totals) in the writer's own transaction, so the
 * dashboard reads a few rows instead of aggregating every enrollment, purchase and completion.
 */

/**
 * Enrollments and earnings (completed purchases) per educator and UTC day; a refund takes its sale
 * out of the day it was sold and its enrollment out of the day it began.
 */
export const educatorDailyTotals = pgTable(
  'educator_daily_totals',
  {
    educatorId: text('educator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    enrollments: integer('enrollments').notNull().default(0),
    earnings: numeric('earnings', { precision: 12, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.educatorId, t.day] })],
);

/** How many learners completed each lecture of a course: where they stop shows as a drop. */
export const lectureCompletionTotals = pgTable(
  'lecture_completion_totals',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lectureId: text('lecture_id').notNull(),
    learners: integer('learners').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.lectureId] })],
);

/** How many lectures each learner completed in each course. */
export const learnerCourseTotals = pgTable(
  'learner_course_totals',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completed: integer('completed').notNull().default(0),
    /** The learner was refunded (their progress is kept): not one of the course's learners now. */
    unenrolled: boolean('unenrolled').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/**
 * How many of a course's current learners have completed each number of its lectures, kept from
 * learner_course_totals by a trigger (db/rules/totals.sql, migration 0057): the finishers are the
 * rows at or above the course's number of lectures.
 */
export const courseCompletionCounts = pgTable(
  'course_completion_counts',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completed: integer('completed').notNull(),
    learners: integer('learners').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.completed] })],
);
