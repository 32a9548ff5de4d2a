import { z } from 'zod';
import { hasUnsafeCharacters } from './rules/safe-text';
import { textSchema } from './text-schemas';

export const onlineBodySchema = z.object({
  clientId: textSchema({
    field: 'O identificador de cliente',
    typeError: 'Identificador de cliente inválido',
    trim: true,
  })
    .min(1, 'Identificador de cliente inválido')
    .max(64, 'Identificador de cliente inválido'),
});
export type OnlineBody = z.infer<typeof onlineBodySchema>;

export const CONTACT_MESSAGE_MAX = 5000;

export const contactFieldErrorCodeSchema = z.enum([
  'REQUIRED_FIELD_EMPTY',
  'REQUIRED_FIELD_MISSING',
  'TYPE_EMAIL',
  'TYPE_NUMERIC',
  'TYPE_TEXT',
  'STRIPE_CLIENT_ERROR',
  'STRIPE_SCA_ERROR',
]);
export type ContactFieldErrorCode = z.infer<typeof contactFieldErrorCodeSchema>;

export const contactFieldErrorSchema = z.object({
  field: z.string(),
  code: contactFieldErrorCodeSchema,
  message: z.string(),
});
export type ContactFieldError = z.infer<typeof contactFieldErrorSchema>;

export const contactSuccessSchema = z.object({ ok: z.literal(true), next: z.string() });
export type ContactSuccess = z.infer<typeof contactSuccessSchema>;

export const contactErrorsSchema = z.object({ errors: z.array(contactFieldErrorSchema) });
export type ContactErrors = z.infer<typeof contactErrorsSchema>;

export interface ContactSubmission {
  email: string;
  message: string;
}

export type ContactValidation =
  { ok: true; value: ContactSubmission } | { ok: false; errors: ContactFieldError[] };

const isEmail = (value: string): boolean => z.email().safeParse(value).success;

/**
 * The checks of the hosted form service the contact page was written for. Messages stay in that
 * service's English style because the client prefixes them with the field label ('Email is required').
 */
function checkText(
  body: Record<string, unknown>,
  field: keyof ContactSubmission,
): ContactFieldError | string {
  if (!(field in body) || body[field] === undefined || body[field] === null) {
    return { field, code: 'REQUIRED_FIELD_MISSING', message: 'is required' };
  }
  const value = body[field];
  if (typeof value !== 'string') {
    return { field, code: 'TYPE_TEXT', message: 'should be text' };
  }
  const text = value.normalize('NFC').trim();
  if (text === '') {
    return { field, code: 'REQUIRED_FIELD_EMPTY', message: 'is required' };
  }
  // The same refusals as every other text field (see rules/safe-text); line breaks only in the message.
  if (hasUnsafeCharacters(text, { multiline: field === 'message' })) {
    return {
      field,
      code: 'TYPE_TEXT',
      message: 'should not contain control or invisible characters',
    };
  }
  return text;
}

export function validateContactSubmission(body: unknown): ContactValidation {
  const fields: Record<string, unknown> =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const errors: ContactFieldError[] = [];

  const email = checkText(fields, 'email');
  if (typeof email !== 'string') {
    errors.push(email);
  } else if (!isEmail(email)) {
    errors.push({ field: 'email', code: 'TYPE_EMAIL', message: 'should be an email' });
  }

  const message = checkText(fields, 'message');
  if (typeof message !== 'string') {
    errors.push(message);
  } else if (message.length > CONTACT_MESSAGE_MAX) {
    errors.push({
      field: 'message',
      code: 'TYPE_TEXT',
      message: `should be at most ${CONTACT_MESSAGE_MAX} characters`,
    });
  }

  if (typeof email === 'string' && typeof message === 'string' && errors.length === 0) {
    return { ok: true, value: { email, message } };
  }
  return { ok: false, errors };
}
