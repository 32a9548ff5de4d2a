import { and, desc, eq, gt, isNull, lt, ne, notExists, sql } from 'drizzle-orm';
import { arrayParam } from '../../db/array-param';
import type { Db } from '../../db/client';
import { passwordResetTokens, revokedSessions } from '../../db/schema/account-tokens';
import {
  CONSENT_WORDING,
  type ConsentSource,
  type ConsentTopic,
} from '@aprendiz/contract/account-security';
import {
  accountSessions,
  emailVerificationTokens,
  mailConsents,
  type AccountSessionRow,
} from '../../db/schema/account-security';
import { users, type UserRow } from '../../db/schema/users';

// ---- e-mail confirmation links ----

export async function insertVerificationToken(
  db: Db,
  link: { tokenHash: string; userId: string; email: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailVerificationTokens).values(link);
  await db
    .delete(emailVerificationTokens)
    .where(lt(emailVerificationTokens.expiresAt, sql`now() - interval '1 day'`));
}

/** When the account's recent links were made, newest first: what 'Reenviar' is limited by. */
export async function findRecentLinkTimes(db: Db, userId: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: emailVerificationTokens.createdAt })
    .from(emailVerificationTokens)
    .where(
      and(eq(emailVerificationTokens.userId, userId), gt(emailVerificationTokens.createdAt, since)),
    )
    .orderBy(desc(emailVerificationTokens.createdAt));
  return rows.map((r) => r.createdAt);
}

/** A usable link's facts, for its mail: its address, and the account's name and address now. */
export async function findUsableLink(
  db: Db,
  tokenHash: string,
): Promise<{ email: string; userId: string; name: string; accountEmail: string } | null> {
  const [row] = await db
    .select({
      email: emailVerificationTokens.email,
      userId: users.id,
      name: users.name,
      accountEmail: users.email,
    })
    .from(emailVerificationTokens)
    .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
    .where(
      and(
        eq(emailVerificationTokens.tokenHash, tokenHash),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Uses a link: exactly one of two concurrent uses wins. Null when used, expired or unknown. */
export async function useLink(
  tx: Db,
  tokenHash: string,
): Promise<{ userId: string; email: string } | null> {
  const [row] = await tx
    .update(emailVerificationTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailVerificationTokens.tokenHash, tokenHash),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
  return row ?? null;
}

/** Voids the account's other open links: for `email` only, or all of them when it is omitted. */
export async function voidOpenLinks(tx: Db, userId: string, email?: string): Promise<void> {
  await tx
    .update(emailVerificationTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailVerificationTokens.userId, userId),
        isNull(emailVerificationTokens.usedAt),
        email === undefined ? undefined : eq(emailVerificationTokens.email, email),
      ),
    );
}

/** The newest open link to an address other than the account's: a change waiting to be confirmed. */
export async function findPendingEmail(db: Db, user: UserRow): Promise<string | null> {
  const [row] = await db
    .select({ email: emailVerificationTokens.email })
    .from(emailVerificationTokens)
    .where(
      and(
        eq(emailVerificationTokens.userId, user.id),
        ne(emailVerificationTokens.email, user.email),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(emailVerificationTokens.createdAt))
    .limit(1);
  return row?.email ?? null;
}

/** Locks the account's row for the rest of the transaction (serialises its mail requests). */
export async function lockUser(tx: Db, userId: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row ?? null;
}

export async function markEmailVerified(tx: Db, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}

/**
 * The confirmed new address replaces the old one. Reset links mailed to the old address die with
 * it: they must not open an account that address no longer names.
 */
export async function replaceEmail(tx: Db, userId: string, email: string): Promise<void> {
  await tx
    .update(users)
    .set({ email, emailVerifiedAt: sql`now()` })
    .where(eq(users.id, userId));
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function emailBelongsToAnother(
  db: Db,
  email: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

// ---- sessions ----

export async function insertSessionRow(
  db: Db,
  session: {
    tokenId: string;
    userId: string;
    userAgent: string;
    address: string;
    expiresAt: Date;
    /** The token this one replaces on the same device: its first-seen time carries over. */
    replacesTokenId?: string;
  },
): Promise<void> {
  const { replacesTokenId, ...row } = session;
  const firstSeen = replacesTokenId
    ? sql`coalesce((select ${accountSessions.createdAt} from ${accountSessions} where ${accountSessions.tokenId} = ${replacesTokenId}), now())`
    : sql`now()`;
  await db
    .insert(accountSessions)
    .values({ ...row, createdAt: firstSeen })
    .onConflictDoNothing();
}

/** The sessions still open: not ended, not expired, not signed out. */
export async function findOpenSessions(db: Db, userId: string): Promise<AccountSessionRow[]> {
  return db
    .select()
    .from(accountSessions)
    .where(
      and(
        eq(accountSessions.userId, userId),
        isNull(accountSessions.endedAt),
        gt(accountSessions.expiresAt, sql`now()`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(revokedSessions)
            .where(eq(revokedSessions.tokenId, accountSessions.tokenId)),
        ),
      ),
    )
    .orderBy(desc(accountSessions.lastSeenAt));
}

/**
 * Ends one open session of the account: its token is revoked (which the database announces to
 * every instance) in the same transaction. Null when there is no such open session.
 */
export async function endSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(accountSessions)
      .set({ endedAt: sql`now()` })
      .where(
        and(
          eq(accountSessions.id, sessionId),
          eq(accountSessions.userId, userId),
          isNull(accountSessions.endedAt),
        ),
      )
      .returning();
    if (!row) return false;
    await tx
      .insert(revokedSessions)
      .values({ tokenId: row.tokenId, userId, expiresAt: row.expiresAt })
      .onConflictDoNothing();
    return true;
  });
}

/** Marks the rows of every session of the account ended; counts those that were open, but `keep`. */
export async function endAllSessionRows(
  tx: Db,
  userId: string,
  keepTokenId?: string,
): Promise<number> {
  const rows = await tx
    .update(accountSessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(accountSessions.userId, userId), isNull(accountSessions.endedAt)))
    .returning({ tokenId: accountSessions.tokenId, expiresAt: accountSessions.expiresAt });
  const now = Date.now();
  return rows.filter((r) => r.tokenId !== keepTokenId && r.expiresAt.getTime() > now).length;
}

/** Marks the row of a signed-out token ended. */
export async function endSessionRowByToken(tx: Db, tokenId: string): Promise<void> {
  await tx
    .update(accountSessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(accountSessions.tokenId, tokenId), isNull(accountSessions.endedAt)));
}

/** New session version: every token issued before stops working, on every instance. */
export async function raiseSessionVersion(tx: Db, userId: string): Promise<UserRow | null> {
  const [row] = await tx
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

/** Each open session's last-seen time is now, at the address it was last used from. */
export async function touchSessions(db: Db, seen: ReadonlyMap<string, string>): Promise<void> {
  await db.execute(sql`update ${accountSessions} s
    set last_seen_at = now(), address = v.address
    from unnest(${arrayParam([...seen.keys()], 'text')}, ${arrayParam([...seen.values()], 'text')})
      as v(token_id, address)
    where s.token_id = v.token_id and s.ended_at is null`);
}

// ---- consent records ----

/** Appends one record per choice, with the words shown beside it. */
export async function appendConsents(
  db: Db,
  userId: string,
  choices: Partial<Record<ConsentTopic, boolean>>,
  source: ConsentSource,
): Promise<void> {
  const rows = (Object.entries(choices) as [ConsentTopic, boolean | undefined][])
    .filter((entry): entry is [ConsentTopic, boolean] => entry[1] !== undefined)
    .map(([topic, granted]) => ({
      userId,
      topic,
      granted,
      wording: CONSENT_WORDING[topic],
      source,
    }));
  if (rows.length > 0) await db.insert(mailConsents).values(rows);
}

/** The choice in force per topic: the latest record's (none: never chosen). */
export async function findLatestConsents(
  db: Db,
  userId: string,
): Promise<Partial<Record<ConsentTopic, boolean>>> {
  const rows = await db
    .selectDistinctOn([mailConsents.topic], {
      topic: mailConsents.topic,
      granted: mailConsents.granted,
    })
    .from(mailConsents)
    .where(eq(mailConsents.userId, userId))
    .orderBy(mailConsents.topic, desc(mailConsents.recordedAt), desc(mailConsents.id));
  return Object.fromEntries(rows.map((r) => [r.topic, r.granted]));
}
