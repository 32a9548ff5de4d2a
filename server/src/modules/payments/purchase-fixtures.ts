import type { Db } from '../../db/client';
import { purchases, type PurchaseRow } from '../../db/schema/purchases';

/** Test data only: a purchase row written straight into the table, as an earlier start left it. */
export async function insertPurchaseRow(
  db: Db,
  purchase: Pick<PurchaseRow, 'userId' | 'courseId' | 'amount' | 'provider'> &
    Partial<Pick<PurchaseRow, 'status' | 'providerRef' | 'checkoutUrl' | 'currency' | 'createdAt'>>,
): Promise<PurchaseRow> {
  const [row] = await db
    .insert(purchases)
    .values({ currency: 'usd', ...purchase })
    .returning();
  return row!;
}
