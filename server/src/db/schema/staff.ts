import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A person's authenticator secret (base32). `enabledAt` is null between setup and the first code
 * typed back. `lastTimeStep` is the TOTP step last accepted, so a code is never accepted twice;
 * `failedCodes` counts wrong codes since `failuresSince`, the window that rate-limits guessing on
 * every instance at once.
 */
export const twoStepSecrets = pgTable('two_step_secrets', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  failedCodes: integer('failed_codes').notNull().default(0),
  failuresSince: timestamp('failures_since', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes: only their SHA-256 is kept. */
export const twoStepRecoveryCodes = pgTable(
  'two_step_recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * A password accepted for an account with two-step on: the second step finishes it within ten
 * minutes, once. Only the SHA-256 of the challenge is kept.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * What operators did, and every role change: appended in the transaction of the action, never
 * changed or removed (a trigger refuses UPDATE and DELETE). Actor and target are kept as text, not
 * foreign keys, so the trail outlives the accounts it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null when the platform itself acted (ADMIN_EMAILS, the `npm run admin` script). */
    actorId: text('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
export type TwoStepSecretRow = typeof twoStepSecrets.$inferSelect;
