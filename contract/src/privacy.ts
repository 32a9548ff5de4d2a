import { z } from 'zod';
import { secretSchema } from './text-schemas';

/**
 * A person's rights over their data (LGPD art. 18, GDPR arts. 15, 17 and 20, Angola's Lei 22/11):
 * take a copy away, and close the account. The numbers and words both the server and the
 * profile page use.
 */

/** What stands in for the name of a closed account wherever its public posts stay. */
export const REMOVED_PERSON_NAME = 'Pessoa removida';

/** The export's download link works this long after the file is ready. */
export const EXPORT_LINK_DAYS = 7;
/** One export a day: building it reads every table the person is in. */
export const EXPORT_EVERY_HOURS = 24;
/**
 * An export still being prepared this long after it was asked for is given up: its job died (the
 * process was killed) or kept failing past the queue's retries, so it reads as failed and the person
 * may ask again at once. Building one takes seconds; the queue retries a dead attempt within
 * minutes.
 */
export const EXPORT_PENDING_LIMIT_MINUTES = 30;
/** What the profile and the status endpoint say of an export that was given up. */
export const EXPORT_FAILED_MESSAGE =
  'Não conseguimos preparar o arquivo. Peça uma nova cópia: ela não conta no limite de um pedido por dia.';
/** The LGPD gives the controller 15 days to answer a request (art. 19, II). */
export const PRIVACY_ANSWER_DAYS = 15;
/** Days between 'Excluir minha conta' and the retirement, unless the server says otherwise. */
export const DEFAULT_DELETION_COOL_OFF_DAYS = 14;
/** A sign-in this recent stands in for the password when closing the account. */
export const RECENT_SIGN_IN_MINUTES = 10;

export const EXPORT_STATUSES = ['pending', 'ready', 'expired', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const DELETION_STATUSES = ['scheduled', 'cancelled', 'done'] as const;
export type DeletionStatus = (typeof DELETION_STATUSES)[number];

export const PRIVACY_REQUEST_KINDS = ['export', 'deletion'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

const WRONG_PASSWORD_TYPE = 'Informe a sua senha';

/** POST /api/account/delete: the password, or nothing when the sign-in is recent. */
export const deleteAccountBodySchema = z.object({
  password: secretSchema({ field: 'A senha', typeError: WRONG_PASSWORD_TYPE })
    .min(1, WRONG_PASSWORD_TYPE)
    .max(200, 'A senha tem no máximo 200 caracteres')
    .optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const exportRequestIdSchema = z.uuid({ message: 'Pedido não encontrado' });

export const exportStartedResponseSchema = z.object({
  success: z.literal(true),
  requestId: z.string(),
});

export const exportStatusResponseSchema = z.object({
  success: z.literal(true),
  status: z.enum(EXPORT_STATUSES),
  url: z.string().optional(),
  expiresAt: z.string().optional(),
  /** Said when the export failed: what happened and what to do. */
  message: z.string().optional(),
});
export type ExportStatusResponse = z.infer<typeof exportStatusResponseSchema>;

export const deletionScheduledResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  scheduledFor: z.string(),
});

/** What an educator must settle before the account can close, each said in full. */
export const deletionBlockerSchema = z.object({
  kind: z.enum(['published-course', 'learners', 'balance']),
  message: z.string(),
});
export type DeletionBlocker = z.infer<typeof deletionBlockerSchema>;

/** GET /api/account/privacy: the profile section's state. */
export const privacyStateResponseSchema = z.object({
  success: z.literal(true),
  export: z
    .object({
      requestId: z.string(),
      status: z.enum(EXPORT_STATUSES),
      requestedAt: z.string(),
      url: z.string().optional(),
      expiresAt: z.string().optional(),
      /** When the next export may be asked for; absent when it may be now. */
      nextAllowedAt: z.string().optional(),
      /** Said when the export failed: what happened and what to do. */
      message: z.string().optional(),
    })
    .nullable(),
  deletion: z.object({ scheduledFor: z.string() }).nullable(),
  blockers: z.array(deletionBlockerSchema),
  coolOffDays: z.number().int(),
  /** Local accounts confirm with the password; Clerk ones with a recent sign-in. */
  needsPassword: z.boolean(),
});
export type PrivacyState = z.infer<typeof privacyStateResponseSchema>;

/** One line of the operators' privacy list. */
export const privacyRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  userId: z.string(),
  status: z.string(),
  requestedAt: z.string(),
  dueAt: z.string(),
  completedAt: z.string().nullable(),
  scheduledFor: z.string().nullable(),
  /** Open past its LGPD deadline. */
  overdue: z.boolean(),
});
export type PrivacyRequestView = z.infer<typeof privacyRequestSchema>;

/** A line of the console's privacy list: the request, with whose it is. */
export interface AdminPrivacyRequest extends PrivacyRequestView {
  userName: string | null;
  userEmail: string | null;
}

export const privacyRequestsQuerySchema = z.object({
  kind: z
    .enum(PRIVACY_REQUEST_KINDS, { message: 'Tipo inválido: use export ou deletion' })
    .optional(),
  open: z.enum(['1', '0'], { message: 'Use open=1 para só os pedidos em aberto' }).optional(),
  limit: z.coerce
    .number({ message: 'O limite é um número de 1 a 1000' })
    .int('O limite é um número de 1 a 1000')
    .min(1, 'O limite é um número de 1 a 1000')
    .max(1000, 'O limite é um número de 1 a 1000')
    .default(200),
});

/** The date a request made at `at` must be answered by. */
export function privacyDeadline(at: Date): Date {
  return new Date(at.getTime() + PRIVACY_ANSWER_DAYS * 24 * 60 * 60 * 1000);
}
