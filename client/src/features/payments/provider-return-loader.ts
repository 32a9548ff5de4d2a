import type { LoaderFunctionArgs } from 'react-router-dom';
import { loadSignedIn, type SignedIn } from '../../data/signed-in-loader';
import { readPurchase, type Purchase } from './read-purchase';

/**
 * The query parameter naming the purchase a payment provider returns from
 * (`/loading/my-enrollments?compra={purchaseId}`): its page reads the purchase instead of assuming
 * it was paid.
 */
export const RETURNED_PURCHASE_PARAM = 'compra';

/** The purchase a provider returned from, read for its buyer; null when the address names none. */
export function loadProviderReturn({
  request,
}: LoaderFunctionArgs): Promise<SignedIn<Purchase>> | null {
  const purchaseId = new URL(request.url).searchParams.get(RETURNED_PURCHASE_PARAM);
  if (!purchaseId) return null;
  return loadSignedIn(request, (signal) => readPurchase(purchaseId, signal));
}
