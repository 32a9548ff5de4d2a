import { and, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { accountSessions, emailVerificationTokens } from '../../db/schema/account-security';
import { passwordResetTokens, revokedSessions } from '../../db/schema/account-tokens';
import { notifications } from '../../db/schema/notifications';
import { processedEvents } from '../../db/schema/processed-events';
import { signInChallenges } from '../../db/schema/staff';

export const RETENTION_SWEEP = 'sweep-retention';
/** Hourly: a backlog goes in batches over the hours after a deployment, nothing here is urgent. */
export const RETENTION_SWEEP_SECONDS = 60 * 60;
/**
 * Each table loses at most this many rows per run, so one DELETE holds its locks for well under a
 * second even on a first run over years of rows; the next run takes the rest.
 */
export const RETENTION_BATCH = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** How many rows each clean-up removed in one run. */
export interface RetentionSweep {
  readNotifications: number;
  webhookEvents: number;
  sessions: number;
  revokedTokens: number;
  passwordResetLinks: number;
  emailLinks: number;
  signInChallenges: number;
}

/**
 * Deletes up to `limit` rows of `table` matching `condition`, oldest first is not promised (none of
 * these tables is read by age once past its retention). Rows are picked by ctid, which every table
 * has whatever its key (processed_events' is two columns); the condition is checked again on the
 * DELETE itself, so a row changed meanwhile (a session seen again) is not taken on an old reading.
 */
async function deleteBatch(db: Db, table: PgTable, condition: SQL, limit: number): Promise<number> {
  const picked = db
    .select({ ctid: sql`ctid` })
    .from(table)
    .where(condition)
    .limit(limit);
  const deleted = await db
    .delete(table)
    .where(and(sql`ctid = any(array(${picked}))`, condition))
    .returning({ one: sql<number>`1` });
  return deleted.length;
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Notifications read more than the retention ago; an unread one stays however old it is. */
export function deleteReadNotifications(db: Db, before: Date, limit = RETENTION_BATCH) {
  return deleteBatch(
    db,
    notifications,
    and(isNotNull(notifications.readAt), lt(notifications.readAt, before))!,
    limit,
  );
}

/**
 * Webhook idempotency rows applied before `before`: a provider stops retrying an event long before
 * (Stripe after three days), so no copy of it can arrive to be applied twice.
 */
export function deleteWebhookEvents(db: Db, before: Date, limit = RETENTION_BATCH) {
  return deleteBatch(db, processedEvents, lt(processedEvents.processedAt, before), limit);
}

/**
 * The profile's list of sessions: a row ended (signed out, or ended from another device) or expired
 * before `before`. Its token's refusal does not depend on the row: it is in revoked_sessions.
 */
export function deleteEndedSessions(db: Db, before: Date, limit = RETENTION_BATCH) {
  return deleteBatch(
    db,
    accountSessions,
    or(lt(accountSessions.endedAt, before), lt(accountSessions.expiresAt, before))!,
    limit,
  );
}

/** A revoked token's row past the token's own expiry refuses nothing any more. */
export function deleteLapsedRevocations(db: Db, now: Date, limit = RETENTION_BATCH) {
  return deleteBatch(db, revokedSessions, lt(revokedSessions.expiresAt, now), limit);
}

/**
 * Reset and e-mail links spent or expired before `before`. A link is used before it expires (an
 * hour for a reset, a day for an e-mail), so its expiry is the later of the two and the only one
 * to test; its index serves the DELETE.
 */
export function deleteSpentPasswordResetLinks(db: Db, before: Date, limit = RETENTION_BATCH) {
  return deleteBatch(db, passwordResetTokens, lt(passwordResetTokens.expiresAt, before), limit);
}

export function deleteSpentEmailLinks(db: Db, before: Date, limit = RETENTION_BATCH) {
  return deleteBatch(
    db,
    emailVerificationTokens,
    lt(emailVerificationTokens.expiresAt, before),
    limit,
  );
}

/**
 * A two-step sign-in's first step, expired: it opens nothing any more (it lives minutes), so it
 * goes at the first run after. The sign-in itself no longer deletes them, which on a busy site had
 * every sign-in contend for the same expired rows.
 */
export function deleteExpiredSignInChallenges(db: Db, now: Date, limit = RETENTION_BATCH) {
  return deleteBatch(db, signInChallenges, lt(signInChallenges.expiresAt, now), limit);
}

/**
 * The scheduled clean-up of the tables that would otherwise only grow, one bounded DELETE each per
 * run, with the retentions of RETENTION_* (config.retention). Abandoned uploads have their own
 * sweep (videos/orphan-videos.ts), pg-boss's finished jobs their queue option (jobs/job-queue.ts);
 * the ledger and the audit log are kept for good. Each DELETE is its own statement, so one table's
 * batch never waits on another's locks.
 */
export async function sweepRetention(
  deps: Pick<AppDeps, 'database' | 'config' | 'logger'>,
  now = new Date(),
): Promise<RetentionSweep> {
  const db = deps.database.db;
  const { readNotificationsDays, webhookEventsDays, sessionsDays } = deps.config.retention;
  const sessionsBefore = daysBefore(now, sessionsDays);
  const swept: RetentionSweep = {
    readNotifications: await deleteReadNotifications(db, daysBefore(now, readNotificationsDays)),
    webhookEvents: await deleteWebhookEvents(db, daysBefore(now, webhookEventsDays)),
    sessions: await deleteEndedSessions(db, sessionsBefore),
    revokedTokens: await deleteLapsedRevocations(db, now),
    passwordResetLinks: await deleteSpentPasswordResetLinks(db, sessionsBefore),
    emailLinks: await deleteSpentEmailLinks(db, sessionsBefore),
    signInChallenges: await deleteExpiredSignInChallenges(db, now),
  };
  if (Object.values(swept).some((n) => n > 0)) deps.logger.info(swept, 'limpeza por retenção');
  return swept;
}
