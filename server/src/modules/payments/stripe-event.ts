import { z } from 'zod';
import { uuidSchema } from '@aprendiz/contract/common';
import { paymentMethodSchema, type PaymentMethod } from '@aprendiz/contract/payments';
import { hasUnsafeCharacters } from '@aprendiz/contract/rules/safe-text';

/** Stripe's ids are plain ASCII; one holding a NUL or a lone surrogate could not even be stored. */
const stripeIdSchema = z
  .string()
  .min(1)
  .max(255)
  .refine((id) => !hasUnsafeCharacters(id));

/**
 * A valid signature proves Stripe sent the bytes, not that they hold what we read: the JSON is
 * checked field by field before anything is written.
 */
export const stripeEventSchema = z.object({
  id: stripeIdSchema,
  type: z.string().max(255),
  /** When Stripe created the event, in seconds: an unpaid completion's voucher was issued then. */
  created: z.number().int().positive().optional(),
  data: z.object({ object: z.unknown() }),
});
export type StripeEvent = z.infer<typeof stripeEventSchema>;

/** The fields of a Checkout Session this app acts on; the rest of the object is not read. */
const checkoutSessionSchema = z.object({
  id: stripeIdSchema,
  object: z.literal('checkout.session'),
  payment_status: z.string(),
  payment_method_types: z.array(z.string().max(255)).max(50).nullish(),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export type SessionAction =
  /**
   * The session took the money: complete the purchase (or give the money back). `origin` is the
   * public URL of the deployment that opened it, when the session says.
   */
  | { kind: 'complete'; purchaseId: string; sessionId: string; origin: string | null }
  /**
   * The buyer left Checkout with a delayed method still to pay (a boleto, a Multibanco reference, an
   * MB WAY push): the purchase awaits its money. `methods`: the ones the session allowed, known to us.
   */
  | {
      kind: 'await';
      purchaseId: string;
      sessionId: string;
      methods: PaymentMethod[];
      issuedAt: Date | null;
    }
  /** The session closed unpaid: fail the purchase, if that session is still its attempt. */
  | { kind: 'fail'; purchaseId: string; sessionId: string }
  | { kind: 'ignore'; reason: 'other event' | 'malformed session' | 'not paid' | 'not ours' };

/** Our purchase id, put in the session's metadata (and client_reference_id) when it was created. */
function purchaseIdOf(session: CheckoutSession): string | null {
  const parsed = uuidSchema.safeParse(session.metadata?.purchaseId ?? session.client_reference_id);
  return parsed.success ? parsed.data : null;
}

/** What an event asks of our purchases; anything we cannot read safely is ignored. */
export function sessionActionOf(event: StripeEvent): SessionAction {
  const completes =
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded';
  const fails =
    event.type === 'checkout.session.expired' ||
    event.type === 'checkout.session.async_payment_failed';
  if (!completes && !fails) return { kind: 'ignore', reason: 'other event' };

  const session = checkoutSessionSchema.safeParse(event.data.object);
  if (!session.success) return { kind: 'ignore', reason: 'malformed session' };
  const purchaseId = purchaseIdOf(session.data);
  if (!purchaseId) return { kind: 'ignore', reason: 'not ours' };
  if (fails) return { kind: 'fail', purchaseId, sessionId: session.data.id };
  // Delayed methods complete the session before the money arrives; only 'paid' enrolls.
  if (session.data.payment_status === 'unpaid' && event.type === 'checkout.session.completed')
    return {
      kind: 'await',
      purchaseId,
      sessionId: session.data.id,
      methods: (session.data.payment_method_types ?? []).flatMap((type) => {
        const method = paymentMethodSchema.safeParse(type);
        return method.success ? [method.data] : [];
      }),
      issuedAt: event.created ? new Date(event.created * 1000) : null,
    };
  if (session.data.payment_status !== 'paid') return { kind: 'ignore', reason: 'not paid' };
  const origin = session.data.metadata?.origin;
  return {
    kind: 'complete',
    purchaseId,
    sessionId: session.data.id,
    origin: typeof origin === 'string' ? origin : null,
  };
}
