import { describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGE_MAX,
  contactErrorsSchema,
  onlineBodySchema,
  validateContactSubmission,
} from './site';

describe('validateContactSubmission', () => {
  it('when e-mail and message are valid, then both are returned trimmed', () => {
    expect(validateContactSubmission({ email: ' ana@mail.pt ', message: ' Olá! ' })).toEqual({
      ok: true,
      value: { email: 'ana@mail.pt', message: 'Olá!' },
    });
  });

  it('when both keys are missing, then REQUIRED_FIELD_MISSING for each', () => {
    expect(validateContactSubmission({})).toEqual({
      ok: false,
      errors: [
        { field: 'email', code: 'REQUIRED_FIELD_MISSING', message: 'is required' },
        { field: 'message', code: 'REQUIRED_FIELD_MISSING', message: 'is required' },
      ],
    });
  });

  it('when the body is not an object, then every field is missing', () => {
    for (const body of [null, 'texto', 42, ['a']]) {
      const result = validateContactSubmission(body);
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect(result.errors.map((e) => e.code)).toEqual([
          'REQUIRED_FIELD_MISSING',
          'REQUIRED_FIELD_MISSING',
        ]);
    }
  });

  it('when a field is blank, then REQUIRED_FIELD_EMPTY', () => {
    const result = validateContactSubmission({ email: '   ', message: '' });
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: 'email', code: 'REQUIRED_FIELD_EMPTY', message: 'is required' },
        { field: 'message', code: 'REQUIRED_FIELD_EMPTY', message: 'is required' },
      ],
    });
  });

  it('when a field is not a string, then TYPE_TEXT', () => {
    const result = validateContactSubmission({ email: 5, message: { a: 1 } });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors.map((e) => [e.field, e.code])).toEqual([
        ['email', 'TYPE_TEXT'],
        ['message', 'TYPE_TEXT'],
      ]);
  });

  it('when the e-mail is malformed, then TYPE_EMAIL with the hosted-service message', () => {
    expect(validateContactSubmission({ email: 'ana@', message: 'Olá' })).toEqual({
      ok: false,
      errors: [{ field: 'email', code: 'TYPE_EMAIL', message: 'should be an email' }],
    });
  });

  it('when the message is over the limit, then TYPE_TEXT naming the limit; at the limit it passes', () => {
    expect(
      validateContactSubmission({ email: 'a@b.pt', message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) }),
    ).toEqual({
      ok: false,
      errors: [
        { field: 'message', code: 'TYPE_TEXT', message: 'should be at most 5000 characters' },
      ],
    });
    expect(
      validateContactSubmission({ email: 'a@b.pt', message: 'x'.repeat(CONTACT_MESSAGE_MAX) }).ok,
    ).toBe(true);
  });

  it('when the message holds NUL or a bidi override, then TYPE_TEXT for the message', () => {
    for (const message of ['Olá\u0000', 'Olá \u202Edlrow']) {
      expect(validateContactSubmission({ email: 'a@b.pt', message })).toEqual({
        ok: false,
        errors: [
          {
            field: 'message',
            code: 'TYPE_TEXT',
            message: 'should not contain control or invisible characters',
          },
        ],
      });
    }
  });

  it('when the message has line breaks and decomposed accents, then they are kept, composed', () => {
    expect(
      validateContactSubmission({
        email: 'a@b.pt',
        message: 'Bom dia,\r\nquero informac\u0327a\u0303o.',
      }),
    ).toEqual({ ok: true, value: { email: 'a@b.pt', message: 'Bom dia,\r\nquero informação.' } });
  });

  it('when errors are returned, then they fit the response schema', () => {
    const result = validateContactSubmission({ email: 'x' });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(contactErrorsSchema.safeParse({ errors: result.errors }).success).toBe(true);
  });
});

describe('onlineBodySchema', () => {
  it('when the client id is blank or over 64 characters, then it is refused', () => {
    expect(onlineBodySchema.safeParse({ clientId: '  ' }).success).toBe(false);
    expect(onlineBodySchema.safeParse({ clientId: 'x'.repeat(65) }).success).toBe(false);
    expect(onlineBodySchema.parse({ clientId: ' abc ' })).toEqual({ clientId: 'abc' });
    expect(onlineBodySchema.safeParse({ clientId: 'abc\u0000' }).success).toBe(false);
  });
});
