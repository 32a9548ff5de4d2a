import type { SandboxPayments } from './payment-provider';

/** The embedded default: our own 'Modo de teste' page at /checkout/<purchaseId> plays the provider. */
export function createSandboxPayments(publicUrl: string): SandboxPayments {
  return {
    kind: 'sandbox',
    createCheckout: async ({ purchase }) => ({ url: `${publicUrl}/checkout/${purchase.id}` }),
    checkoutReusableForMs: null,
  };
}
