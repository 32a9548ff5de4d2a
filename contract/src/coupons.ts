import { z } from 'zod';
import {
  COUPON_CODE_MAX,
  COUPON_CODE_MIN,
  COUPON_KINDS,
  FREE_COUPON_CODE_MIN,
  givesCourseAway,
} from './rules/coupons';
import { COURSE_PRICE_MAX } from './rules/pricing';
import { textSchema } from './text-schemas';

const CODE_MESSAGE = `O código deve ter de ${COUPON_CODE_MIN} a ${COUPON_CODE_MAX} letras, números, - ou _`;

/** A code as the educator types it: letters (accents allowed), digits, - and _. */
export const couponCodeSchema = textSchema({
  field: 'O código',
  trim: true,
  typeError: 'Informe o código do cupom',
})
  .min(COUPON_CODE_MIN, CODE_MESSAGE)
  .max(COUPON_CODE_MAX, CODE_MESSAGE)
  .regex(/^[\p{L}\p{N}_-]+$/u, CODE_MESSAGE);

const dateSchema = z.iso.datetime({ offset: true, error: 'Data inválida' });

export const newCouponSchema = z
  .object({
    code: couponCodeSchema,
    kind: z.enum(COUPON_KINDS, { error: 'Tipo de cupom inválido: percent, amount ou price' }),
    value: z
      .number({ error: 'Informe o valor do cupom' })
      .min(0, 'O valor do cupom não pode ser negativo')
      .max(COURSE_PRICE_MAX, 'Valor do cupom alto demais')
      .refine(
        (v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
        'Use no máximo 2 casas decimais',
      ),
    startsAt: dateSchema.optional(),
    endsAt: dateSchema.optional(),
    maxRedemptions: z
      .number({ error: 'O limite de usos deve ser um número inteiro' })
      .int('O limite de usos deve ser um número inteiro')
      .min(1, 'O limite de usos deve ser pelo menos 1')
      .max(1_000_000, 'Limite de usos alto demais')
      .optional(),
    onePerLearner: z.boolean({ error: 'Valor inválido' }).optional(),
  })
  .superRefine((coupon, ctx) => {
    if (
      coupon.kind === 'percent' &&
      (coupon.value < 1 || coupon.value > 100 || !Number.isInteger(coupon.value))
    )
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'A porcentagem deve ser um inteiro de 1 a 100',
      });
    if (givesCourseAway(coupon) && coupon.code.length < FREE_COUPON_CODE_MIN)
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        message: `Um cupom que dá o curso de graça precisa de um código com pelo menos ${FREE_COUPON_CODE_MIN} caracteres`,
      });
    if (coupon.kind === 'amount' && coupon.value <= 0)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'O desconto deve ser maior que 0' });
    if (
      coupon.startsAt &&
      coupon.endsAt &&
      Date.parse(coupon.endsAt) <= Date.parse(coupon.startsAt)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['endsAt'],
        message: 'O fim deve ser depois do início',
      });
  });
export type NewCoupon = z.infer<typeof newCouponSchema>;
export type NewCouponInput = z.input<typeof newCouponSchema>;

export const couponSchema = z.object({
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  onePerLearner: z.boolean(),
  redemptions: z.number().int().min(0),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponListResponseSchema = z.object({
  success: z.literal(true),
  /** The course the codes are for, named in the page's heading. */
  courseTitle: z.string(),
  coupons: z.array(couponSchema),
});
export type CouponListResponse = z.infer<typeof couponListResponseSchema>;

/** GET /api/course/:id/quote?coupon= */
export const quoteQuerySchema = z.object({
  coupon: couponCodeSchema.optional(),
});

export const quoteResponseSchema = z.object({
  success: z.literal(true),
  price: z.number(),
  originalPrice: z.number(),
  coupon: z
    .object({
      code: z.string(),
      endsAt: z.string().nullable(),
      /** Uses left before the cap; null for a coupon without one. */
      remaining: z.number().int().nullable(),
    })
    .optional(),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;
