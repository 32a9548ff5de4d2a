import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  signInChallenges,
  twoStepRecoveryCodes,
  twoStepSecrets,
  type TwoStepSecretRow,
} from '../../db/schema/staff';

export async function findTwoStepSecret(db: Db, userId: string): Promise<TwoStepSecretRow | null> {
  const [row] = await db
    .select()
    .from(twoStepSecrets)
    .where(eq(twoStepSecrets.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function isTwoStepEnabled(db: Db, userId: string): Promise<boolean> {
  const row = await findTwoStepSecret(db, userId);
  return row?.enabledAt != null;
}

/** A new secret waiting for its first code; replaces any earlier one not yet confirmed. */
export async function savePendingSecret(db: Db, userId: string, secret: string): Promise<boolean> {
  const saved = await db
    .insert(twoStepSecrets)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: twoStepSecrets.userId,
      set: { secret, failedCodes: 0, failuresSince: null, lastTimeStep: null },
      setWhere: isNull(twoStepSecrets.enabledAt),
    })
    .returning({ userId: twoStepSecrets.userId });
  return saved.length === 1;
}

/** Turns two-step on with its first accepted step and the hashes of fresh recovery codes. */
export async function enableTwoStep(
  db: Db,
  userId: string,
  timeStep: number,
  recoveryCodeHashes: readonly string[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(twoStepSecrets)
      .set({ enabledAt: sql`now()`, lastTimeStep: timeStep, failedCodes: 0, failuresSince: null })
      .where(and(eq(twoStepSecrets.userId, userId), isNull(twoStepSecrets.enabledAt)))
      .returning({ userId: twoStepSecrets.userId });
    if (!enabled) return false;
    await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
    await tx
      .insert(twoStepRecoveryCodes)
      .values(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash })));
    return true;
  });
}

export async function disableTwoStep(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
    await tx.delete(twoStepSecrets).where(eq(twoStepSecrets.userId, userId));
  });
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(twoStepRecoveryCodes)
    .where(and(eq(twoStepRecoveryCodes.userId, userId), isNull(twoStepRecoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/**
 * Accepts a TOTP step once: the conditional update lets exactly one of two requests carrying the
 * same code win, on any instance.
 */
export async function claimTimeStep(db: Db, userId: string, timeStep: number): Promise<boolean> {
  const claimed = await db
    .update(twoStepSecrets)
    .set({ lastTimeStep: timeStep, failedCodes: 0, failuresSince: null })
    .where(
      and(
        eq(twoStepSecrets.userId, userId),
        or(isNull(twoStepSecrets.lastTimeStep), lt(twoStepSecrets.lastTimeStep, timeStep)),
      ),
    )
    .returning({ userId: twoStepSecrets.userId });
  return claimed.length === 1;
}

/** Uses a recovery code once; false when it is unknown or was used. */
export async function claimRecoveryCode(
  db: Db,
  userId: string,
  codeHash: string,
): Promise<boolean> {
  const claimed = await db
    .update(twoStepRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(twoStepRecoveryCodes.userId, userId),
        eq(twoStepRecoveryCodes.codeHash, codeHash),
        isNull(twoStepRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: twoStepRecoveryCodes.userId });
  if (claimed.length === 1) {
    await db
      .update(twoStepSecrets)
      .set({ failedCodes: 0, failuresSince: null })
      .where(eq(twoStepSecrets.userId, userId));
  }
  return claimed.length === 1;
}

/**
 * Counts one wrong code in the current window (a new window starts when the last one is over) and
 * answers how many wrong codes the window holds now.
 */
export async function recordWrongCode(db: Db, userId: string, windowMs: number): Promise<number> {
  const windowStart = sql`now() - make_interval(secs => ${windowMs / 1000})`;
  const [row] = await db
    .update(twoStepSecrets)
    .set({
      failedCodes: sql`case when ${twoStepSecrets.failuresSince} is null or ${twoStepSecrets.failuresSince} < ${windowStart} then 1 else ${twoStepSecrets.failedCodes} + 1 end`,
      failuresSince: sql`case when ${twoStepSecrets.failuresSince} is null or ${twoStepSecrets.failuresSince} < ${windowStart} then now() else ${twoStepSecrets.failuresSince} end`,
    })
    .where(eq(twoStepSecrets.userId, userId))
    .returning({ failedCodes: twoStepSecrets.failedCodes });
  return row?.failedCodes ?? 0;
}

/** Wrong codes in the window still open (0 once it is over). */
export async function wrongCodesInWindow(
  db: Db,
  userId: string,
  windowMs: number,
): Promise<number> {
  const [row] = await db
    .select({ failedCodes: twoStepSecrets.failedCodes })
    .from(twoStepSecrets)
    .where(
      and(
        eq(twoStepSecrets.userId, userId),
        gt(twoStepSecrets.failuresSince, sql`now() - make_interval(secs => ${windowMs / 1000})`),
      ),
    )
    .limit(1);
  return row?.failedCodes ?? 0;
}

export async function insertSignInChallenge(
  db: Db,
  challenge: { challengeHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(signInChallenges).values(challenge);
}

/** The account a challenge stands for, while it is unexpired. */
export async function findSignInChallenge(
  db: Db,
  challengeHash: string,
): Promise<{ userId: string } | null> {
  const [row] = await db
    .select({ userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.challengeHash, challengeHash),
        gt(signInChallenges.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Ends a challenge; false when another request ended it first. */
export async function consumeSignInChallenge(db: Db, challengeHash: string): Promise<boolean> {
  const gone = await db
    .delete(signInChallenges)
    .where(eq(signInChallenges.challengeHash, challengeHash))
    .returning({ userId: signInChallenges.userId });
  return gone.length === 1;
}
