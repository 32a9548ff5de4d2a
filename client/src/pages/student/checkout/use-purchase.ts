import type { ErrorResponse } from '@aprendiz/contract/common';
import type { PurchaseView, PurchaseViewResponse } from '@aprendiz/contract/payments';
import { isAxiosError } from 'axios';
import { useCallback, useEffect, useState } from 'react';
import { api, errorMessage } from '../../../lib/api-client';

export type PurchaseState =
  | { status: 'loading' }
  | { status: 'ready'; purchase: PurchaseView }
  | { status: 'not-found' }
  | { status: 'error'; message: string };

/**
 * GET /api/payments/:purchaseId for the signed-in user. The server answers someone else's purchase
 * exactly like an unknown one, with a 404.
 */
export function usePurchase(purchaseId: string): { state: PurchaseState; reload: () => void } {
  const [state, setState] = useState<PurchaseState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<PurchaseViewResponse | ErrorResponse>(
        `/api/payments/${encodeURIComponent(purchaseId)}`,
        { signal: controller.signal },
      )
      .then(({ data }) => {
        setState(
          data.success
            ? { status: 'ready', purchase: data.purchase }
            : { status: 'error', message: data.message },
        );
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setState(
          isAxiosError(err) && err.response?.status === 404
            ? { status: 'not-found' }
            : { status: 'error', message: errorMessage(err) },
        );
      });
    return () => controller.abort();
  }, [purchaseId, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, reload };
}
