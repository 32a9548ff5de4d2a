import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { purchases, type PurchaseRow } from '../../db/schema/purchases';
import { users } from '../../db/schema/users';

export interface NewPurchase {
  userId: string;
  courseId: string;
  /** Decimal string with two places, e.g. '16.99'. */
  amount: string;
  currency: string;
  provider: PurchaseRow['provider'];
}

export interface PurchaseViewRow {
  id: string;
  userId: string;
  status: PurchaseRow['status'];
  provider: PurchaseRow['provider'];
  amount: string;
  currency: string;
  courseId: string;
  courseTitle: string;
  educatorName: string;
}

export async function insertPurchase(db: Db, purchase: NewPurchase): Promise<PurchaseRow> {
  const [row] = await db.insert(purchases).values(purchase).returning();
  return row!;
}

export async function setPurchaseProviderRef(
  db: Db,
  purchaseId: string,
  providerRef: string,
): Promise<void> {
  await db.update(purchases).set({ providerRef }).where(eq(purchases.id, purchaseId));
}

export async function findPurchaseView(
  db: Db,
  purchaseId: string,
): Promise<PurchaseViewRow | null> {
  const [row] = await db
    .select({
      id: purchases.id,
      userId: purchases.userId,
      status: purchases.status,
      provider: purchases.provider,
      amount: purchases.amount,
      currency: purchases.currency,
      courseId: purchases.courseId,
      courseTitle: courses.title,
      educatorName: users.name,
    })
    .from(purchases)
    .innerJoin(courses, eq(courses.id, purchases.courseId))
    .innerJoin(users, eq(users.id, courses.educatorId))
    .where(eq(purchases.id, purchaseId))
    .limit(1);
  return row ?? null;
}

/** Holds the purchase row until the transaction ends, so two completions run one after the other. */
export async function lockPurchase(tx: Db, purchaseId: string): Promise<PurchaseRow | null> {
  const [row] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for('update');
  return row ?? null;
}

export async function markPurchaseCompleted(tx: Db, purchaseId: string): Promise<void> {
  await tx
    .update(purchases)
    .set({ status: 'completed', completedAt: sql`now()` })
    .where(eq(purchases.id, purchaseId));
}

/** Only a pending purchase can fail; a completed one stays completed. True when it changed. */
export async function markPurchaseFailed(db: Db, purchaseId: string): Promise<boolean> {
  const changed = await db
    .update(purchases)
    .set({ status: 'failed' })
    .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'pending')))
    .returning({ id: purchases.id });
  return changed.length > 0;
}
