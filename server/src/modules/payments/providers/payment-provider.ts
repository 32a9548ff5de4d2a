import type { Currency } from '@aprendiz/contract/rules/currency';
import type { PaymentInstructions, PaymentMethod } from '@aprendiz/contract/payments';

/** A voucher to issue: the amount and currency are fixed on the attempt by the caller. */
export interface VoucherRequest {
  purchaseId: string;
  method: PaymentMethod;
  amount: number;
  currency: Currency;
  expiresAt: Date;
  /** The buyer's phone, for the methods approved in a phone app (MB WAY, Multicaixa Express). */
  phone: string | null;
  courseTitle: string;
}

export interface Voucher {
  instructions: PaymentInstructions;
  /** The provider's own id for the voucher, kept on the purchase. */
  providerRef: string | null;
}

/** What the provider says of a voucher when asked (never taken from a callback's word alone). */
export type VoucherState = 'paid' | 'unpaid' | 'failed';

/**
 * Methods paid outside a card page — a Pix code, an entity and reference, a push to a phone — whose
 * money arrives seconds to days later. Card payments stay with `createCheckout`.
 */
export interface VoucherGateway {
  readonly provider: 'sandbox' | 'proxypay';
  /** The voucher methods offered in this currency. */
  methods(currency: Currency): PaymentMethod[];
  issue(request: VoucherRequest): Promise<Voucher>;
  /** Makes an unpaid voucher unpayable, before the buyer is given another. */
  cancel(voucher: { purchaseId: string; providerRef: string | null }): Promise<void>;
  status(voucher: {
    purchaseId: string;
    providerRef: string | null;
    method: PaymentMethod;
  }): Promise<VoucherState>;
  /**
   * Tells the provider a paid voucher was completed on our side, once it is (ProxyPay keeps each
   * payment in its 'unacknowledged' list until then). Absent where there is nothing to tell.
   */
  acknowledge?(voucher: { purchaseId: string; providerRef: string | null }): Promise<void>;
}

/** What a checkout needs to know; the amount was computed on the server from the course row. */
export interface CheckoutRequest {
  /** `openedAt`: when this attempt of the purchase began (a new method choice begins another). */
  purchase: { id: string; amount: number; currency: string; openedAt: Date };
  /** The method chosen before the checkout, when one was: the checkout then offers only it. */
  method?: PaymentMethod | null;
  course: { id: string; title: string; thumbnailUrl: string };
  user: { id: string; email: string };
}

export interface CheckoutSession {
  /** Where the browser is sent to pay. */
  url: string;
  /** The provider's own id for the session, kept on the purchase. */
  providerRef?: string;
}

/** A card page the buyer is sent to: Stripe Checkout, or the sandbox's own. */
export interface CheckoutProvider {
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * How long after it opens a checkout may still be handed to the buyer again; null when it stays
   * payable until it is paid or cancelled.
   */
  readonly checkoutReusableForMs: number | null;
}

export interface SandboxPayments extends CheckoutProvider {
  readonly kind: 'sandbox';
  /** The methods beyond the card this deployment takes, or null when it takes only cards. */
  readonly vouchers: VoucherGateway | null;
}

export interface StripePayments extends CheckoutProvider {
  readonly kind: 'stripe';
  /** ProxyPay beside Stripe (kwanzas), or null when Stripe's Checkout takes every method. */
  readonly vouchers: VoucherGateway | null;
  /**
   * Checks the Stripe-Signature header against the raw body; throws when it does not match. The
   * answer is the signed JSON as sent, whose shape the caller still has to check.
   */
  verifyWebhook(rawBody: Buffer, signature: string): unknown;
  /**
   * Gives back all the money a checkout session took; repeating it for one purchase refunds once.
   * `reason`: 'duplicate' (paid twice, the default) or 'requested_by_customer' (within the guarantee).
   */
  refundCheckout(request: {
    purchaseId: string;
    sessionId: string;
    reason?: 'duplicate' | 'requested_by_customer';
    /**
     * A second paid session of a purchase already paid through another: refunded once per
     * session, beside the purchase's own refund.
     */
    secondPayment?: boolean;
  }): Promise<void>;
  /**
   * Closes an open checkout session so it can no longer be paid: 'expired' when it is closed
   * (now or before), 'paid' when the buyer paid first. Throws when Stripe cannot be reached.
   */
  expireCheckout(sessionId: string): Promise<'expired' | 'paid'>;
  /**
   * What Stripe says of a checkout session now: 'paid' once its money arrived, 'expired' when it
   * closed unpaid, 'unpaid' while a delayed method (boleto, Multibanco, MB WAY) may still be paid.
   */
  checkoutState(sessionId: string): Promise<StripeCheckoutState>;
}

export type StripeCheckoutState = 'paid' | 'unpaid' | 'expired';

/**
 * ProxyPay alone (Angola, no card provider): every method is a voucher paid from /payment/:id, and
 * there is no card page at all — neither Stripe's nor the sandbox's, which would enroll for free.
 */
export interface VoucherOnlyPayments {
  readonly kind: 'proxypay';
  readonly vouchers: VoucherGateway;
}

/** Chosen once in deps.ts from config.payments. */
export type PaymentProvider = SandboxPayments | StripePayments | VoucherOnlyPayments;

/** The deployment's card page, or null when it takes no card (ProxyPay alone). */
export function cardCheckout(payments: PaymentProvider): CheckoutProvider | null {
  return payments.kind === 'proxypay' ? null : payments;
}
