import { z } from 'zod';
import { authUserSchema, emailSchema, newPasswordSchema, personNameSchema } from './auth';
import { secretSchema, textSchema } from './text-schemas';

/** How long a mailed password-reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** The same answer whether or not the e-mail has an account, so the form reveals none. */
export const FORGOT_PASSWORD_ANSWER =
  'Se existir uma conta com este e-mail, enviamos um link para redefinir a senha. Veja sua caixa de entrada (e o spam).';

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

const INVALID_LINK = 'Link de redefinição inválido';

/** A link that was used, has expired or was never ours: the reset page recognises these words. */
export const RESET_LINK_INVALID =
  'Este link de redefinição é inválido, já foi usado ou expirou. Peça um novo em "Esqueceu a senha?".';

export const resetPasswordBodySchema = z.object({
  // The token is 43 base64url characters; anything else cannot be one of ours.
  token: textSchema({ field: 'O link de redefinição', typeError: INVALID_LINK, trim: true })
    .min(1, INVALID_LINK)
    .max(200, INVALID_LINK),
  password: newPasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** POST /api/auth/reset-password/check: whether a mailed link still works, asked on arrival. */
export const resetLinkCheckBodySchema = resetPasswordBodySchema.pick({ token: true });
export const resetLinkCheckResponseSchema = z.object({
  success: z.literal(true),
  usable: z.boolean(),
});
export type ResetLinkCheckResponse = z.infer<typeof resetLinkCheckResponseSchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: secretSchema({
    field: 'A senha atual',
    typeError: 'Informe a senha atual',
  }).min(1, 'Informe a senha atual'),
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The text fields of PATCH /api/user/profile (JSON, or multipart with the photo in `image`). */
export const profileInputSchema = z.object({ name: personNameSchema.optional() });
export type ProfileInput = z.infer<typeof profileInputSchema>;

export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** A changed password signs every session out; the one that changed it gets a fresh token. */
export const changePasswordResponseSchema = messageResponseSchema.extend({ token: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

export const profileResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: authUserSchema,
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** A mail kept by the development outbox (no SMTP_URL outside production). */
export const outboxMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxResponseSchema = z.object({
  success: z.literal(true),
  mails: z.array(outboxMailSchema),
});
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;
