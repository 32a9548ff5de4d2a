/** The form-level codes the hosted form service may answer; any other is 'UNSPECIFIED'. */
export const FORM_ERROR_CODES = [
  'BLOCKED',
  'EMPTY',
  'FILES_TOO_BIG',
  'FORM_NOT_FOUND',
  'INACTIVE',
  'NO_FILE_UPLOADS',
  'PROJECT_NOT_FOUND',
  'TOO_MANY_FILES',
] as const;
export type FormErrorCode = (typeof FORM_ERROR_CODES)[number] | 'UNSPECIFIED';

export const UNEXPECTED_RESPONSE = 'Unexpected response format';

export type FormError = { code: FormErrorCode; message: string };

export type FormOutcome =
  | { ok: true; next: string }
  | {
      ok: false;
      /** Messages per field name, in the order the service sent them. */
      fieldErrors: Record<string, string[]>;
      formErrors: FormError[];
    };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function formErrorCode(code: unknown): FormErrorCode {
  return FORM_ERROR_CODES.find((known) => known === code) ?? 'UNSPECIFIED';
}

export function formFailure(message: string): FormOutcome {
  return { ok: false, fieldErrors: {}, formErrors: [{ code: 'UNSPECIFIED', message }] };
}

/**
 * Reads the hosted form service's answer (also what our /api/contact sends): `{ok, next}` on success,
 * `{errors: [{field?, code, message}]}` or `{error}` on failure; anything else is unexpected.
 */
export function parseFormResponse(body: unknown): FormOutcome {
  if (!isRecord(body)) return formFailure(UNEXPECTED_RESPONSE);

  if (typeof body.next === 'string' && body.ok !== false && !('errors' in body)) {
    return { ok: true, next: body.next };
  }

  if (Array.isArray(body.errors)) {
    const fieldErrors: Record<string, string[]> = {};
    const formErrors: FormError[] = [];
    for (const item of body.errors) {
      if (!isRecord(item) || typeof item.message !== 'string') {
        return formFailure(UNEXPECTED_RESPONSE);
      }
      if (typeof item.field === 'string' && item.field !== '') {
        (fieldErrors[item.field] ??= []).push(item.message);
      } else {
        formErrors.push({ code: formErrorCode(item.code), message: item.message });
      }
    }
    if (Object.keys(fieldErrors).length === 0 && formErrors.length === 0) {
      return formFailure(UNEXPECTED_RESPONSE);
    }
    return { ok: false, fieldErrors, formErrors };
  }

  if (typeof body.error === 'string' && body.error !== '') return formFailure(body.error);

  return formFailure(UNEXPECTED_RESPONSE);
}
