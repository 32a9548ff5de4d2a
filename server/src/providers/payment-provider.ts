import type Stripe from 'stripe';

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

export interface SandboxPayments {
  readonly kind: 'sandbox';
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
}

export interface StripePayments {
  readonly kind: 'stripe';
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Checks the Stripe-Signature header against the raw body; throws when it does not match. */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event;
}

/** Chosen once in deps.ts: Stripe Checkout when configured, else our own sandbox checkout page. */
export type PaymentProvider = SandboxPayments | StripePayments;
