import type { EducatorTitle } from '@aprendiz/contract/rules/educator-title';
import { and, desc, eq, ne, notExists, sql } from 'drizzle-orm';
import type { Role } from '@aprendiz/contract/auth';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { deletedAccounts } from '../../db/schema/deleted-accounts';
import { enrollments } from '../../db/schema/enrollments';
import { users, type NewUserRow, type UserRow } from '../../db/schema/users';
import type { UserIdentity, UserStore } from '../../providers/user-store';
import { appendAudit } from '../admin/audit.repository';

/** The user's row, unless the provider deleted the account (an anonymised row may remain). */
export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, id),
        notExists(
          db
            .select({ userId: deletedAccounts.userId })
            .from(deletedAccounts)
            .where(eq(deletedAccounts.userId, id)),
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function isDeletedAccount(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: deletedAccounts.userId })
    .from(deletedAccounts)
    .where(eq(deletedAccounts.userId, id))
    .limit(1);
  return row !== undefined;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

export async function insertUser(db: Db, user: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  return row!;
}

/**
 * Serializes the writes to one provider account until the transaction ends: a deletion and a
 * first sign-in (or two events) for the same id cannot interleave and bring a deleted account back.
 */
async function lockAccount(db: Db, id: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${id}, 0))`);
}

/** A state as of `changedAt` is older than the stored one; an unknown time never overrides a known one. */
function isOlder(changedAt: Date | null, stored: Date | null): boolean {
  return stored !== null && (changedAt === null || changedAt < stored);
}

export type MirrorResult = { status: 'saved' | 'stale'; row: UserRow } | { status: 'deleted' };

/**
 * Creates or refreshes the mirror of a provider account from its state as of `changedAt`, unless
 * the account was deleted or the row already holds a newer state (events can arrive out of
 * order). Clerk keeps e-mails unique among live accounts, so another row still holding this e-mail
 * is stale (a deletion or change we never heard of): its e-mail is parked on a reserved domain
 * instead of refusing the live account. Run it inside a transaction.
 */
export async function mirrorProviderAccount(
  db: Db,
  identity: UserIdentity,
  changedAt: Date | null,
): Promise<MirrorResult> {
  await lockAccount(db, identity.id);
  if (await isDeletedAccount(db, identity.id)) return { status: 'deleted' };
  const [current] = await db.select().from(users).where(eq(users.id, identity.id)).limit(1);
  if (current && isOlder(changedAt, current.providerUpdatedAt)) {
    return { status: 'stale', row: current };
  }
  await db
    .update(users)
    .set({ email: sql`lower(${users.id}) || '@released.invalid'` })
    .where(and(eq(users.email, identity.email), ne(users.id, identity.id)));
  const providerUpdatedAt = changedAt ?? current?.providerUpdatedAt ?? null;
  const [row] = await db
    .insert(users)
    .values({ ...identity, providerUpdatedAt })
    .onConflictDoUpdate({
      target: users.id,
      set: {
        name: identity.name,
        email: identity.email,
        imageUrl: identity.imageUrl,
        role: identity.role,
        ...(identity.staffRole !== undefined ? { staffRole: identity.staffRole } : {}),
        providerUpdatedAt,
      },
    })
    .returning();
  const staffBefore = current?.staffRole ?? null;
  if (identity.staffRole !== undefined && identity.staffRole !== staffBefore) {
    // Every role change is audited, with the change: here the provider is who acted.
    await appendAudit(db, {
      actorId: null,
      action: 'user.role',
      targetType: 'user',
      targetId: identity.id,
      before: { staffRole: staffBefore },
      after: { staffRole: identity.staffRole, reason: 'Clerk' },
    });
  }
  return { status: 'saved', row: row! };
}

/**
 * Records that the provider deleted the account, then removes its row; true when this is news.
 * The record keeps its still-valid tokens and late events from bringing it back. Run it inside a
 * transaction.
 */
export async function deleteProviderAccount(db: Db, id: string): Promise<boolean> {
  await lockAccount(db, id);
  const recorded = await db
    .insert(deletedAccounts)
    .values({ userId: id })
    .onConflictDoNothing()
    .returning({ userId: deletedAccounts.userId });
  const removal = await removeUser(db, id);
  return recorded.length > 0 || removal !== 'absent';
}

export type UserRemoval = 'deleted' | 'anonymised' | 'absent';

/**
 * Deletes a user and (by cascade) their enrollments, progress, ratings and purchases. An educator's
 * courses must stay up for the students who bought them, so an educator who owns any keeps an
 * anonymous row instead.
 */
export async function removeUser(db: Db, id: string): Promise<UserRemoval> {
  // A closing (or closed) account is the privacy module's: its retirement keeps the purchase and
  // public rows a delete would cascade away, and pseudonymises the row instead.
  const [closing] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        sql`(${users.retiredAt} is not null or ${users.deletionScheduledFor} is not null)`,
      ),
    )
    .limit(1);
  if (closing) return 'anonymised';
  const [ownsCourses] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.educatorId, id))
    .limit(1);
  if (ownsCourses) {
    const anonymised = await db
      .update(users)
      .set({
        name: 'Conta removida',
        email: sql`lower(${users.id}) || '@deleted.invalid'`,
        imageUrl: '',
        passwordHash: null,
      })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    return anonymised.length > 0 ? 'anonymised' : 'absent';
  }
  const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length > 0 ? 'deleted' : 'absent';
}

/**
 * The one guard for every role we write through the provider (educator, staff): the row remembers
 * when the provider recorded our change (`changedAt`, its answer; null leaves the row's time), and
 * mirrorProviderAccount ignores any state older than that, so a late or in-flight event carrying the
 * old role cannot revert it while a genuinely newer one still applies. Spread into the update's set.
 */
export function providerChangeAt(changedAt: Date | null) {
  // greatest() skips a null stored time, and never moves the row back to an older state.
  return changedAt
    ? {
        providerUpdatedAt: sql`greatest(${users.providerUpdatedAt}, ${changedAt.toISOString()}::timestamptz)`,
      }
    : {};
}

/** Sets the role; `changedAt` as providerChangeAt has it. */
export async function updateEducatorTitle(
  db: Db,
  id: string,
  educatorTitle: EducatorTitle,
): Promise<void> {
  await db.update(users).set({ educatorTitle }).where(eq(users.id, id));
}

export async function setUserRole(
  db: Db,
  id: string,
  role: Role,
  changedAt: Date | null = null,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ role, ...providerChangeAt(changedAt) })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/** Course ids the user is enrolled in, most recent enrollment first. */
export async function findEnrolledCourseIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ courseId: enrollments.courseId })
    .from(enrollments)
    .where(eq(enrollments.userId, userId))
    .orderBy(desc(enrollments.enrolledAt), desc(enrollments.courseId));
  return rows.map((row) => row.courseId);
}

/** The users table as the sign-in providers see it. */
export function createUserStore(db: Db): UserStore {
  return {
    findById: (id) => findUserById(db, id),
    isDeleted: (id) => isDeletedAccount(db, id),
    saveIdentity: async (identity, changedAt) => {
      const result = await db.transaction((tx) => mirrorProviderAccount(tx, identity, changedAt));
      return result.status === 'deleted' ? null : result.row;
    },
  };
}
