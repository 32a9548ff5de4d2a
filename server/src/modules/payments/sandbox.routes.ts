import type { RequestHandler, Router } from 'express';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../db/schema/users';
import { currentUser } from '../../http/auth';
import {
  completeSandboxPayment,
  failSandboxVoucher,
  timeOutSandboxVoucher,
} from './payment-attempts';
import { cancelSandboxPurchase } from './payments.service';

type SandboxAction = (deps: AppDeps, user: UserRow, purchaseId: string) => Promise<unknown>;

/** What each stand-in for the provider's word does, and what the buyer is told. */
const SANDBOX_ACTIONS: Record<string, { act: SandboxAction; message: string }> = {
  complete: { act: completeSandboxPayment, message: 'Pagamento concluído. Bons estudos!' },
  cancel: { act: cancelSandboxPurchase, message: 'Pagamento cancelado' },
  fail: { act: failSandboxVoucher, message: 'Pagamento recusado' },
  'time-out': { act: timeOutSandboxVoucher, message: 'Pagamento expirado' },
};

/**
 * `POST /api/payments/sandbox/:purchaseId/<action>`: the sandbox's stand-ins for the provider's
 * confirmation. With a real provider they would let anyone enroll without paying, so they exist
 * only in the sandbox.
 */
export function addSandboxRoutes(router: Router, deps: AppDeps, auth: RequestHandler[]): void {
  if (deps.payments.kind !== 'sandbox') return;
  for (const [action, { act, message }] of Object.entries(SANDBOX_ACTIONS)) {
    router.post(`/payments/sandbox/:purchaseId/${action}`, ...auth, async (req, res) => {
      const purchase = await act(deps, currentUser(req), String(req.params.purchaseId));
      res.json({ success: true, message, purchase });
    });
  }
}
