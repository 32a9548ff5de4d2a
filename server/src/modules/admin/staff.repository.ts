import { eq, sql } from 'drizzle-orm';
import type { StaffRole } from '@aprendiz/contract/staff';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema/users';
import { providerChangeAt } from '../users/users.repository';
import { appendAudit } from './audit.repository';

/** Who acted, and from where, for the audit row of what they do. */
export interface Actor {
  id: string | null;
  address: string | null;
}

async function lockUser(tx: Db, userId: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row ?? null;
}

/** Why a staff role changed, beyond who changed it. */
export interface StaffRoleChange {
  /** Kept in the audit row: where a change the platform made came from ('ADMIN_EMAILS', …). */
  reason?: string | null;
  /** When the sign-in provider recorded the change (Clerk's answer), as providerChangeAt has it. */
  changedAt?: Date | null;
}

/**
 * Sets (or removes, null) a person's staff role, with its audit row, in one transaction. Null when
 * the person does not exist; the row unchanged when the role already was that one (save that the
 * provider's time is still recorded: an older event must not undo what was just asked for).
 */
export async function setStaffRole(
  db: Db,
  actor: Actor,
  userId: string,
  role: StaffRole | null,
  { reason = null, changedAt = null }: StaffRoleChange = {},
): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const before = await lockUser(tx, userId);
    if (!before) return null;
    const unchanged = before.staffRole === role;
    if (unchanged && !changedAt) return before;
    const [after] = await tx
      .update(users)
      .set({ staffRole: role, ...providerChangeAt(changedAt) })
      .where(eq(users.id, userId))
      .returning();
    if (unchanged) return after!;
    await appendAudit(tx, {
      actorId: actor.id,
      action: 'user.role',
      targetType: 'user',
      targetId: userId,
      before: { staffRole: before.staffRole },
      after: { staffRole: role, ...(reason ? { reason } : {}) },
      address: actor.address,
    });
    return after!;
  });
}

export type SuspensionOutcome =
  | { status: 'done'; user: UserRow }
  | { status: 'missing' }
  | { status: 'unchanged'; user: UserRow };

/**
 * Suspends an account: the raised session version ends every session it has, on every instance
 * (the users trigger announces the change), and sign-in refuses it, saying why.
 */
export async function suspendUser(
  db: Db,
  actor: Actor,
  userId: string,
  reason: string,
): Promise<SuspensionOutcome> {
  return db.transaction(async (tx) => {
    const before = await lockUser(tx, userId);
    if (!before) return { status: 'missing' };
    if (before.suspendedAt) return { status: 'unchanged', user: before };
    const [after] = await tx
      .update(users)
      .set({
        suspendedAt: sql`now()`,
        suspensionReason: reason,
        sessionVersion: sql`${users.sessionVersion} + 1`,
      })
      .where(eq(users.id, userId))
      .returning();
    await appendAudit(tx, {
      actorId: actor.id,
      action: 'user.suspend',
      targetType: 'user',
      targetId: userId,
      before: { suspended: false },
      after: { suspended: true, reason },
      address: actor.address,
    });
    return { status: 'done', user: after! };
  });
}

export async function reinstateUser(
  db: Db,
  actor: Actor,
  userId: string,
): Promise<SuspensionOutcome> {
  return db.transaction(async (tx) => {
    const before = await lockUser(tx, userId);
    if (!before) return { status: 'missing' };
    if (!before.suspendedAt) return { status: 'unchanged', user: before };
    const [after] = await tx
      .update(users)
      .set({ suspendedAt: null, suspensionReason: null })
      .where(eq(users.id, userId))
      .returning();
    await appendAudit(tx, {
      actorId: actor.id,
      action: 'user.reinstate',
      targetType: 'user',
      targetId: userId,
      before: { suspended: true, reason: before.suspensionReason },
      after: { suspended: false },
      address: actor.address,
    });
    return { status: 'done', user: after! };
  });
}
