import { z } from 'zod';
import { educatorTitleSchema } from './auth';
import { PAYMENT_METHODS, pushPhoneProblem } from './rules/payment-methods';
import { courseIdBodySchema } from './common';
import { couponCodeSchema } from './coupons';
import { textSchema } from './text-schemas';

/**
 * pending: checkout open, method not chosen (at most one open per buyer and course) ·
 * awaiting_payment: a method was chosen and its voucher (Pix code, reference, push) waits for the
 * money until expiresAt · completed: paid, counts as revenue · failed: cancelled or refused ·
 * expired: the voucher ran out unpaid (the provider said so) · refund_pending / refunded: paid a
 * second time for a course the buyer already had, so the money goes back and never counts as revenue.
 */
export const PURCHASE_STATUSES = [
  'pending',
  'awaiting_payment',
  'completed',
  'expired',
  'failed',
  'refund_pending',
  'refunded',
] as const;
/** Money taken for a course the buyer already had: owed back or given back, never revenue. */
export const REFUND_STATUSES = [
  'refund_pending',
  'refunded',
] as const satisfies readonly (typeof PURCHASE_STATUSES)[number][];

/** A purchase still open: the buyer may pay it, and a second 'Comprar' answers it. */
export const OPEN_PURCHASE_STATUSES = [
  'pending',
  'awaiting_payment',
] as const satisfies readonly (typeof PURCHASE_STATUSES)[number][];

export const purchaseStatusSchema = z.enum(PURCHASE_STATUSES);
export type PurchaseStatus = z.infer<typeof purchaseStatusSchema>;

export const purchaseViewSchema = z.object({
  _id: z.string(),
  status: purchaseStatusSchema,
  amount: z.number(),
  currency: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  educatorName: z.string(),
  educatorTitle: educatorTitleSchema,
  /**
   * How the amount came about, for the checkout's lines: the course's full price and discount as
   * they are now, and what the purchase cost before its coupon (null without a coupon) with the
   * coupon's code.
   */
  coursePrice: z.number(),
  discount: z.number().int(),
  listAmount: z.number().nullable(),
  couponCode: z.string().nullable(),
});
export type PurchaseView = z.infer<typeof purchaseViewSchema>;

export const purchaseViewResponseSchema = z.object({
  success: z.literal(true),
  purchase: purchaseViewSchema,
});
export type PurchaseViewResponse = z.infer<typeof purchaseViewResponseSchema>;

export {
  isPushMethod,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PUSH_METHODS,
} from './rules/payment-methods';

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, {
  error: 'Escolha um método de pagamento disponível',
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const phoneSchema = textSchema({
  field: 'O número de celular',
  trim: true,
  typeError: 'Informe o número de celular',
})
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{9,15}$/, 'Número de celular inválido'));

export const paymentMethodsResponseSchema = z.object({
  success: z.literal(true),
  currency: z.string(),
  currencyLabel: z.string(),
  methods: z.array(z.object({ id: paymentMethodSchema, label: z.string() })),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponseSchema>;

/** What the buyer does to pay an awaiting voucher, per kind of method. */
export const paymentInstructionsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pix'), code: z.string(), qrSvg: z.string() }),
  z.object({
    kind: z.literal('reference'),
    entity: z.string(),
    reference: z.string(),
    amount: z.number(),
  }),
  z.object({ kind: z.literal('boleto'), barcode: z.string(), url: z.string().nullable() }),
  z.object({ kind: z.literal('push'), phone: z.string() }),
  z.object({ kind: z.literal('redirect'), url: z.string() }),
]);
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;

export const paymentAttemptSchema = z.object({
  _id: z.string(),
  status: purchaseStatusSchema,
  method: paymentMethodSchema.nullable(),
  amount: z.number(),
  currency: z.string(),
  currencyLabel: z.string(),
  expiresAt: z.string().nullable(),
  instructions: paymentInstructionsSchema.nullable(),
  courseId: z.string(),
  courseTitle: z.string(),
  sandbox: z.boolean(),
});
export type PaymentAttempt = z.infer<typeof paymentAttemptSchema>;

export const paymentAttemptResponseSchema = z.object({
  success: z.literal(true),
  purchase: paymentAttemptSchema,
});
export type PaymentAttemptResponse = z.infer<typeof paymentAttemptResponseSchema>;

/** A push's number must be of the method's country: a field error on `phone` otherwise. */
export function checkPushPhone(
  body: { method?: PaymentMethod | undefined; phone?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (!body.method || body.phone === undefined) return;
  const problem = pushPhoneProblem(body.method, body.phone);
  if (problem) ctx.addIssue({ code: 'custom', path: ['phone'], message: problem });
}

export const chooseMethodBodySchema = z
  .object({
    method: paymentMethodSchema,
    phone: phoneSchema.optional(),
  })
  .superRefine(checkPushPhone);
export type ChooseMethodBody = z.infer<typeof chooseMethodBodySchema>;

/** POST /api/user/purchase. Without a method the purchase opens the checkout page, where the buyer chooses one. */
export const purchaseBodySchema = courseIdBodySchema
  .extend({
    /** One code per purchase; the price it leaves is always worked out on the server. */
    coupon: couponCodeSchema.optional(),
    /** Euro deployments: the buyer ticked EU_WAIVER_TEXT (ignored elsewhere). */
    euWaiver: z.boolean({ error: 'Valor inválido' }).optional(),
    method: paymentMethodSchema.optional(),
    phone: phoneSchema.optional(),
  })
  .superRefine(checkPushPhone);
export type PurchaseBody = z.infer<typeof purchaseBodySchema>;

/** Where the buyer goes next: the checkout page, the provider's, or the course when nothing is left to pay. */
export const purchaseResponseSchema = z.object({
  success: z.literal(true),
  session_url: z.string(),
  /** A coupon made the course free: the learner is enrolled already, with nothing to pay. */
  enrolled: z.boolean().optional(),
});
export type PurchaseResponse = z.infer<typeof purchaseResponseSchema>;

/** POST /api/payments/:purchaseId/method: where the buyer goes next, and the attempt as it is now. */
export const chooseMethodResponseSchema = z.object({
  success: z.literal(true),
  session_url: z.string(),
  purchase: paymentAttemptSchema,
  /** The coupon the purchase started with has ended meanwhile: the new price, said before paying. */
  message: z.string().optional(),
});
export type ChooseMethodResponse = z.infer<typeof chooseMethodResponseSchema>;

/** POST /api/payments/:purchaseId/refund: why (optional), and where to send it when the provider cannot. */
export const REFUND_REASON_MAX = 500;
export const refundRequestSchema = z.object({
  reason: textSchema({
    field: 'O motivo',
    trim: true,
    multiline: true,
    typeError: 'Motivo inválido',
  })
    .max(REFUND_REASON_MAX, `O motivo deve ter no máximo ${REFUND_REASON_MAX} caracteres`)
    .optional(),
  /** The buyer's Pix key or IBAN, for a payment the provider cannot give back (a boleto). */
  destination: textSchema({
    field: 'A chave Pix ou o IBAN',
    trim: true,
    typeError: 'Chave Pix ou IBAN inválido',
  })
    .min(5, 'Informe a sua chave Pix ou o seu IBAN')
    .max(140, 'A chave Pix ou o IBAN deve ter no máximo 140 caracteres')
    .optional(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** PUT /api/payments/:purchaseId/refund-destination: where to send money owed back (checked per currency by rules/refund-destination). */
export const refundDestinationBodySchema = z.object({
  destination: textSchema({
    field: 'A chave Pix ou o IBAN',
    trim: true,
    typeError: 'Chave Pix ou IBAN inválido',
  })
    .min(5, 'Informe a sua chave Pix ou o seu IBAN')
    .max(140, 'A chave Pix ou o IBAN deve ter no máximo 140 caracteres'),
});
export type RefundDestinationBody = z.infer<typeof refundDestinationBodySchema>;

/**
 * Money owed back to the learner that an operator sends by hand and for which they have not said
 * where yet (a second payment for a course they had): 'Informe o IBAN' in My Courses.
 */
export const owedRefundSchema = z.object({
  purchaseId: z.string(),
  amount: z.number(),
  currency: z.string(),
});
export type OwedRefund = z.infer<typeof owedRefundSchema>;

/**
 * The refund of a paid course of My Courses: 'Pedir reembolso' when `eligible`, else `reason` in its
 * place. Decided by the rule the refund endpoint applies (rules/guarantee's refundEligibility).
 */
export const refundOfferSchema = z.object({
  purchaseId: z.string(),
  eligible: z.boolean(),
  /** Why the refund cannot be asked, in the buyer's words; null when it can. */
  reason: z.string().nullable(),
  /** The end of the purchase's guarantee. */
  deadline: z.string(),
  /** The guarantee's length in days, as the course page named it ('Garantia de 14 dias'). */
  days: z.number().int(),
  /** What comes back: the amount paid, in its currency. */
  amount: z.number(),
  currency: z.string(),
  /** Where it goes back: the payment's provider and method. */
  provider: z.string(),
  method: paymentMethodSchema.nullable(),
  /** The money cannot go back the way it came (a boleto): the learner gives a Pix key or IBAN. */
  needsDestination: z.boolean(),
});
export type RefundOffer = z.infer<typeof refundOfferSchema>;

/** A course the learner gave back: My Courses keeps it as a 'Reembolsado' row, without access. */
export const refundedPurchaseSchema = z.object({
  purchaseId: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  courseThumbnail: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  /** When the refund was asked. */
  refundedAt: z.string(),
  /** 'refund_pending' while the money is on its way, 'refunded' once it went back. */
  status: z.enum(['refund_pending', 'refunded']),
});
export type RefundedPurchase = z.infer<typeof refundedPurchaseSchema>;

/**
 * Payments the provider cannot give back by itself, so an operator sends the money by hand: a
 * boleto on Stripe (no card or account behind it), and ProxyPay's references and Multicaixa
 * Express, whose API has no refund call.
 */
export function needsManualRefund(provider: string, method: PaymentMethod | null): boolean {
  return (provider === 'stripe' && method === 'boleto') || provider === 'proxypay';
}
