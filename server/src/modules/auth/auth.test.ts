import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { authResponseSchema } from '@aprendiz/contract/auth';
import { errorResponseSchema } from '@aprendiz/contract/common';
import { users } from '../../db/schema/users';
import { createTestContext, type TestContext } from '../../test/test-app';
import { EMAIL_TAKEN, WRONG_CREDENTIALS } from './auth.service';

let ctx: TestContext;
beforeAll(async () => {
  // Rate limits have their own test; here every attempt must reach the handlers.
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: '10000' });
});
afterAll(() => ctx.close());

const PASSWORD = 'correto-cavalo-bateria';

function uniqueEmail(): string {
  return `aluno-${randomUUID().slice(0, 8)}@exemplo.pt`;
}

function signUp(body: unknown) {
  return request(ctx.app)
    .post('/api/auth/sign-up')
    .send(body as object);
}

function signIn(body: unknown) {
  return request(ctx.app)
    .post('/api/auth/sign-in')
    .send(body as object);
}

async function rowsWithEmail(email: string) {
  return ctx.database.db.select().from(users).where(eq(users.email, email));
}

async function userCount(): Promise<number> {
  return (await ctx.database.db.select({ id: users.id }).from(users)).length;
}

describe('POST /api/auth/sign-up', () => {
  it('when a visitor signs up, then 201 with a working token and the user, and the password is stored only as a scrypt hash', async () => {
    const email = uniqueEmail();
    const res = await signUp({
      name: '  Ana Sousa ',
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
    });

    expect(res.status).toBe(201);
    const body = authResponseSchema.parse(res.body);
    expect(body.user).toEqual({
      _id: expect.stringMatching(/^usr_[0-9a-f]{24}$/),
      name: 'Ana Sousa',
      email,
      imageUrl: '',
      role: 'student',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/i);

    const [row] = await rowsWithEmail(email);
    expect(row?.id).toBe(body.user._id);
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);

    const me = await request(ctx.app)
      .get('/api/user/data')
      .set('Authorization', `Bearer ${body.token}`);
    expect(me.status).toBe(200);
    expect(me.body.user._id).toBe(body.user._id);
  });

  it('when the e-mail already has an account in another letter case, then 409 and no second row', async () => {
    const email = uniqueEmail();
    expect((await signUp({ name: 'Primeira', email, password: PASSWORD })).status).toBe(201);

    const res = await signUp({
      name: 'Segunda',
      email: email.toUpperCase(),
      password: 'outra-senha-longa',
    });

    expect(res.status).toBe(409);
    expect(errorResponseSchema.parse(res.body).message).toBe(EMAIL_TAKEN);
    const rows = await rowsWithEmail(email);
    expect(rows.map((row) => row.name)).toEqual(['Primeira']);
  });

  it('when two sign-ups with one e-mail race, then exactly one account is created and the other gets 409', async () => {
    const email = uniqueEmail();
    const results = await Promise.all([
      signUp({ name: 'A', email, password: PASSWORD }),
      signUp({ name: 'B', email: email.toUpperCase(), password: PASSWORD }),
    ]);

    expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(await rowsWithEmail(email)).toHaveLength(1);
  });

  it.each([
    [
      'the name is missing',
      { email: 'x@exemplo.pt', password: PASSWORD },
      'Campo obrigatório ausente: name',
    ],
    [
      'the name is blank',
      { name: '   ', email: 'x@exemplo.pt', password: PASSWORD },
      'Informe o seu nome',
    ],
    [
      'the name is longer than 80 characters',
      { name: 'a'.repeat(81), email: 'x@exemplo.pt', password: PASSWORD },
      'O nome deve ter no máximo 80 caracteres',
    ],
    [
      'the e-mail is missing',
      { name: 'Ana', password: PASSWORD },
      'Campo obrigatório ausente: email',
    ],
    [
      'the e-mail is malformed',
      { name: 'Ana', email: 'ana@', password: PASSWORD },
      'Informe um e-mail válido',
    ],
    [
      'the e-mail is not a string',
      { name: 'Ana', email: 42, password: PASSWORD },
      'Informe um e-mail válido',
    ],
    [
      'the password is missing',
      { name: 'Ana', email: 'x@exemplo.pt' },
      'Campo obrigatório ausente: password',
    ],
    [
      'the password is shorter than 8 characters',
      { name: 'Ana', email: 'x@exemplo.pt', password: '1234567' },
      'A senha deve ter pelo menos 8 caracteres',
    ],
  ])(
    'when %s, then 400 with the field message and nothing is stored',
    async (_case, body, message) => {
      const before = await userCount();

      const res = await signUp(body);

      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message });
      expect(await userCount()).toBe(before);
    },
  );

  it('when the body is not valid JSON, then 400 and nothing is stored', async () => {
    const before = await userCount();

    const res = await request(ctx.app)
      .post('/api/auth/sign-up')
      .set('Content-Type', 'application/json')
      .send('{"name": "Ana", "email": ');

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'O corpo do pedido não é JSON válido' });
    expect(await userCount()).toBe(before);
  });
});

describe('POST /api/auth/sign-in', () => {
  async function registered() {
    const email = uniqueEmail();
    const res = await signUp({ name: 'Bruno Lima', email, password: PASSWORD });
    return { email, user: authResponseSchema.parse(res.body).user };
  }

  it('when the e-mail (in any case, with spaces) and password match, then 200 with a token for that user', async () => {
    const { email, user } = await registered();

    const res = await signIn({ email: ` ${email.toUpperCase()}`, password: PASSWORD });

    expect(res.status).toBe(200);
    const body = authResponseSchema.parse(res.body);
    expect(body.user).toEqual(user);
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/i);
    const me = await request(ctx.app)
      .get('/api/user/data')
      .set('Authorization', `Bearer ${body.token}`);
    expect(me.body.user.email).toBe(email);
  });

  it('when the password is wrong, or the e-mail has no account, then 401 with one same message', async () => {
    const { email } = await registered();

    const wrongPassword = await signIn({ email, password: 'nao-e-esta-senha' });
    const unknownEmail = await signIn({ email: uniqueEmail(), password: PASSWORD });

    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ success: false, message: WRONG_CREDENTIALS });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('when the e-mail has no account, then the answer takes about as long as a wrong password (a hash is still checked)', async () => {
    const { email } = await registered();
    async function elapsed(body: object): Promise<number> {
      const started = performance.now();
      await signIn(body);
      return performance.now() - started;
    }
    // Warm the one-off dummy hash first so its creation is not what is measured.
    await elapsed({ email: uniqueEmail(), password: PASSWORD });

    const known = Math.min(
      await elapsed({ email, password: 'errada-1234' }),
      await elapsed({ email, password: 'errada-5678' }),
    );
    const unknown = Math.min(
      await elapsed({ email: uniqueEmail(), password: PASSWORD }),
      await elapsed({ email: uniqueEmail(), password: PASSWORD }),
    );

    expect(unknown).toBeGreaterThan(known * 0.5);
  });

  it('when the account was mirrored from Clerk and has no password, then 401 whatever is typed', async () => {
    const { user } = await ctx.createUser();

    const res = await signIn({ email: user.email, password: PASSWORD });

    expect(res.status).toBe(401);
    expect(res.body.message).toBe(WRONG_CREDENTIALS);
  });

  it.each([
    ['the e-mail is missing', { password: PASSWORD }, 'Campo obrigatório ausente: email'],
    [
      'the e-mail is malformed',
      { email: 'sem-arroba', password: PASSWORD },
      'Informe um e-mail válido',
    ],
    ['the password is missing', { email: 'x@exemplo.pt' }, 'Campo obrigatório ausente: password'],
    ['the password is empty', { email: 'x@exemplo.pt', password: '' }, 'Informe a senha'],
  ])('when %s, then 400 with the field message', async (_case, body, message) => {
    const res = await signIn(body);

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message });
  });

  it('when the body is not valid JSON, then 400', async () => {
    const res = await request(ctx.app)
      .post('/api/auth/sign-in')
      .set('Content-Type', 'application/json')
      .send('{email');

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'O corpo do pedido não é JSON válido' });
  });

  it('when local accounts are on, then the Clerk webhook does not exist', async () => {
    const res = await request(ctx.app).post('/api/webhooks/clerk').send({ type: 'user.created' });

    expect(res.status).toBe(404);
  });
});
