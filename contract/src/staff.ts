import { z } from 'zod';
import { COURSE_REVIEW_CHECKLIST, TAKEDOWN_KINDS } from './rules/course-status';
import { secretSchema, textSchema } from './text-schemas';

/**
 * The operators of a site, beside a person's learner/educator role: `admin` may do everything in
 * the console; `support` reads everything and takes the safe actions (resend a receipt, retry a job).
 */
export const STAFF_ROLES = ['admin', 'support'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** What an admin may set on a person in the console: a staff role, or none. */
export const setStaffRoleBodySchema = z.object({
  role: z.enum([...STAFF_ROLES, 'none'], {
    message: 'Escolha um papel: admin, support ou none',
  }),
});
export type SetStaffRoleBody = z.infer<typeof setStaffRoleBodySchema>;

/** A reason an operator writes down (suspension, takedown): the person is told it. */
export const operatorReasonSchema = textSchema({
  field: 'O motivo',
  typeError: 'Informe o motivo',
  trim: true,
})
  .min(3, 'Informe o motivo (pelo menos 3 caracteres)')
  .max(500, 'O motivo deve ter no máximo 500 caracteres');

export const suspendBodySchema = z.object({ reason: operatorReasonSchema });
export type SuspendBody = z.infer<typeof suspendBodySchema>;

/** One six-digit code from an authenticator app, or one recovery code (xxxxx-xxxxx). */
export const twoStepCodeSchema = textSchema({
  field: 'O código',
  typeError: 'Informe o código',
  trim: true,
})
  .transform((code) => code.replaceAll(' ', '').toLowerCase())
  .pipe(
    z
      .string()
      .regex(
        /^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/,
        'Informe os 6 dígitos do aplicativo ou um código de recuperação',
      ),
  );

export const twoStepCodeBodySchema = z.object({ code: twoStepCodeSchema });
export type TwoStepCodeBody = z.infer<typeof twoStepCodeBodySchema>;

export const twoStepSignInBodySchema = z.object({
  challenge: secretSchema({
    field: 'A etapa de verificação',
    typeError: 'A etapa de verificação expirou: entre de novo',
  })
    .min(20, 'A etapa de verificação expirou: entre de novo')
    .max(200, 'A etapa de verificação expirou: entre de novo'),
  code: twoStepCodeSchema,
});
export type TwoStepSignInBody = z.infer<typeof twoStepSignInBodySchema>;

export interface TwoStepStatus {
  enabled: boolean;
  /** Recovery codes not used yet (0 when two-step is off). */
  recoveryCodesLeft: number;
}

export interface TwoStepSetup {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code, an SVG data URL made on the server. */
  qrCode: string;
}

/** How many recovery codes enabling two-step hands out. */
export const RECOVERY_CODE_COUNT = 10;

/** Searching people in the console: a name, an e-mail or an id, at least 2 characters. */
export const adminUserSearchSchema = z.object({
  q: z
    .string({ message: 'Informe o que procurar' })
    .trim()
    .min(2, 'Digite pelo menos 2 caracteres')
    .max(200, 'A busca deve ter no máximo 200 caracteres'),
});

export const auditQuerySchema = z.object({
  target: textSchema({ field: 'O alvo', trim: true })
    .max(200, 'O alvo deve ter no máximo 200 caracteres')
    .optional(),
  actor: textSchema({ field: 'A pessoa', trim: true })
    .max(200, 'A pessoa deve ter no máximo 200 caracteres')
    .optional(),
  format: z.enum(['json', 'csv'], { message: 'Formato inválido: use json ou csv' }).default('json'),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export interface AuditEntry {
  id: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  address: string | null;
  createdAt: string;
}

/** What a suspended person is told when a session or a sign-in is refused. */
export function suspendedMessage(reason: string | null): string {
  return `Sua conta está suspensa${reason ? `: ${reason}` : ''}. Fale com o suporte se achar que é um engano.`;
}

/** A person as the console lists them. */
export interface AdminUserSummary {
  _id: string;
  name: string;
  email: string;
  role: 'student' | 'educator';
  staffRole: StaffRole | null;
  suspended: boolean;
  createdAt: string;
}

/** A purchase as the console shows it: everything support needs to find a payment. */
export interface AdminPurchase {
  _id: string;
  userId: string;
  userEmail: string;
  courseId: string;
  courseTitle: string;
  amount: number;
  currency: string;
  status: string;
  method: string | null;
  provider: string;
  providerRef: string | null;
  paidRef: string | null;
  /** The voucher's reference (Multibanco, ProxyPay), when the method issues one. */
  voucherReference: string | null;
  couponId: string | null;
  createdAt: string;
  completedAt: string | null;
  refundedAt: string | null;
  refundReason: string | null;
}

export interface AdminManualRefund {
  purchaseId: string;
  userEmail: string;
  courseTitle: string;
  amount: number;
  currency: string;
  provider: string;
  method: string | null;
  destination: string | null;
  createdAt: string;
  paidAt: string | null;
}

/** One open session as the console lists it: the profile's list, without 'this device'. */
export interface AdminSession {
  _id: string;
  browser: string;
  system: string;
  /** The network address last seen; empty when unknown. */
  address: string;
  firstSeenAt: string;
  lastSeenAt: string;
}

export interface AdminPerson extends AdminUserSummary {
  imageUrl: string;
  suspendedAt: string | null;
  suspensionReason: string | null;
  twoStepEnabled: boolean;
  enrollments: { courseId: string; courseTitle: string; enrolledAt: string }[];
  purchases: AdminPurchase[];
  refunds: AdminManualRefund[];
  certificates: { _id: string; courseTitle: string; completedAt: string }[];
  /** Sessions still open (local sign-in only; empty with Clerk), the latest seen first. */
  sessions: AdminSession[];
}

/** Money over one window, per currency. */
export interface OverviewMoney {
  currency: string;
  sales: number;
  salesAmount: number;
  refunds: number;
  refundsAmount: number;
  awaiting: number;
}

export interface AdminOverview {
  windows: { days: 1 | 7 | 30; money: OverviewMoney[] }[];
  failedJobs: number;
  openReports: number;
  manualRefundsOpen: number;
  coursesInReview: number;
  /** Educator applications waiting for a decision (EDUCATOR_APPLICATIONS=on). */
  applicationsPending: number;
  /** Withdrawals asked for and not yet approved, or approved and not yet paid. */
  payoutsOpen: number;
  people: number;
}

export interface AdminReportedPost {
  kind: 'question' | 'answer' | 'review';
  _id: string;
  /** The question the post belongs to; null for a review. */
  questionId: string | null;
  courseId: string;
  courseTitle: string;
  authorId: string;
  authorName: string;
  body: string;
  hidden: boolean;
  reportCount: number;
  reasons: string[];
  lastReportedAt: string;
}

/** Marking a refund made by hand as paid: the bank or Pix transfer's reference. */
export const manualRefundPaidBodySchema = z.object({
  reference: textSchema({ field: 'A referência', typeError: 'Informe a referência', trim: true })
    .min(1, 'Informe a referência da transferência')
    .max(200, 'A referência deve ter no máximo 200 caracteres'),
});

export const purchaseSearchSchema = z.object({
  q: z
    .string({ message: 'Informe o que procurar' })
    .trim()
    .min(2, 'Digite pelo menos 2 caracteres')
    .max(200, 'A busca deve ter no máximo 200 caracteres'),
});

/** Hiding a post from the console: the note its author sees. */
export const moderationHideBodySchema = z.object({
  note: textSchema({ field: 'A nota', typeError: 'Informe a nota', trim: true })
    .min(1, 'Diga por que o conteúdo foi ocultado')
    .max(500, 'A nota deve ter no máximo 500 caracteres'),
});

/** Asking an educator for changes: what failed on the checklist, and a note in the reviewer's words. */
export const requestChangesBodySchema = z.object({
  checklist: z
    .array(z.enum(COURSE_REVIEW_CHECKLIST, { message: 'Item da lista de revisão desconhecido' }), {
      message: 'Marque o que precisa mudar',
    })
    .max(COURSE_REVIEW_CHECKLIST.length, 'Item repetido na lista de revisão')
    .refine((items) => new Set(items).size === items.length, 'Item repetido na lista de revisão')
    .default([]),
  note: textSchema({
    field: 'A nota',
    typeError: 'Escreva a nota para o educador',
    trim: true,
    multiline: true,
  })
    .min(3, 'Escreva a nota para o educador (pelo menos 3 caracteres)')
    .max(2000, 'A nota deve ter no máximo 2000 caracteres'),
});
export type RequestChangesBody = z.infer<typeof requestChangesBodySchema>;

/** Without a kind, a takedown is for a broken rule: its learners keep access. */
export const takedownBodySchema = z.object({
  kind: z
    .enum(TAKEDOWN_KINDS, { message: 'Escolha o tipo: policy ou rights_claim' })
    .default('policy'),
  reason: operatorReasonSchema,
});
export type TakedownBody = z.infer<typeof takedownBodySchema>;

/** A course waiting in the review queue. */
export interface AdminReviewCourse {
  _id: string;
  courseTitle: string;
  educatorId: string;
  educatorName: string;
  educatorEmail: string;
  coursePrice: number;
  discount: number;
  status: string;
  lectureCount: number;
  createdAt: string;
}

/** POST /api/auth/sign-in when two-step is on: the password was right, and a code is asked next. */
export const twoStepPendingResponseSchema = z.object({
  success: z.literal(true),
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export type TwoStepPendingResponse = z.infer<typeof twoStepPendingResponseSchema>;
