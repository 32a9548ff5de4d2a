import { z } from 'zod';
import type { Currency } from './rules/currency';
import { textSchema } from './text-schemas';
import { ibanProblem, normaliseIban } from './rules/iban';
import { PIX_KEY_TYPES, pixKeyProblem } from './rules/pix-key';
import {
  PAYOUT_RAILS,
  PAYOUT_STATUSES,
  STATEMENT_MONTH,
  ibanCountries,
  payoutRails,
} from './rules/payouts';
import { isValidAngolanNif, isValidCnpj, isValidCpf, isValidPortugueseNif } from './rules/tax-ids';

export const HOLDER_NAME_MAX = 120;

const IBAN_PROBLEMS = {
  format: 'IBAN inválido: comece pelo país e os dois dígitos de controle, como PT50…',
  country: 'Este IBAN é de um país para o qual não fazemos transferências',
  length: 'IBAN com número de caracteres errado para o país',
  checksum: 'IBAN inválido: os dígitos de controle não conferem',
} as const;

/** The tax id a market's payouts are made out to, and why one is not valid. */
export function taxIdProblem(currency: Currency, taxId: string): string | null {
  switch (currency) {
    case 'brl':
      return isValidCpf(taxId) || isValidCnpj(taxId)
        ? null
        : 'CPF ou CNPJ inválido: confira os dígitos';
    case 'eur':
      return isValidPortugueseNif(taxId)
        ? null
        : 'NIF inválido: são 9 dígitos, o último de controle';
    case 'aoa':
      return isValidAngolanNif(taxId)
        ? null
        : 'NIF inválido: o número do BI (9 dígitos, 2 letras e 3 dígitos) ou os 10 dígitos da empresa';
    case 'usd':
      return 'Pagamentos a educadores não estão disponíveis nesta moeda';
  }
}

const text = (max: number, missing: string) =>
  textSchema({ field: 'O texto', typeError: missing, trim: true })
    .min(1, missing)
    .max(max, `No máximo ${max} caracteres`);

/**
 * What the educator fills in, for the deployment's market (`currency`): the rail, its destination
 * (a Pix key of the type they chose, or an IBAN), the holder's name and tax id, and whether a
 * withdrawal of everything available is asked for them each month.
 */
export function payoutProfileInputSchema(currency: Currency, stripeConnect: boolean) {
  const rails = payoutRails(currency, stripeConnect);
  return z
    .object({
      rail: z.enum(PAYOUT_RAILS, { error: 'Escolha como quer receber' }),
      pixKeyType: z.enum(PIX_KEY_TYPES, { error: 'Escolha o tipo de chave Pix' }).optional(),
      pixKey: z.string().max(200, 'Chave Pix longa demais').optional(),
      iban: z.string().max(60, 'IBAN longo demais').optional(),
      holderName: text(HOLDER_NAME_MAX, 'Informe o nome do titular'),
      taxId: text(30, currency === 'brl' ? 'Informe o CPF ou CNPJ' : 'Informe o NIF'),
      autoMonthly: z.boolean({ error: 'Escolha sim ou não para o saque mensal' }).default(false),
    })
    .superRefine((input, ctx) => {
      if (!rails.includes(input.rail)) {
        ctx.addIssue({
          code: 'custom',
          path: ['rail'],
          message: 'Esta forma de recebimento não está disponível aqui',
        });
        return;
      }
      if (input.rail === 'pix') {
        if (!input.pixKeyType) {
          ctx.addIssue({
            code: 'custom',
            path: ['pixKeyType'],
            message: 'Escolha o tipo de chave Pix',
          });
        } else if (!input.pixKey?.trim()) {
          ctx.addIssue({ code: 'custom', path: ['pixKey'], message: 'Informe a chave Pix' });
        } else {
          const problem = pixKeyProblem(input.pixKeyType, input.pixKey);
          if (problem) ctx.addIssue({ code: 'custom', path: ['pixKey'], message: problem });
        }
      }
      if (input.rail === 'iban') {
        if (!input.iban?.trim()) {
          ctx.addIssue({ code: 'custom', path: ['iban'], message: 'Informe o IBAN' });
        } else {
          const problem = ibanProblem(input.iban, ibanCountries(currency));
          if (problem)
            ctx.addIssue({ code: 'custom', path: ['iban'], message: IBAN_PROBLEMS[problem] });
        }
      }
      const taxProblem = taxIdProblem(currency, input.taxId);
      if (taxProblem) ctx.addIssue({ code: 'custom', path: ['taxId'], message: taxProblem });
    });
}
export type PayoutProfileInput = z.infer<ReturnType<typeof payoutProfileInputSchema>>;
export { normaliseIban };

export const payoutProfileSchema = z.object({
  rail: z.enum(PAYOUT_RAILS),
  pixKeyType: z.enum(PIX_KEY_TYPES).nullable(),
  /** The destination as shown: 'PT50 •••• 1545', '•••.456.789-••'. */
  destination: z.string(),
  holderName: z.string(),
  taxId: z.string(),
  autoMonthly: z.boolean(),
  /** Stripe Connect only: whether Stripe lets the account receive transfers. */
  stripeStatus: z.enum(['pending', 'active', 'restricted']).nullable(),
  updatedAt: z.string(),
});
export type PayoutProfile = z.infer<typeof payoutProfileSchema>;

export const payoutProfileResponseSchema = z.object({
  success: z.literal(true),
  currency: z.string(),
  /** The rails this deployment offers, in the order the form shows them. */
  rails: z.array(z.enum(PAYOUT_RAILS)),
  profile: payoutProfileSchema.nullable(),
});
export type PayoutProfileResponse = z.infer<typeof payoutProfileResponseSchema>;

export const pendingAmountSchema = z.object({
  amount: z.number(),
  availableAt: z.string(),
  reason: z.enum(['guarantee', 'confirmation', 'legal']),
  /** 'disponível em 3 dez: garantia de 7 dias' */
  label: z.string(),
});

export const balanceSchema = z.object({
  currency: z.string(),
  available: z.number(),
  pending: z.array(pendingAmountSchema),
  /** Withdrawals asked and not yet paid. */
  inWithdrawal: z.number(),
  paidOut: z.number(),
  /** Refunds after a payout beyond the money there was: the next sales cover it. */
  debit: z.number(),
  minimum: z.number(),
});
export type Balance = z.infer<typeof balanceSchema>;

export const balanceResponseSchema = z.object({ success: z.literal(true), balance: balanceSchema });

export const withdrawalBodySchema = z.object({
  amount: z
    .number({ error: 'Informe o valor do saque' })
    .positive('Informe um valor maior que zero')
    .max(1_000_000_000, 'Valor alto demais')
    .refine(
      (n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6,
      'Use no máximo duas casas decimais',
    ),
});
export type WithdrawalBody = z.infer<typeof withdrawalBodySchema>;

export const payoutSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  currency: z.string(),
  rail: z.enum(PAYOUT_RAILS),
  status: z.enum(PAYOUT_STATUSES),
  destination: z.string(),
  automatic: z.boolean(),
  reference: z.string().nullable(),
  failureReason: z.string().nullable(),
  requestedAt: z.string(),
  paidAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutsResponseSchema = z.object({
  success: z.literal(true),
  payouts: z.array(payoutSchema),
});

export const payoutResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  payout: payoutSchema,
});

export const statementMonthSchema = z
  .string()
  .regex(STATEMENT_MONTH, 'Mês inválido: use AAAA-MM, como 2026-11');

// Operator

/** A withdrawal as the console lists it: whose it is, and its batch once approved. */
export interface OperatorPayout extends Payout {
  educatorId: string;
  educatorName: string | null;
  educatorEmail: string | null;
  batch: string | null;
  approvedAt: string | null;
}

export const opsPayoutsQuerySchema = z.object({
  status: z
    .enum(PAYOUT_STATUSES, { error: `Estado inválido: use ${PAYOUT_STATUSES.join(', ')}` })
    .optional(),
});

export const opsExportQuerySchema = z.object({
  rail: z.enum(PAYOUT_RAILS, { error: `Meio inválido: use ${PAYOUT_RAILS.join(', ')}` }),
});

export const payoutPaidBodySchema = z.object({
  reference: text(100, 'Informe a referência do banco'),
});

export const payoutFailedBodySchema = z.object({
  reason: text(300, 'Informe o motivo da falha'),
});
