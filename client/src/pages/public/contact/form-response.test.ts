import { describe, expect, it } from 'vitest';
import { parseFormResponse, UNEXPECTED_RESPONSE } from './form-response';

describe('parseFormResponse', () => {
  it('when the answer is {ok: true, next}, then it is a success', () => {
    expect(parseFormResponse({ ok: true, next: 'https://example.com/thanks' })).toEqual({
      ok: true,
      next: 'https://example.com/thanks',
    });
  });

  it('when errors name fields, then their messages are grouped per field in order', () => {
    const outcome = parseFormResponse({
      errors: [
        { field: 'email', code: 'REQUIRED_FIELD_EMPTY', message: 'is required' },
        { field: 'message', code: 'REQUIRED_FIELD_MISSING', message: 'is required' },
        { field: 'email', code: 'TYPE_EMAIL', message: 'should be an email' },
      ],
    });
    expect(outcome).toEqual({
      ok: false,
      fieldErrors: { email: ['is required', 'should be an email'], message: ['is required'] },
      formErrors: [],
    });
  });

  it('when errors name no field, then they are form errors with known codes kept and others UNSPECIFIED', () => {
    const outcome = parseFormResponse({
      errors: [
        { code: 'INACTIVE', message: 'Form is inactive' },
        { code: 'SOMETHING_NEW', message: 'Odd' },
        { field: '', code: 'BLOCKED', message: 'Blocked' },
      ],
    });
    expect(outcome).toEqual({
      ok: false,
      fieldErrors: {},
      formErrors: [
        { code: 'INACTIVE', message: 'Form is inactive' },
        { code: 'UNSPECIFIED', message: 'Odd' },
        { code: 'BLOCKED', message: 'Blocked' },
      ],
    });
  });

  it('when the answer is a single error string, then it is a form error', () => {
    expect(parseFormResponse({ error: 'Too many requests' })).toEqual({
      ok: false,
      fieldErrors: {},
      formErrors: [{ code: 'UNSPECIFIED', message: 'Too many requests' }],
    });
  });

  it.each([
    ['null', null],
    ['a string', 'ok'],
    ['an empty object', {}],
    ['an empty error list', { errors: [] }],
    ['an error without a message', { errors: [{ field: 'email', code: 'TYPE_EMAIL' }] }],
    ['ok false with next', { ok: false, next: '/x' }],
  ])('when the answer is %s, then it is "Unexpected response format"', (_label, body) => {
    expect(parseFormResponse(body)).toEqual({
      ok: false,
      fieldErrors: {},
      formErrors: [{ code: 'UNSPECIFIED', message: UNEXPECTED_RESPONSE }],
    });
  });
});
