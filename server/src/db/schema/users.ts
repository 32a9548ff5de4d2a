import { check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { EDUCATOR_TITLES } from '@aprendiz/contract/rules/educator-title';
import { STAFF_ROLES } from '@aprendiz/contract/staff';

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
    /** Operators only: 'admin' or 'support' (contract/staff), beside the learner/educator role. */
    staffRole: text('staff_role', { enum: STAFF_ROLES }),
    /** 'Educador' or 'Educadora' to learners (contract/rules/educator-title), the person's choice. */
    educatorTitle: text('educator_title', { enum: EDUCATOR_TITLES }).notNull().default('educador'),
    /** Set while an operator has suspended the account: no session opens, sign-in says why. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /**
     * Carried by every local session token; raised when the password changes or is reset, which
     * signs the account out everywhere at once.
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /** When the provider (Clerk) last changed the account, from its event; older events are skipped. */
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true }),
    /**
     * When the owner of a local account proved the address is theirs (a mailed link, or a reset
     * link used); null until then. A row without a password is Clerk's, which checks the address.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'Excluir minha conta': when the retirement runs, unless the person signs in before. */
    deletionScheduledFor: timestamp('deletion_scheduled_for', { withTimezone: true }),
    /** The account was closed: the row stays, pseudonymised, for the money rows that point at it. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_role_check', sql`${t.role} in ('student', 'educator')`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check(
      'users_staff_role_check',
      sql.raw(`staff_role in (${STAFF_ROLES.map((role) => `'${role}'`).join(', ')})`),
    ),
    check(
      'users_educator_title_check',
      sql.raw(`educator_title in (${EDUCATOR_TITLES.map((title) => `'${title}'`).join(', ')})`),
    ),
    check(
      'users_suspension_check',
      sql`(${t.suspendedAt} is null) = (${t.suspensionReason} is null)`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
