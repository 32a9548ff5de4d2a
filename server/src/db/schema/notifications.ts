import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { MAIL_KINDS, NOTIFICATION_KINDS } from '@aprendiz/contract/notifications';
import { answers, questions } from './questions';
import { users } from './users';

const inList = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * The bell's rows. `subject_id` is what the notice is about (the answer, or the question), and with
 * the kind and the person it is unique: accepting the same answer twice notifies once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Null for a notice about a payout. */
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    answerId: uuid('answer_id').references(() => answers.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id').notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('notifications_kind_check', sql`${t.kind} in (${inList(NOTIFICATION_KINDS)})`),
    uniqueIndex('notifications_subject_unique').on(t.userId, t.kind, t.subjectId),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    // The retention clean-up's DELETE (modules/retention): read rows by when they were read.
    index('notifications_read_idx')
      .on(t.readAt)
      .where(sql`${t.readAt} is not null`),
  ],
);

/** A row per e-mail someone stopped (one-click link or profile); no row: they get it. */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('mail_opt_outs_kind_check', sql`${t.kind} in (${inList(MAIL_KINDS)})`),
  ],
);
