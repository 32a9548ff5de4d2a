import Stripe from 'stripe';
import type { CheckoutRequest, StripeCheckoutState, StripePayments } from './payment-provider';

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecret: string;
  publicUrl: string;
  /** Tests point the client's HTTP layer at a local server that records the request. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

// Stripe takes these currencies in whole units rather than cents.
const ZERO_DECIMAL_CURRENCIES = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

export function toMinorUnits(amount: number, currency: string): number {
  return ZERO_DECIMAL_CURRENCIES.has(currency.toLowerCase())
    ? Math.round(amount)
    : Math.round(amount * 100);
}

/** Stripe shows product images only from absolute http(s) URLs; local thumbnails are site-relative. */
export function absoluteImageUrl(thumbnailUrl: string, publicUrl: string): string | null {
  try {
    const url = new URL(thumbnailUrl, `${publicUrl}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A method chosen on our side narrows the session to it. Pix codes live 30 minutes and boletos 3
 * days (Stripe adds the business day); their money arrives later, through
 * checkout.session.async_payment_succeeded / async_payment_failed on the same webhook.
 */
function methodParams(
  method: CheckoutRequest['method'],
): Partial<Stripe.Checkout.SessionCreateParams> {
  if (!method) return {};
  const types = [method] as Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType[];
  if (method === 'pix')
    return {
      allowed_payment_method_types: types,
      payment_method_options: { pix: { expires_after_seconds: 1800 } },
    };
  if (method === 'boleto')
    return {
      allowed_payment_method_types: types,
      payment_method_options: { boleto: { expires_after_days: 3 } },
    };
  return { allowed_payment_method_types: types };
}

export function checkoutSessionParams(
  { purchase, course, user, method }: CheckoutRequest,
  publicUrl: string,
): Stripe.Checkout.SessionCreateParams {
  const image = absoluteImageUrl(course.thumbnailUrl, publicUrl);
  return {
    mode: 'payment',
    ...methodParams(method),
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: purchase.currency,
          unit_amount: toMinorUnits(purchase.amount, purchase.currency),
          product_data: { name: course.title, ...(image ? { images: [image] } : {}) },
        },
      },
    ],
    // origin: a paid session naming no purchase of ours is refunded only when it was opened here,
    // not by another deployment sharing the Stripe account.
    metadata: { purchaseId: purchase.id, userId: user.id, origin: publicUrl },
    client_reference_id: purchase.id,
    // The return page reads this purchase and says 'Pagamento confirmado' only once it is paid:
    // a Multibanco or boleto buyer returns while the money is still awaited.
    success_url: `${publicUrl}/loading/my-enrollments?compra=${encodeURIComponent(purchase.id)}`,
    cancel_url: `${publicUrl}/`,
  };
}

/** Stripe closes a Checkout Session 24 h after it opens; an hour less so no buyer gets one about to close. */
export const STRIPE_CHECKOUT_REUSABLE_MS = 23 * 60 * 60 * 1000;

/**
 * The buyer waits on the answer (and other starts of the purchase wait on its hold), so a stalled
 * Stripe must give up soon rather than after the client's default 80 s (per attempt).
 */
const STRIPE_TIMEOUT_MS = 10_000;

/**
 * One key per attempt of a purchase: a retried request cannot open a second session, while another
 * method chosen for the same purchase (Stripe refuses a key reused with other parameters) can.
 */
export function checkoutIdempotencyKey({ purchase, method }: CheckoutRequest): string {
  return `checkout-${purchase.id}-${method ?? 'any'}-${purchase.openedAt.getTime()}`;
}

function stateOf(session: Stripe.Checkout.Session): StripeCheckoutState {
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
    return 'paid';
  return session.status === 'expired' ? 'expired' : 'unpaid';
}

function paymentIntentOf(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  return typeof intent === 'string' ? intent : (intent?.id ?? null);
}

export function createStripePayments(options: StripePaymentsOptions): StripePayments {
  const stripe = new Stripe(options.secretKey, {
    ...options.api,
    maxNetworkRetries: 2,
    timeout: STRIPE_TIMEOUT_MS,
  });
  return {
    kind: 'stripe',
    checkoutReusableForMs: STRIPE_CHECKOUT_REUSABLE_MS,
    vouchers: null,
    createCheckout: async (request) => {
      const session = await stripe.checkout.sessions.create(
        checkoutSessionParams(request, options.publicUrl),
        { idempotencyKey: checkoutIdempotencyKey(request) },
      );
      if (!session.url)
        throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { url: session.url, providerRef: session.id };
    },
    verifyWebhook: (rawBody, signature): unknown =>
      stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret),
    expireCheckout: async (sessionId) => {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return 'expired';
      } catch (err) {
        // Only an open session can be expired: one already closed says which way it went.
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === 'complete') return 'paid';
        if (session.status === 'expired') return 'expired';
        throw err;
      }
    },
    checkoutState: async (sessionId) => stateOf(await stripe.checkout.sessions.retrieve(sessionId)),
    refundCheckout: async ({ purchaseId, sessionId, reason = 'duplicate', secondPayment }) => {
      const paymentIntent = paymentIntentOf(await stripe.checkout.sessions.retrieve(sessionId));
      if (!paymentIntent) throw new Error(`Stripe checkout session ${sessionId} took no payment`);
      try {
        await stripe.refunds.create(
          { payment_intent: paymentIntent, reason, metadata: { purchaseId } },
          { idempotencyKey: secondPayment ? `refund-${sessionId}` : `refund-${purchaseId}` },
        );
      } catch (err) {
        // Stripe forgets idempotency keys after 24 h, and redeliveries go on for days: a retry
        // that finds the money already returned has done its job.
        if (err instanceof Stripe.errors.StripeError && err.code === 'charge_already_refunded')
          return;
        throw err;
      }
    },
  };
}
