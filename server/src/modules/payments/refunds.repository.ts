import { and, count, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { certificates } from '../../db/schema/certificates';
import { courses } from '../../db/schema/courses';
import { enrollments } from '../../db/schema/enrollments';
import { duplicatePayments, manualRefunds, type ManualRefundRow } from '../../db/schema/ledger';
import { purchases } from '../../db/schema/purchases';
import { ratings } from '../../db/schema/ratings';
import { users } from '../../db/schema/users';

/** The buyer's own refunds asked since `since`: the abuse limit counts them. */
export async function countRefundsSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), gt(purchases.refundRequestedAt, since)));
  return row?.n ?? 0;
}

/** Ends the enrollment; lecture progress stays, for a later purchase. */
export async function endEnrollment(tx: Db, userId: string, courseId: string): Promise<void> {
  await tx
    .delete(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
}

/**
 * A refunded learner's rating and review go with the enrollment: a course's stars describe the
 * people who kept it (as Udemy removes a refunded student's review). A learner who buys again
 * rates again.
 */
export async function withdrawRating(tx: Db, userId: string, courseId: string): Promise<void> {
  await tx.delete(ratings).where(and(eq(ratings.userId, userId), eq(ratings.courseId, courseId)));
}

export async function revokeCertificate(tx: Db, userId: string, courseId: string): Promise<void> {
  await tx
    .update(certificates)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(certificates.userId, userId),
        eq(certificates.courseId, courseId),
        isNull(certificates.revokedAt),
      ),
    );
}

/** A second payment of a purchase, to give back; recording it again changes nothing. */
export async function recordDuplicatePayment(
  tx: Db,
  payment: { providerRef: string; purchaseId: string; provider: string },
): Promise<void> {
  await tx.insert(duplicatePayments).values(payment).onConflictDoNothing();
}

/** The second payment made through `providerRef`, while its money is still owed back. */
export async function findUnrefundedDuplicate(
  db: Db,
  providerRef: string,
): Promise<{ purchaseId: string } | null> {
  const [row] = await db
    .select({ purchaseId: duplicatePayments.purchaseId })
    .from(duplicatePayments)
    .where(
      and(eq(duplicatePayments.providerRef, providerRef), isNull(duplicatePayments.refundedAt)),
    )
    .limit(1);
  return row ?? null;
}

export async function markDuplicateRefunded(db: Db, providerRef: string): Promise<void> {
  await db
    .update(duplicatePayments)
    .set({ refundedAt: sql`now()` })
    .where(
      and(eq(duplicatePayments.providerRef, providerRef), isNull(duplicatePayments.refundedAt)),
    );
}

export async function insertManualRefund(
  tx: Db,
  refund: Omit<ManualRefundRow, 'createdAt' | 'paidAt'>,
): Promise<void> {
  await tx.insert(manualRefunds).values(refund).onConflictDoNothing();
}

export interface ManualRefundView {
  purchaseId: string;
  destination: string | null;
  amount: string;
  currency: string;
  provider: string;
  method: string | null;
  createdAt: Date;
  paidAt: Date | null;
  buyerEmail: string | null;
  courseTitle: string | null;
}

/** Refunds waiting for an operator (or all of them), oldest first. */
export async function listManualRefunds(
  db: Db,
  options: { unpaidOnly: boolean },
): Promise<ManualRefundView[]> {
  return db
    .select({
      purchaseId: manualRefunds.purchaseId,
      destination: manualRefunds.destination,
      amount: manualRefunds.amount,
      currency: manualRefunds.currency,
      provider: manualRefunds.provider,
      method: manualRefunds.method,
      createdAt: manualRefunds.createdAt,
      paidAt: manualRefunds.paidAt,
      buyerEmail: users.email,
      courseTitle: courses.title,
    })
    .from(manualRefunds)
    .leftJoin(purchases, eq(purchases.id, manualRefunds.purchaseId))
    .leftJoin(users, eq(users.id, purchases.userId))
    .leftJoin(courses, eq(courses.id, purchases.courseId))
    .where(options.unpaidOnly ? isNull(manualRefunds.paidAt) : undefined)
    .orderBy(manualRefunds.createdAt);
}

/**
 * Sets where the buyer wants the money of their own unpaid manual refund; false when they have
 * none waiting (paid already, someone else's, or none at all).
 */
export async function setManualRefundDestination(
  tx: Db,
  refund: { purchaseId: string; userId: string; destination: string },
): Promise<boolean> {
  const changed = await tx
    .update(manualRefunds)
    .set({ destination: refund.destination })
    .where(
      and(
        eq(manualRefunds.purchaseId, refund.purchaseId),
        isNull(manualRefunds.paidAt),
        sql`exists (select 1 from ${purchases} p where p.id = ${manualRefunds.purchaseId}
          and p.user_id = ${refund.userId})`,
      ),
    )
    .returning({ id: manualRefunds.purchaseId });
  return changed.length > 0;
}

/**
 * True when this call recorded the payment; an already paid one, or one whose buyer has not said
 * where to send it, answers false.
 */
export async function markManualRefundPaid(tx: Db, purchaseId: string): Promise<boolean> {
  const changed = await tx
    .update(manualRefunds)
    .set({ paidAt: sql`now()` })
    .where(
      and(
        eq(manualRefunds.purchaseId, purchaseId),
        isNull(manualRefunds.paidAt),
        isNotNull(manualRefunds.destination),
      ),
    )
    .returning({ id: manualRefunds.purchaseId });
  return changed.length > 0;
}

export interface RefundMailFacts {
  learnerName: string;
  learnerEmail: string;
  educatorName: string;
  educatorEmail: string;
  courseTitle: string;
  amount: string;
  currency: string;
  status: string;
  reason: string | null;
  manual: boolean;
}

export async function findRefundMailFacts(
  db: Db,
  purchaseId: string,
): Promise<RefundMailFacts | null> {
  const [row] = await db
    .select({
      learnerName: users.name,
      learnerEmail: users.email,
      educatorName: sql<string>`educator.name`,
      educatorEmail: sql<string>`educator.email`,
      courseTitle: courses.title,
      amount: purchases.amount,
      currency: purchases.currency,
      status: purchases.status,
      reason: purchases.refundReason,
      manual: sql<boolean>`exists (select 1 from ${manualRefunds} m
        where m.purchase_id = ${purchases.id})`.mapWith(Boolean),
    })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .innerJoin(courses, eq(courses.id, purchases.courseId))
    .innerJoin(sql`${users} educator`, sql`educator.id = ${courses.educatorId}`)
    .where(eq(purchases.id, purchaseId))
    .limit(1);
  return row ?? null;
}
