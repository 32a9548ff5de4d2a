import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EDUCATOR_APPLICATION_STATUSES } from '@aprendiz/contract/educator-applications';
import { users } from './users';

const inList = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * 'Tornar-se educador' as an application (EDUCATOR_APPLICATIONS=on). At most one pending per
 * person (the partial unique index), however often the form is sent; who decided is in the audit
 * log, written with the decision.
 */
export const educatorApplications = pgTable(
  'educator_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    about: text('about').notNull(),
    teaching: text('teaching').notNull(),
    status: text('status', { enum: EDUCATOR_APPLICATION_STATUSES }).notNull().default('pending'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'educator_applications_status_check',
      sql`${t.status} in (${inList(EDUCATOR_APPLICATION_STATUSES)})`,
    ),
    uniqueIndex('educator_applications_one_pending')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('educator_applications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('educator_applications_status_created_idx').on(t.status, t.createdAt),
  ],
);

export type EducatorApplicationRow = typeof educatorApplications.$inferSelect;
