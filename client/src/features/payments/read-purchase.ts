import type {
  PaymentAttempt,
  PaymentAttemptResponse,
  PurchaseView,
} from '@aprendiz/contract/payments';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { loadSignedIn, type SignedIn } from '../../data/signed-in-loader';
import { loadApi } from '../../lib/load-api';

/** A purchase as GET /api/payments/:purchaseId answers it: what was bought, and how it is paid. */
export type Purchase = PurchaseView & PaymentAttempt;

/**
 * The signed-in buyer's purchase. The server answers someone else's exactly like an unknown one,
 * with a 404, so a guessed id tells nothing.
 */
export async function readPurchase(purchaseId: string, signal: AbortSignal): Promise<Purchase> {
  const api = await loadApi();
  const { data } = await api.get<PaymentAttemptResponse & { purchase: PurchaseView }>(
    `/api/payments/${encodeURIComponent(purchaseId)}`,
    { signal },
  );
  return data.purchase;
}

/** The loader of a purchase's pages (/payment, /checkout): the signed-in buyer's purchase, not awaited. */
export function loadPurchase({ params, request }: LoaderFunctionArgs): Promise<SignedIn<Purchase>> {
  return loadSignedIn(request, (signal) => readPurchase(params.purchaseId ?? '', signal));
}
