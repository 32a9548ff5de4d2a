import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { courses } from './courses';
import { users } from './users';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A learner's (or the educator's) question about one lecture. Plain text only: the player turns
 * line breaks, code and links into elements itself, so nothing here is ever read as HTML.
 */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lectureId: text('lecture_id').notNull(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Kept beside the votes, in the transaction that adds one, so 'Mais votadas' sorts on a column. */
    upvotes: integer('upvotes').notNull().default(0),
    acceptedAnswerId: uuid('accepted_answer_id'),
    /** Set by the course's educator: then only the author (with the note) and the educator see it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenNote: text('hidden_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The catalogue's word rules over the title (A) and the text (B). */
    searchDocument: tsvector('search_document').generatedAlwaysAs(
      sql`search_vector(title, 'A') || search_vector(body, 'B')`,
    ),
  },
  (t) => [
    check('questions_upvotes_check', sql`${t.upvotes} >= 0`),
    // Newest first with the id as tie-break, as the list orders them, and what the visibility
    // filter reads, so a page and its count come from the index alone (0054).
    index('questions_course_newest_idx').on(
      t.courseId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.hiddenAt,
      t.authorId,
    ),
    index('questions_lecture_newest_idx').on(
      t.courseId,
      t.lectureId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.hiddenAt,
      t.authorId,
    ),
    index('questions_search_document_idx').using('gin', t.searchDocument),
    // A learner's own hidden questions, which they still see and count (0056).
    index('questions_hidden_author_idx')
      .on(t.authorId, t.courseId, t.lectureId)
      .where(sql`${t.hiddenAt} is not null`),
  ],
);

/**
 * Each lecture's questions and how many of them are hidden, kept by a trigger on questions
 * (db/rules/totals.sql, migration 0056): a page of questions reads its total here.
 */
export const lectureQuestionTotals = pgTable(
  'lecture_question_totals',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lectureId: text('lecture_id').notNull(),
    questions: integer('questions').notNull().default(0),
    hidden: integer('hidden').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.lectureId] })],
);
export type QuestionRow = typeof questions.$inferSelect;

export const answers = pgTable(
  'answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenNote: text('hidden_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('answers_question_created_idx').on(t.questionId, t.createdAt)],
);
export type AnswerRow = typeof answers.$inferSelect;

/** One row per (question, person): the primary key is what keeps a vote from counting twice. */
export const questionVotes = pgTable(
  'question_votes',
  {
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] })],
);

/** A report per (post, person); the educator reads them beside the post. */
export const postReports = pgTable(
  'post_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    answerId: uuid('answer_id').references(() => answers.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('post_reports_one_post_check', sql`num_nonnulls(${t.questionId}, ${t.answerId}) = 1`),
    uniqueIndex('post_reports_question_reporter_unique')
      .on(t.questionId, t.reporterId)
      .where(sql`${t.questionId} is not null`),
    uniqueIndex('post_reports_answer_reporter_unique')
      .on(t.answerId, t.reporterId)
      .where(sql`${t.answerId} is not null`),
  ],
);
