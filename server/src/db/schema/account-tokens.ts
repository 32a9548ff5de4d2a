import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Password-reset links: only the SHA-256 of the token is kept, so a copy of the table opens no
 * account. A link works once (used_at) and for one hour (expires_at).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('password_reset_tokens_user_idx').on(t.userId),
    index('password_reset_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Session tokens signed out with 'Sair': refused until they would have expired anyway, then
 * dropped (a row outliving its token keeps nothing useful).
 */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    tokenId: text('token_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_sessions_expires_idx').on(t.expiresAt)],
);

export type PasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;
