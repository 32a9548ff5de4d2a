/** What a checkout needs to know; the amount was computed on the server from the course row. */
export interface CheckoutRequest {
  purchase: { id: string; amount: number; currency: string };
  course: { id: string; title: string; thumbnailUrl: string };
  user: { id: string; email: string };
}

export interface CheckoutSession {
  /** Where the browser is sent to pay. */
  url: string;
  /** The provider's own id for the session, kept on the purchase. */
  providerRef?: string;
}

interface CheckoutProvider {
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * How long after it opens a checkout may still be handed to the buyer again; null when it stays
   * payable until it is paid or cancelled.
   */
  readonly checkoutReusableForMs: number | null;
}

export interface SandboxPayments extends CheckoutProvider {
  readonly kind: 'sandbox';
}

export interface StripePayments extends CheckoutProvider {
  readonly kind: 'stripe';
  /**
   * Checks the Stripe-Signature header against the raw body; throws when it does not match. The
   * answer is the signed JSON as sent, whose shape the caller still has to check.
   */
  verifyWebhook(rawBody: Buffer, signature: string): unknown;
  /** Gives back all the money a checkout session took; repeating it for one purchase refunds once. */
  refundCheckout(request: { purchaseId: string; sessionId: string }): Promise<void>;
  /**
   * Closes an open checkout session so it can no longer be paid: 'expired' when it is closed
   * (now or before), 'paid' when the buyer paid first. Throws when Stripe cannot be reached.
   */
  expireCheckout(sessionId: string): Promise<'expired' | 'paid'>;
}

/** Chosen once in deps.ts: Stripe Checkout when configured, else our own sandbox checkout page. */
export type PaymentProvider = SandboxPayments | StripePayments;
