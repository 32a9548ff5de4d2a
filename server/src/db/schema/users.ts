import { check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const users = pgTable(
  'users',
  {
    // Clerk user ids ("user_…") or local ones ("usr_…"), so text rather than uuid.
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    role: text('role', { enum: ['student', 'educator'] })
      .notNull()
      .default('student'),
    passwordHash: text('password_hash'),
    /**
     * Carried by every local session token; raised when the password changes or is reset, which
     * signs the account out everywhere at once.
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /** When the provider (Clerk) last changed the account, from its event; older events are skipped. */
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_role_check', sql`${t.role} in ('student', 'educator')`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
