import { z } from 'zod';
import { emailSchema } from './auth';
import { secretSchema, textSchema } from './text-schemas';

/** How long a mailed e-mail confirmation link works. */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_VERIFICATION_TTL_TEXT = '24 horas';

const INVALID_LINK = 'Link de confirmação inválido';

/** A link that was used, has expired, was replaced or was never ours. */
export const VERIFY_LINK_INVALID =
  'Este link de confirmação é inválido, já foi usado ou expirou. Entre na sua conta e peça outro em "Reenviar".';

export const EMAIL_ALREADY_VERIFIED = 'Seu e-mail já está confirmado.';

/** Refused by `requireVerifiedEmail`: what reaches money beyond a new account's needs. */
export const EMAIL_NOT_VERIFIED =
  'Confirme seu e-mail antes de continuar: use o link que enviamos ou peça outro em "Reenviar".';

/** POST /api/auth/verify-email: the token is 43 base64url characters, from the link's `?token=`. */
export const verifyEmailBodySchema = z.object({
  token: textSchema({ field: 'O link de confirmação', typeError: INVALID_LINK, trim: true })
    .min(1, INVALID_LINK)
    .max(200, INVALID_LINK),
});
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

export const verifyEmailResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  email: z.string(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** POST /api/account/email: a new address, confirmed by the password; the old one stays until then. */
export const changeEmailBodySchema = z.object({
  email: emailSchema,
  password: secretSchema({ field: 'A senha', typeError: 'Informe a sua senha' }).min(
    1,
    'Informe a sua senha',
  ),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

/** GET /api/account/email: the address in use, whether it is confirmed, and a change waiting. */
export const emailStatusSchema = z.object({
  email: z.string(),
  verified: z.boolean(),
  pendingEmail: z.string().nullable(),
});
export type EmailStatus = z.infer<typeof emailStatusSchema>;
export const emailStatusResponseSchema = z.object({
  success: z.literal(true),
  status: emailStatusSchema,
});

/** One place a person is signed in, as the profile lists it. */
export const accountSessionSchema = z.object({
  _id: z.string(),
  browser: z.string(),
  system: z.string(),
  /** The network address last seen; empty when unknown. */
  address: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.object({
  success: z.literal(true),
  sessions: z.array(accountSessionSchema),
});
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;

/** DELETE /api/account/sessions/:id */
export const sessionIdParamsSchema = z.object({
  id: z.uuid({ error: 'Sessão não encontrada' }),
});

/** Ending the other sessions gives this device a fresh token (see the service for why). */
export const endOtherSessionsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ended: z.number(),
  token: z.string(),
});
export type EndOtherSessionsResponse = z.infer<typeof endOtherSessionsResponseSchema>;

export { CONSENT_TOPICS, CONSENT_WORDING, type ConsentTopic } from './rules/consent';

/** Where a choice was made: the profile, a mail's one-click link, or the opt-outs kept before. */
export const CONSENT_SOURCES = ['profile', 'link', 'before-records'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** Where a privacy request or the policy's questions go; set by the operator. */
export const privacyPolicyResponseSchema = z.object({
  success: z.literal(true),
  controllerName: z.string(),
  contactEmail: z.string(),
});
export type PrivacyPolicyResponse = z.infer<typeof privacyPolicyResponseSchema>;
