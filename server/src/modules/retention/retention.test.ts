import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { accountSessions, emailVerificationTokens } from '../../db/schema/account-security';
import { passwordResetTokens, revokedSessions } from '../../db/schema/account-tokens';
import { notifications } from '../../db/schema/notifications';
import { processedEvents } from '../../db/schema/processed-events';
import { signInChallenges } from '../../db/schema/staff';
import { queueSchemaOf } from '../jobs/job-queue';
import { createTestContext, type TestContext } from '../../test/test-app';
import {
  RETENTION_SWEEP,
  deleteReadNotifications,
  deleteWebhookEvents,
  sweepRetention,
} from './retention';

let ctx: TestContext;
beforeAll(async () => {
  // Retentions unlike the defaults, so a clean-up that ignored its setting would be caught.
  ctx = await createTestContext({
    RETENTION_READ_NOTIFICATIONS_DAYS: '60',
    RETENTION_WEBHOOK_EVENTS_DAYS: '10',
    RETENTION_SESSIONS_DAYS: '20',
    RETENTION_JOBS_DAYS: '3',
  });
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;
// A fixed "now" far from the real one: every row's age is explicit, nothing depends on the clock.
const now = new Date('2030-06-15T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const daysAhead = (days: number) => new Date(now.getTime() + days * DAY);

let seq = 0;
const unique = (prefix: string) => `${prefix}-${++seq}`;

async function notification(userId: string, createdAt: Date, readAt: Date | null) {
  const [row] = await ctx.database.db
    .insert(notifications)
    .values({ userId, kind: 'payout_paid', subjectId: crypto.randomUUID(), createdAt, readAt })
    .returning({ id: notifications.id });
  return row!.id;
}

async function webhookEvent(processedAt: Date) {
  const eventId = unique('evt');
  await ctx.database.db
    .insert(processedEvents)
    .values({ provider: 'stripe', eventId, processedAt });
  return eventId;
}

async function session(
  userId: string,
  times: { createdAt: Date; expiresAt: Date; endedAt?: Date; lastSeenAt?: Date },
) {
  const [row] = await ctx.database.db
    .insert(accountSessions)
    .values({ userId, tokenId: unique('jti'), lastSeenAt: times.createdAt, ...times })
    .returning({ id: accountSessions.id });
  return row!.id;
}

async function resetLink(userId: string, expiresAt: Date, usedAt: Date | null = null) {
  const tokenHash = unique('reset');
  await ctx.database.db.insert(passwordResetTokens).values({
    tokenHash,
    userId,
    expiresAt,
    usedAt,
    createdAt: new Date(expiresAt.getTime() - 60 * 60 * 1000),
  });
  return tokenHash;
}

async function emailLink(userId: string, expiresAt: Date, usedAt: Date | null = null) {
  const tokenHash = unique('verify');
  await ctx.database.db.insert(emailVerificationTokens).values({
    tokenHash,
    userId,
    email: 'nova@example.test',
    expiresAt,
    usedAt,
    createdAt: new Date(expiresAt.getTime() - DAY),
  });
  return tokenHash;
}

async function signInChallenge(userId: string, expiresAt: Date) {
  const challengeHash = unique('challenge');
  await ctx.database.db.insert(signInChallenges).values({ challengeHash, userId, expiresAt });
  return challengeHash;
}

async function revocation(userId: string, expiresAt: Date) {
  const tokenId = unique('revoked');
  await ctx.database.db.insert(revokedSessions).values({ tokenId, userId, expiresAt });
  return tokenId;
}

describe('the scheduled clean-ups', () => {
  it('when the sweep runs, then exactly the rows past their retention go: unread notices, open sessions, recent events and links stay', async () => {
    const { user } = await ctx.createUser();
    const db = ctx.database.db;

    // Notifications: 60 days after being read.
    const readLongAgo = await notification(user.id, daysAgo(200), daysAgo(61));
    const readRecently = await notification(user.id, daysAgo(200), daysAgo(59));
    const unreadAncient = await notification(user.id, daysAgo(400), null);

    // Webhook events: 10 days after being applied.
    const oldEvent = await webhookEvent(daysAgo(11));
    const recentEvent = await webhookEvent(daysAgo(9));

    // Sessions: 20 days after ending or expiring.
    const endedLongAgo = await session(user.id, {
      createdAt: daysAgo(40),
      endedAt: daysAgo(21),
      expiresAt: daysAhead(10),
    });
    const expiredLongAgo = await session(user.id, {
      createdAt: daysAgo(60),
      expiresAt: daysAgo(21),
    });
    const endedRecently = await session(user.id, {
      createdAt: daysAgo(40),
      endedAt: daysAgo(19),
      expiresAt: daysAhead(10),
    });
    const expiredRecently = await session(user.id, {
      createdAt: daysAgo(50),
      expiresAt: daysAgo(19),
    });
    const open = await session(user.id, { createdAt: daysAgo(300), expiresAt: daysAhead(5) });

    // Links: 20 days after being used or expiring.
    const oldReset = await resetLink(user.id, daysAgo(21), daysAgo(21.01));
    const oldUnusedReset = await resetLink(user.id, daysAgo(25));
    const recentReset = await resetLink(user.id, daysAgo(19), daysAgo(19.01));
    const liveReset = await resetLink(user.id, new Date(now.getTime() + 30 * 60 * 1000));
    const oldEmail = await emailLink(user.id, daysAgo(21), daysAgo(21.5));
    const recentEmail = await emailLink(user.id, daysAgo(19));
    const liveEmail = await emailLink(user.id, daysAhead(1));

    // Revocations refuse their token until it expires, then nothing.
    const lapsedRevocation = await revocation(user.id, daysAgo(1));
    const liveRevocation = await revocation(user.id, daysAhead(1));

    // A two-step sign-in's first step opens nothing once expired.
    const expiredChallenge = await signInChallenge(user.id, new Date(now.getTime() - 60_000));
    const liveChallenge = await signInChallenge(user.id, new Date(now.getTime() + 60_000));

    expect(await sweepRetention(ctx.deps, now)).toEqual({
      readNotifications: 1,
      webhookEvents: 1,
      sessions: 2,
      revokedTokens: 1,
      passwordResetLinks: 2,
      emailLinks: 1,
      signInChallenges: 1,
    });

    const ids = async <T extends { [k: string]: string }>(rows: Promise<T[]>, key: keyof T) =>
      (await rows).map((r) => r[key]).sort();
    expect(
      await ids(
        db
          .select({ id: notifications.id })
          .from(notifications)
          .where(inArray(notifications.id, [readLongAgo, readRecently, unreadAncient])),
        'id',
      ),
    ).toEqual([readRecently, unreadAncient].sort());
    expect(
      await ids(
        db
          .select({ id: processedEvents.eventId })
          .from(processedEvents)
          .where(inArray(processedEvents.eventId, [oldEvent, recentEvent])),
        'id',
      ),
    ).toEqual([recentEvent]);
    expect(
      await ids(
        db
          .select({ id: accountSessions.id })
          .from(accountSessions)
          .where(
            inArray(accountSessions.id, [
              endedLongAgo,
              expiredLongAgo,
              endedRecently,
              expiredRecently,
              open,
            ]),
          ),
        'id',
      ),
    ).toEqual([endedRecently, expiredRecently, open].sort());
    expect(
      await ids(
        db
          .select({ id: passwordResetTokens.tokenHash })
          .from(passwordResetTokens)
          .where(
            inArray(passwordResetTokens.tokenHash, [
              oldReset,
              oldUnusedReset,
              recentReset,
              liveReset,
            ]),
          ),
        'id',
      ),
    ).toEqual([recentReset, liveReset].sort());
    expect(
      await ids(
        db
          .select({ id: emailVerificationTokens.tokenHash })
          .from(emailVerificationTokens)
          .where(inArray(emailVerificationTokens.tokenHash, [oldEmail, recentEmail, liveEmail])),
        'id',
      ),
    ).toEqual([recentEmail, liveEmail].sort());
    expect(
      await ids(
        db
          .select({ id: revokedSessions.tokenId })
          .from(revokedSessions)
          .where(inArray(revokedSessions.tokenId, [lapsedRevocation, liveRevocation])),
        'id',
      ),
    ).toEqual([liveRevocation]);
    expect(
      await ids(
        db
          .select({ id: signInChallenges.challengeHash })
          .from(signInChallenges)
          .where(inArray(signInChallenges.challengeHash, [expiredChallenge, liveChallenge])),
        'id',
      ),
    ).toEqual([liveChallenge]);

    // A second run finds nothing more to do.
    expect(Object.values(await sweepRetention(ctx.deps, now))).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('when more rows are past their retention than a batch holds, then one run deletes a batch and the next runs the rest', async () => {
    const db = ctx.database.db;
    const old = [await webhookEvent(daysAgo(40)), await webhookEvent(daysAgo(41))];
    const third = await webhookEvent(daysAgo(42));
    const before = daysAgo(10);

    expect(await deleteWebhookEvents(db, before, 2)).toBe(2);
    const left = await db
      .select({ id: processedEvents.eventId })
      .from(processedEvents)
      .where(inArray(processedEvents.eventId, [...old, third]));
    expect(left).toHaveLength(1);
    expect(await deleteWebhookEvents(db, before, 2)).toBe(1);
    expect(await deleteWebhookEvents(db, before, 2)).toBe(0);
  });

  it('whatever the notices and the batch size, then runs until nothing is left delete exactly the read ones past the retention', async () => {
    const { user } = await ctx.createUser();
    const db = ctx.database.db;
    const before = daysAgo(60);
    await fc.assert(
      fc.asyncProperty(
        // Days since each notice was read (null: unread), around the retention on both sides.
        fc.array(fc.option(fc.integer({ min: 0, max: 120 * 24 }).map((h) => h / 24)), {
          maxLength: 12,
        }),
        fc.integer({ min: 1, max: 5 }),
        async (readDaysAgo, batch) => {
          await db.delete(notifications).where(eq(notifications.userId, user.id));
          const kept: string[] = [];
          for (const days of readDaysAgo) {
            const id = await notification(
              user.id,
              daysAgo(200),
              days === null ? null : daysAgo(days),
            );
            if (days === null || days <= 60) kept.push(id);
          }
          while ((await deleteReadNotifications(db, before, batch)) > 0) {
            // Each run takes at most a batch; the loop is the hours that follow.
          }
          const left = await db
            .select({ id: notifications.id })
            .from(notifications)
            .where(eq(notifications.userId, user.id));
          expect(left.map((r) => r.id).sort()).toEqual(kept.sort());
        },
      ),
      { seed: 48, numRuns: 20 },
    );
  });

  it('when the queue starts, then the clean-up is scheduled and pg-boss deletes finished jobs after RETENTION_JOBS_DAYS', async () => {
    const schema = queueSchemaOf(ctx.database.queueConnection);
    const result = await ctx.database.db.execute(
      sql`select name, deletion_seconds from ${sql.identifier(schema)}.queue where name = ${RETENTION_SWEEP}`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { name: RETENTION_SWEEP, deletion_seconds: 3 * 24 * 60 * 60 },
    ]);
  });
});
