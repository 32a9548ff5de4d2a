import { and, eq, gt, isNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { passwordResetTokens, revokedSessions } from '../../db/schema/account-tokens';
import { users, type UserRow } from '../../db/schema/users';
import type { SessionClaims, SessionStore } from '../../providers/auth-provider';
import {
  endAllSessionRows,
  endSessionRowByToken,
  markEmailVerified,
} from '../account-security/account-security.repository';

/** The account at the token's version, not signed out: one prepared query. */
const sessionUser = prepared('session_user', (db) =>
  db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        eq(users.sessionVersion, sql.placeholder('version')),
        notExists(
          db
            .select({ one: sql`1` })
            .from(revokedSessions)
            .where(eq(revokedSessions.tokenId, sql.placeholder('tokenId'))),
        ),
      ),
    )
    .limit(1),
);

/** One query per authenticated request (the session cache answers most of them). */
export function createSessionStore(db: Db): SessionStore {
  return {
    findSessionUser: async ({ userId, version, tokenId }) => {
      const [row] = await sessionUser(db).execute({ userId, version, tokenId });
      return row ?? null;
    },
  };
}

/** Signs one session out; lapsed revocations go in the hourly clean-up (modules/retention). */
export async function revokeSession(db: Db, claims: SessionClaims): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(revokedSessions)
      .values({ tokenId: claims.tokenId, userId: claims.userId, expiresAt: claims.expiresAt })
      .onConflictDoNothing();
    await endSessionRowByToken(tx, claims.tokenId);
  });
}

export async function insertPasswordResetToken(
  db: Db,
  reset: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(reset);
}

/** The account a reset token opens, while it is unused and unexpired. */
export async function findUsableResetToken(
  db: Db,
  tokenHash: string,
): Promise<{ userId: string } | null> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Uses the token and sets the password in one transaction: the conditional update lets exactly one
 * of two concurrent resets with the same link win. Every other open link of the account dies with
 * it, and the raised session version signs the account out everywhere. Null when the link was
 * used or expired meanwhile.
 */
export async function resetPasswordWithToken(
  db: Db,
  tokenHash: string,
  passwordHash: string,
): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) return null;
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
    // The link reached the account's address and was used: that proves the address as well.
    await markEmailVerified(tx, used.userId);
    return setPassword(tx, used.userId, passwordHash);
  });
}

/**
 * New password, new session version: every token issued before stops working, and so does every
 * reset link still open (one mailed before the change must not undo it).
 */
export async function setPassword(
  db: Db,
  userId: string,
  passwordHash: string,
): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, userId))
      .returning();
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await endAllSessionRows(tx, userId);
    return row ?? null;
  });
}

export async function updateProfile(
  db: Db,
  userId: string,
  changes: { name?: string; imageUrl?: string },
): Promise<UserRow | null> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row ?? null;
}
