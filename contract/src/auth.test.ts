import { describe, expect, it } from 'vitest';
import { signInBodySchema, signUpBodySchema } from './auth';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('signUpBodySchema', () => {
  it('when the fields are valid, then name is trimmed and the e-mail trimmed and lower-cased', () => {
    const parsed = signUpBodySchema.parse({
      name: '  Ana ',
      email: ' Ana@Mail.COM ',
      password: '12345678',
    });
    expect(parsed).toEqual({ name: 'Ana', email: 'ana@mail.com', password: '12345678' });
  });

  it('when the e-mail is not an e-mail, then the Portuguese message', () => {
    const result = signUpBodySchema.safeParse({ name: 'Ana', email: 'ana@', password: '12345678' });
    expect(firstMessage(result)).toBe('Informe um e-mail válido');
  });

  it('when the password is shorter than 8 or longer than 200, then it is refused', () => {
    expect(
      signUpBodySchema.safeParse({ name: 'Ana', email: 'a@b.pt', password: '1234567' }).success,
    ).toBe(false);
    expect(
      signUpBodySchema.safeParse({ name: 'Ana', email: 'a@b.pt', password: 'x'.repeat(201) })
        .success,
    ).toBe(false);
    expect(
      signUpBodySchema.safeParse({ name: 'Ana', email: 'a@b.pt', password: 'x'.repeat(200) })
        .success,
    ).toBe(true);
  });

  it('when the name is blank or over 80 characters, then it is refused', () => {
    expect(
      signUpBodySchema.safeParse({ name: '   ', email: 'a@b.pt', password: '12345678' }).success,
    ).toBe(false);
    expect(
      signUpBodySchema.safeParse({ name: 'n'.repeat(81), email: 'a@b.pt', password: '12345678' })
        .success,
    ).toBe(false);
  });

  it('when the name holds NUL or a right-to-left override, then the name is refused by name', () => {
    for (const name of ['Ana\u0000', 'Ana \u202Eartsinimda']) {
      expect(
        firstMessage(signUpBodySchema.safeParse({ name, email: 'a@b.pt', password: '12345678' })),
      ).toBe('O nome contém caracteres não permitidos (de controle ou invisíveis)');
    }
  });

  it('when the name is decomposed, then it is kept composed; the password is kept as typed', () => {
    const parsed = signUpBodySchema.parse({
      name: 'Joa\u0303o',
      email: 'a@b.pt',
      password: 'pa\u0303o-12345',
    });
    expect(parsed.name).toBe('João');
    expect(parsed.password).toBe('pa\u0303o-12345');
  });

  it('when the password holds a control character, then it is refused', () => {
    expect(
      firstMessage(
        signUpBodySchema.safeParse({ name: 'Ana', email: 'a@b.pt', password: '1234\u00005678' }),
      ),
    ).toBe('A senha contém caracteres não permitidos (de controle ou invisíveis)');
  });

  it('when the e-mail is longer than 254 characters, then it is refused', () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(email.length).toBe(254);
    expect(signUpBodySchema.safeParse({ name: 'Ana', email, password: '12345678' }).success).toBe(
      true,
    );
    const tooLong = `${'a'.repeat(64)}@${'b'.repeat(186)}.com`;
    expect(
      signUpBodySchema.safeParse({ name: 'Ana', email: tooLong, password: '12345678' }).success,
    ).toBe(false);
  });
});

describe('signInBodySchema', () => {
  it('when the password is empty, then it is refused', () => {
    expect(signInBodySchema.safeParse({ email: 'a@b.pt', password: '' }).success).toBe(false);
  });

  it('when the password holds NUL, then it is refused as at sign-up', () => {
    expect(
      firstMessage(signInBodySchema.safeParse({ email: 'a@b.pt', password: 'senha\u0000' })),
    ).toBe('A senha contém caracteres não permitidos (de controle ou invisíveis)');
  });

  it('when the e-mail has capitals, then it is compared lower-cased', () => {
    expect(signInBodySchema.parse({ email: 'A@B.PT', password: 'x' }).email).toBe('a@b.pt');
  });
});
