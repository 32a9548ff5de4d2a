import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CONSENT_SOURCES, CONSENT_TOPICS } from '@aprendiz/contract/account-security';
import { users } from './users';

const inList = (values: readonly string[]) =>
  sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '));

/**
 * E-mail confirmation links: only the SHA-256 of the token is kept. `email` is the address the
 * link proves: the account's own at sign-up, or a new one being changed to, which replaces the
 * account's address only when its link is used. A link works once and for a day.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_verification_tokens_user_created_idx').on(t.userId, t.createdAt),
    index('email_verification_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Where a local account is signed in: one row per session token (by its jti), for the profile's
 * list. Whether a token still opens the account is decided elsewhere (the session version and
 * revoked_sessions); ending a session here also revokes its token there.
 */
export const accountSessions = pgTable(
  'account_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenId: text('token_id').notNull().unique('account_sessions_token_unique'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent').notNull().default(''),
    /** The network address last seen (as TRUST_PROXY lets us read it). */
    address: text('address').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('account_sessions_user_idx').on(t.userId),
    index('account_sessions_expires_idx').on(t.expiresAt),
    // With the expiry's, what the retention clean-up finds ended sessions by (modules/retention).
    index('account_sessions_ended_idx')
      .on(t.endedAt)
      .where(sql`${t.endedAt} is not null`),
  ],
);

/**
 * Every choice a person made about the e-mails they get, appended, never updated: when, which
 * topic, yes or no, the exact words they saw, and where (profile, a one-click link, or carried over
 * from the preferences kept before these records). The latest row per topic is the choice in force.
 */
export const mailConsents = pgTable(
  'mail_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    granted: boolean('granted').notNull(),
    wording: text('wording').notNull(),
    source: text('source').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_consents_user_topic_idx').on(t.userId, t.topic, t.recordedAt),
    check('mail_consents_topic_check', sql`${t.topic} in (${inList(CONSENT_TOPICS)})`),
    check('mail_consents_source_check', sql`${t.source} in (${inList(CONSENT_SOURCES)})`),
  ],
);

export type AccountSessionRow = typeof accountSessions.$inferSelect;
