import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { courses } from './courses';
import { users } from './users';

/** A learner's private note at a second of a lecture's video. */
export const lectureNotes = pgTable(
  'lecture_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lectureId: text('lecture_id').notNull(),
    positionSeconds: integer('position_seconds').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('lecture_notes_position_check', sql`${t.positionSeconds} >= 0`),
    index('lecture_notes_user_course_idx').on(t.userId, t.courseId, t.lectureId, t.positionSeconds),
  ],
);
export type LectureNoteRow = typeof lectureNotes.$inferSelect;
