import { EDUCATOR_TITLES } from '@aprendiz/contract/rules/educator-title';
import {
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { courses } from './courses';

/**
 * One per learner and course, issued at 100 %. What it certifies is copied in when it is issued, so
 * a later rename or course edit does not change a certificate someone has already shared.
 */
export const certificates = pgTable(
  'certificates',
  {
    // 128 random bits in base64url: the id is the only thing that finds a certificate.
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    learnerName: text('learner_name').notNull(),
    courseTitle: text('course_title').notNull(),
    educatorName: text('educator_name').notNull(),
    /** 'Educador' or 'Educadora' as the educator had chosen when it was issued. */
    educatorTitle: text('educator_title', { enum: EDUCATOR_TITLES }).notNull().default('educador'),
    hours: numeric('hours', { precision: 8, scale: 2 }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    /** The quizzes passed when it was issued, each with the learner's best score. */
    quizzes: jsonb('quizzes').$type<{ title: string; score: number }[]>().notNull().default([]),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the course was refunded: the verification page then says 'revogado'. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('certificates_user_course_unique').on(t.userId, t.courseId),
    index('certificates_course_idx').on(t.courseId),
  ],
);

export type CertificateRow = typeof certificates.$inferSelect;
