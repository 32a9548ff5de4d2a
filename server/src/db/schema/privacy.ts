import { check, customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { PRIVACY_REQUEST_KINDS } from '@aprendiz/contract/privacy';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Every request a person makes about their data (an export, a deletion), kept with the date the
 * LGPD gives us to answer it: the operators' privacy list. A row outlives the account it is about
 * (the users row stays, pseudonymised), so the answer can be shown.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PRIVACY_REQUEST_KINDS }).notNull(),
    /** export: pending → ready | failed, ready → expired; deletion: scheduled → done | cancelled. */
    status: text('status').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** A deletion's end of the cool-off. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** An export's link stops working then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * The secret in an export's mailed link (the link is opened from a mail, without a session).
     * Kept as is rather than hashed: the status endpoint hands the link back to the signed-in owner,
     * and whoever reads this table reads the data the file holds anyway.
     */
    downloadToken: text('download_token'),
  },
  (t) => [
    check('privacy_requests_kind_check', sql`${t.kind} in ('export', 'deletion')`),
    check(
      'privacy_requests_status_check',
      sql`(${t.kind} = 'export' and ${t.status} in ('pending', 'ready', 'expired', 'failed'))
        or (${t.kind} = 'deletion' and ${t.status} in ('scheduled', 'cancelled', 'done'))`,
    ),
    index('privacy_requests_user_idx').on(t.userId, t.kind, t.requestedAt.desc()),
    index('privacy_requests_requested_idx').on(t.requestedAt.desc()),
  ],
);

/** The built ZIP of a ready export, in the database so every instance can serve it; dropped on expiry. */
export const privacyExportFiles = pgTable('privacy_export_files', {
  requestId: uuid('request_id')
    .primaryKey()
    .references(() => privacyRequests.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PrivacyRequestRow = typeof privacyRequests.$inferSelect;
