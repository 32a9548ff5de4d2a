import { z } from 'zod';
import { hasUnsafeCharacters, unsafeTextMessage } from './rules/safe-text';

export interface TextSchemaOptions {
  /** Names the field in the refusal, with its article: 'O título do curso'. */
  field: string;
  /** The message when the value is not a string at all. */
  typeError?: string;
  /** Tabs and line breaks are allowed (descriptions, messages). */
  multiline?: boolean;
  /** Leading and trailing white space is dropped before the characters are checked. */
  trim?: boolean;
}

/**
 * The start of every string schema that reads client text: NFC-normalised (so 'é' typed two ways is
 * one title), then refused when it holds control, zero-width or bidi characters. Length and format
 * checks chain after it; it stays a z.string(), so .min(), .max() and .pipe() work as usual.
 */
export function textSchema(options: TextSchemaOptions): z.ZodString {
  const normalised = z
    .string(options.typeError ? { error: options.typeError } : undefined)
    .overwrite((text) => text.normalize('NFC'));
  return (options.trim ? normalised.trim() : normalised).refine(
    (text) => !hasUnsafeCharacters(text, { multiline: options.multiline }),
    unsafeTextMessage(options.field),
  );
}

/**
 * Passwords get the same refusals but are not normalised: a password is compared through its hash,
 * and normalising at sign-in would lock out any account whose password was stored as typed. Sign-up
 * and sign-in use this same schema, so what one accepts the other compares unchanged.
 */
export function secretSchema(options: Omit<TextSchemaOptions, 'multiline' | 'trim'>): z.ZodString {
  return z
    .string(options.typeError ? { error: options.typeError } : undefined)
    .refine((text) => !hasUnsafeCharacters(text), unsafeTextMessage(options.field));
}
