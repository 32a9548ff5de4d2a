import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens } from '../../db/schema/account-tokens';
import { courses } from '../../db/schema/courses';
import { enrollments } from '../../db/schema/enrollments';
import { purchases } from '../../db/schema/purchases';
import { users } from '../../db/schema/users';

export interface ReceiptFacts {
  email: string;
  name: string;
  courseId: string;
  courseTitle: string;
  amount: string;
  currency: string;
  status: string;
  completedAt: Date | null;
  refundableUntil: Date | null;
  euWaiverAt: Date | null;
}

export async function findReceiptFacts(db: Db, purchaseId: string): Promise<ReceiptFacts | null> {
  const [row] = await db
    .select({
      email: users.email,
      name: users.name,
      courseId: courses.id,
      courseTitle: courses.title,
      amount: purchases.amount,
      currency: purchases.currency,
      status: purchases.status,
      completedAt: purchases.completedAt,
      refundableUntil: purchases.refundableUntil,
      euWaiverAt: purchases.euWaiverAt,
    })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .innerJoin(courses, eq(courses.id, purchases.courseId))
    .where(eq(purchases.id, purchaseId))
    .limit(1);
  return row ?? null;
}

export interface EnrollmentFacts {
  email: string;
  name: string;
  courseTitle: string;
  enrolledAt: Date;
}

export async function findEnrollmentFacts(
  db: Db,
  userId: string,
  courseId: string,
): Promise<EnrollmentFacts | null> {
  const [row] = await db
    .select({
      email: users.email,
      name: users.name,
      courseTitle: courses.title,
      enrolledAt: enrollments.enrolledAt,
    })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    .limit(1);
  return row ?? null;
}

export interface ResetMailFacts {
  email: string;
  name: string;
}

/** Who a reset link goes to, while the link still works (unused, unexpired). */
export async function findResetMailFacts(
  db: Db,
  tokenHash: string,
): Promise<ResetMailFacts | null> {
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
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
