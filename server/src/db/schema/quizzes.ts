import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { QuizQuestion } from '@aprendiz/contract/quizzes';
import type { GradedQuestion } from '@aprendiz/contract/rules/quiz-grading';
import { courses } from './courses';
import { users } from './users';

/**
 * A chapter's quiz as it is now. The course's content holds only a summary of it, so no course
 * read can carry a correct flag or an explanation to a learner.
 */
export const quizzes = pgTable(
  'quizzes',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    quizId: text('quiz_id').notNull(),
    chapterId: text('chapter_id').notNull(),
    title: text('title').notNull(),
    passPercent: integer('pass_percent').notNull(),
    /** null: unlimited. */
    maxAttempts: integer('max_attempts'),
    required: boolean('required').notNull(),
    version: integer('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.quizId] }),
    check('quizzes_pass_percent_check', sql`${t.passPercent} between 1 and 100`),
    check('quizzes_max_attempts_check', sql`${t.maxAttempts} is null or ${t.maxAttempts} >= 1`),
  ],
);
export type QuizRow = typeof quizzes.$inferSelect;

/**
 * Every version of a quiz's questions ever answerable, never changed once written: an attempt
 * names the version it answered, so a later edit regrades nothing.
 */
export const quizVersions = pgTable(
  'quiz_versions',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    quizId: text('quiz_id').notNull(),
    version: integer('version').notNull(),
    passPercent: integer('pass_percent').notNull(),
    questions: jsonb('questions').$type<QuizQuestion[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.quizId, t.version] })],
);
export type QuizVersionRow = typeof quizVersions.$inferSelect;

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    quizId: text('quiz_id').notNull(),
    version: integer('version').notNull(),
    /** 1, 2, … per learner and quiz, taken under the enrollment's row lock. */
    attemptNumber: integer('attempt_number').notNull(),
    score: integer('score').notNull(),
    passed: boolean('passed').notNull(),
    answers: jsonb('answers').$type<{ questionId: string; optionIds: string[] }[]>().notNull(),
    results: jsonb('results').$type<GradedQuestion[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The limit's last word: two submissions that both counted n attempts cannot both be n + 1.
    uniqueIndex('quiz_attempts_user_quiz_number_unique').on(
      t.userId,
      t.courseId,
      t.quizId,
      t.attemptNumber,
    ),
    index('quiz_attempts_course_quiz_idx').on(t.courseId, t.quizId),
    check('quiz_attempts_score_check', sql`${t.score} between 0 and 100`),
    check('quiz_attempts_number_check', sql`${t.attemptNumber} >= 1`),
  ],
);
export type QuizAttemptRow = typeof quizAttempts.$inferSelect;
