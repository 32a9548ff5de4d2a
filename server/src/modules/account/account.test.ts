import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import {
  changePasswordResponseSchema,
  FORGOT_PASSWORD_ANSWER,
  profileResponseSchema,
} from '@aprendiz/contract/account';
import { authResponseSchema } from '@aprendiz/contract/auth';
import { passwordResetTokens, revokedSessions } from '../../db/schema/account-tokens';
import { users } from '../../db/schema/users';
import { RATE_LIMITED } from '../../http/rate-limit';
import { PHOTO_MESSAGES } from '../../http/upload';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture';
import { createTestContext, type TestContext } from '../../test/test-app';
import { clerkTestEnv, newClerkWebhookSecret } from '../../test/fixtures/clerk-fixtures';
import { WRONG_CREDENTIALS } from '../auth/auth.service';
import { MANAGED_BY_CLERK } from './account.routes';
import {
  ACCOUNT_JOBS,
  NOTHING_TO_CHANGE,
  RESET_LINK_INVALID,
  WRONG_CURRENT_PASSWORD,
} from './account.service';
import { PROFILE_PHOTO_SIZE } from './profile-photo';

const PASSWORD = 'senha-antiga-segura';
const NEW_PASSWORD = 'senha-nova-bem-longa';

let smtp: SmtpCapture;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  // Rate limits have their own test below; here every request must reach the handlers.
  ctx = await createTestContext({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_MAX: '10000' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

function uniqueEmail(): string {
  return `conta-${randomUUID().slice(0, 8)}@exemplo.pt`;
}

/** A local account made through the API, so it has a real password and a real session token. */
async function signUp(name = 'Ana Sousa') {
  const email = uniqueEmail();
  const res = await request(ctx.app)
    .post('/api/auth/sign-up')
    .send({ name, email, password: PASSWORD });
  expect(res.status).toBe(201);
  const body = authResponseSchema.parse(res.body);
  return { email, id: body.user._id, token: body.token, auth: bearer(body.token) };
}

async function signIn(email: string, password: string) {
  return request(ctx.app).post('/api/auth/sign-in').send({ email, password });
}

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

async function userData(auth: Record<string, string>) {
  return request(ctx.app).get('/api/user/data').set(auth);
}

async function userRow(id: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function resetRowsOf(userId: string) {
  return ctx.database.db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.userId, userId));
}

/** Asks for a reset link and reads the token out of the mail that arrives. */
async function mailedResetToken(email: string): Promise<string> {
  const before = smtp.mails.length;
  const res = await request(ctx.app).post('/api/auth/forgot-password').send({ email });
  expect(res.status).toBe(200);
  const mail = await smtp.waitFor(
    (m) => m.to === email && smtp.mails.indexOf(m) >= before && m.subject.includes('senha'),
  );
  const match = /http:\/\/app\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  expect(match).not.toBeNull();
  return match![1]!;
}

describe('POST /api/auth/forgot-password', () => {
  it('when the e-mail has an account, then the neutral answer and a mailed single-use link, stored only as a hash for 1 hour', async () => {
    const account = await signUp('Rita Gomes');
    const started = Date.now();
    const res = await request(ctx.app)
      .post('/api/auth/forgot-password')
      .send({ email: ` ${account.email.toUpperCase()} ` });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: FORGOT_PASSWORD_ANSWER });
    // The sign-up's own confirmation link goes to the same address: this is the other mail.
    const mail = await smtp.waitFor((m) => m.to === account.email && m.subject.includes('senha'));
    expect(mail.subject).toBe('Redefinir sua senha na Aprendiz');
    expect(mail.text).toContain('Olá, Rita Gomes.');
    const token = /reset-password\?token=([A-Za-z0-9_-]{43})\n/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    expect(mail.html).toContain(`href="http://app.test/reset-password?token=${token}"`);

    const [row, ...others] = await resetRowsOf(account.id);
    expect(others).toHaveLength(0);
    expect(row!.tokenHash).toBe(createHash('sha256').update(token!).digest('base64url'));
    expect(row!.tokenHash).not.toContain(token!);
    expect(row!.usedAt).toBeNull();
    const lifetime = row!.expiresAt.getTime() - started;
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 5000);
  });

  it('when the e-mail has no account, then the very same answer, and nothing is stored or sent', async () => {
    const email = uniqueEmail();
    const count = async () =>
      (
        await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(passwordResetTokens)
      )[0]!.n;
    const before = await count();
    const res = await request(ctx.app).post('/api/auth/forgot-password').send({ email });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: FORGOT_PASSWORD_ANSWER });
    expect(await count()).toBe(before);
    // A mail to a real account sent afterwards arrives; none ever went to the unknown address.
    const known = await signUp();
    await mailedResetToken(known.email);
    expect(smtp.mails.some((m) => m.to === email)).toBe(false);
  });

  it('when one address has an account and the other has none, then both answers are byte for byte the same and each request queues one look-up job', async () => {
    const known = await signUp('Clara Reis');
    const unknown = uniqueEmail();
    const requestJobs = async () =>
      (await ctx.deps.jobs.list({ name: ACCOUNT_JOBS.passwordResetRequest, limit: 1000 })).map(
        (job) => job.id,
      );
    const before = new Set(await requestJobs());

    const forKnown = await request(ctx.app)
      .post('/api/auth/forgot-password')
      .send({ email: known.email });
    const afterKnown = (await requestJobs()).filter((id) => !before.has(id));
    const forUnknown = await request(ctx.app)
      .post('/api/auth/forgot-password')
      .send({ email: unknown });
    const afterUnknown = (await requestJobs()).filter(
      (id) => !before.has(id) && !afterKnown.includes(id),
    );

    expect(afterKnown).toHaveLength(1);
    expect(afterUnknown).toHaveLength(1);
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.text).toBe(forKnown.text);
    expect(forUnknown.headers['cache-control']).toBe(forKnown.headers['cache-control']);
    // The job, not the request, found the account: only the known address gets a link.
    await smtp.waitFor((m) => m.to === known.email && m.subject.includes('senha'));
    expect((await resetRowsOf(known.id)).length).toBe(1);
    await expect
      .poll(
        async () =>
          (await ctx.deps.jobs.list({ name: ACCOUNT_JOBS.passwordResetRequest, limit: 1000 }))
            .filter((job) => afterUnknown.includes(job.id))
            .map((job) => job.state),
        { timeout: 15_000 },
      )
      .toEqual(['completed']);
    expect(smtp.mails.some((m) => m.to === unknown)).toBe(false);
  });

  it.each([
    ['the e-mail is missing', {}, 'Campo obrigatório ausente: email'],
    ['the e-mail is not one', { email: 'sem-arroba' }, 'Informe um e-mail válido'],
    ['the e-mail is a number', { email: 42 }, 'Informe um e-mail válido'],
    [
      'the e-mail holds NUL',
      { email: 'a\u0000b@exemplo.pt' },
      'O e-mail contém caracteres não permitidos (de controle ou invisíveis)',
    ],
  ])('when %s, then 400 with the reason', async (_case, body, message) => {
    const res = await request(ctx.app).post('/api/auth/forgot-password').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message });
  });
});

describe('POST /api/auth/reset-password', () => {
  it('when the mailed token and a new password are sent, then the new password signs in, the old one and every old session do not', async () => {
    const account = await signUp();
    const otherDevice = await signIn(account.email, PASSWORD);
    const token = await mailedResetToken(account.email);

    const res = await request(ctx.app)
      .post('/api/auth/reset-password')
      .send({ token, password: NEW_PASSWORD });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Senha alterada. Entre com a nova senha.' });
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);
    const old = await signIn(account.email, PASSWORD);
    expect(old.status).toBe(401);
    expect(old.body.message).toBe(WRONG_CREDENTIALS);
    expect((await userData(account.auth)).status).toBe(401);
    expect((await userData(bearer(otherDevice.body.token))).status).toBe(401);
    expect((await resetRowsOf(account.id))[0]!.usedAt).not.toBeNull();
  });

  it('when the same link is used again, then 400 and the password stays the one it set', async () => {
    const account = await signUp();
    const token = await mailedResetToken(account.email);
    const first = await request(ctx.app)
      .post('/api/auth/reset-password')
      .send({ token, password: NEW_PASSWORD });
    expect(first.status).toBe(200);
    const hashAfterFirst = (await userRow(account.id)).passwordHash;

    const again = await request(ctx.app)
      .post('/api/auth/reset-password')
      .send({ token, password: 'terceira-senha-longa' });

    expect(again.status).toBe(400);
    expect(again.body).toEqual({ success: false, message: RESET_LINK_INVALID });
    expect((await userRow(account.id)).passwordHash).toBe(hashAfterFirst);
  });

  it('when two links were mailed and one is used, then the other no longer works', async () => {
    const account = await signUp();
    const older = await mailedResetToken(account.email);
    const newer = await mailedResetToken(account.email);
    expect(
      (
        await request(ctx.app)
          .post('/api/auth/reset-password')
          .send({ token: newer, password: NEW_PASSWORD })
      ).status,
    ).toBe(200);
    const res = await request(ctx.app)
      .post('/api/auth/reset-password')
      .send({ token: older, password: 'terceira-senha-longa' });
    expect(res.status).toBe(400);
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('when the link is over an hour old, then 400 and the password is unchanged', async () => {
    const account = await signUp();
    const token = await mailedResetToken(account.email);
    await ctx.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, account.id));
    const before = await userRow(account.id);

    const res = await request(ctx.app)
      .post('/api/auth/reset-password')
      .send({ token, password: NEW_PASSWORD });

    expect(res.status).toBe(400);
    expect(res.body.message).toBe(RESET_LINK_INVALID);
    const after = await userRow(account.id);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.sessionVersion).toBe(before.sessionVersion);
    expect((await userData(account.auth)).status).toBe(200);
  });

  it.each([
    ['the token is made up', { token: 'x'.repeat(43), password: NEW_PASSWORD }, RESET_LINK_INVALID],
    ['the token is missing', { password: NEW_PASSWORD }, 'Campo obrigatório ausente: token'],
    ['the token is blank', { token: '  ', password: NEW_PASSWORD }, 'Link de redefinição inválido'],
    [
      'the token holds a bidi control',
      { token: 'ab\u202Ecd', password: NEW_PASSWORD },
      'O link de redefinição contém caracteres não permitidos (de controle ou invisíveis)',
    ],
    [
      'the token is an object',
      { token: { $ne: '' }, password: NEW_PASSWORD },
      'Link de redefinição inválido',
    ],
  ])('when %s, then 400', async (_case, body, message) => {
    const res = await request(ctx.app).post('/api/auth/reset-password').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message });
  });

  it('when the new password is too short, then 400 and the link still works afterwards', async () => {
    const account = await signUp();
    const token = await mailedResetToken(account.email);
    const short = await request(ctx.app)
      .post('/api/auth/reset-password')
      .send({ token, password: 'curta' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('A senha deve ter pelo menos 8 caracteres');
    expect((await resetRowsOf(account.id))[0]!.usedAt).toBeNull();
    expect(
      (
        await request(ctx.app)
          .post('/api/auth/reset-password')
          .send({ token, password: NEW_PASSWORD })
      ).status,
    ).toBe(200);
  });
});

describe('POST /api/auth/reset-password/check', () => {
  const check = (token: unknown) =>
    request(ctx.app).post('/api/auth/reset-password/check').send({ token });

  it('when a mailed link is opened, then it is usable; once used, or when made up, it is not, and checking changes nothing', async () => {
    const account = await signUp();
    const token = await mailedResetToken(account.email);

    const fresh = await check(token);
    expect(fresh.status).toBe(200);
    expect(fresh.headers['cache-control']).toBe('no-store');
    expect(fresh.body).toEqual({ success: true, usable: true });
    expect((await resetRowsOf(account.id))[0]!.usedAt).toBeNull();

    await request(ctx.app)
      .post('/api/auth/reset-password')
      .send({ token, password: NEW_PASSWORD })
      .expect(200);
    expect((await check(token)).body).toEqual({ success: true, usable: false });
    expect((await check('x'.repeat(43))).body).toEqual({ success: true, usable: false });
  });

  it('when the link has expired, then it is not usable', async () => {
    const account = await signUp();
    const token = await mailedResetToken(account.email);
    await ctx.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, account.id));
    expect((await check(token)).body).toEqual({ success: true, usable: false });
  });

  it('when no token is sent, then 400 in Portuguese', async () => {
    for (const token of [undefined, '', 42]) {
      const res = await check(token);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/link de redefinição|Campo obrigatório ausente: token/i);
    }
  });
});

describe('POST /api/auth/sign-out', () => {
  it('when a session signs out, then its token is refused from then on and other sessions go on', async () => {
    const account = await signUp();
    const other = await signIn(account.email, PASSWORD);

    const res = await request(ctx.app).post('/api/auth/sign-out').set(account.auth);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Sessão terminada' });
    expect((await userData(account.auth)).status).toBe(401);
    expect((await request(ctx.app).post('/api/auth/sign-out').set(account.auth)).status).toBe(401);
    expect((await userData(bearer(other.body.token))).status).toBe(200);
    const revoked = await ctx.database.db
      .select()
      .from(revokedSessions)
      .where(eq(revokedSessions.userId, account.id));
    expect(revoked).toHaveLength(1);
    expect(revoked[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
  });

  it('when an educator made by the test helper signs out, then that token stops working too', async () => {
    const educator = await ctx.createUser({ role: 'educator' });
    expect((await request(ctx.app).post('/api/auth/sign-out').set(educator.auth)).status).toBe(200);
    expect((await userData(educator.auth)).status).toBe(401);
  });

  it('when there is no token or a forged one, then 401 and nothing is stored', async () => {
    const before = await ctx.database.db.select().from(revokedSessions);
    expect((await request(ctx.app).post('/api/auth/sign-out')).status).toBe(401);
    const forged = await request(ctx.app)
      .post('/api/auth/sign-out')
      .set('Authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.forged');
    expect(forged.status).toBe(401);
    expect(await ctx.database.db.select().from(revokedSessions)).toHaveLength(before.length);
  });
});

describe('POST /api/user/change-password', () => {
  it('when the current password is right, then a fresh token works and every older session is signed out', async () => {
    const account = await signUp();
    const other = await signIn(account.email, PASSWORD);

    const res = await request(ctx.app)
      .post('/api/user/change-password')
      .set(account.auth)
      .send({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });

    expect(res.status).toBe(200);
    const body = changePasswordResponseSchema.parse(res.body);
    expect(body.message).toBe('Senha alterada. As outras sessões foram terminadas.');
    expect((await userData(bearer(body.token))).status).toBe(200);
    expect((await userData(account.auth)).status).toBe(401);
    expect((await userData(bearer(other.body.token))).status).toBe(401);
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(account.email, PASSWORD)).status).toBe(401);
    expect((await userRow(account.id)).sessionVersion).toBe(1);
  });

  it('when a reset link was mailed before the password change, then it no longer works and is marked used', async () => {
    const account = await signUp();
    const token = await mailedResetToken(account.email);

    await request(ctx.app)
      .post('/api/user/change-password')
      .set(account.auth)
      .send({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD })
      .expect(200);

    const rows = await resetRowsOf(account.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.usedAt).not.toBeNull();
    const reset = await request(ctx.app)
      .post('/api/auth/reset-password')
      .send({ token, password: 'senha-do-atacante-123' });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(RESET_LINK_INVALID);
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('when the current password is wrong, then 400 (the session stays) and nothing changes', async () => {
    const account = await signUp();
    const before = await userRow(account.id);

    const res = await request(ctx.app)
      .post('/api/user/change-password')
      .set(account.auth)
      .send({ currentPassword: 'nao-e-esta', newPassword: NEW_PASSWORD });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: WRONG_CURRENT_PASSWORD });
    expect(await userRow(account.id)).toEqual(before);
    expect((await userData(account.auth)).status).toBe(200);
  });

  it('when the account has no password (made without one), then 400', async () => {
    const student = await ctx.createUser();
    const res = await request(ctx.app)
      .post('/api/user/change-password')
      .set(student.auth)
      .send({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect((await userRow(student.user.id)).passwordHash).toBeNull();
  });

  it.each([
    [
      'the new password is short',
      { currentPassword: PASSWORD, newPassword: 'curta' },
      'A senha deve ter pelo menos 8 caracteres',
    ],
    [
      'the current password is missing',
      { newPassword: NEW_PASSWORD },
      'Campo obrigatório ausente: currentPassword',
    ],
    [
      'the new password is missing',
      { currentPassword: PASSWORD },
      'Campo obrigatório ausente: newPassword',
    ],
    [
      'the new password holds NUL',
      { currentPassword: PASSWORD, newPassword: 'senha\u0000longa123' },
      'A senha contém caracteres não permitidos (de controle ou invisíveis)',
    ],
  ])('when %s, then 400 and the password is unchanged', async (_case, body, message) => {
    const account = await signUp();
    const before = await userRow(account.id);
    const res = await request(ctx.app)
      .post('/api/user/change-password')
      .set(account.auth)
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message });
    expect((await userRow(account.id)).passwordHash).toBe(before.passwordHash);
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(ctx.app)
      .post('/api/user/change-password')
      .send({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(401);
  });
});

describe('PATCH /api/user/profile', () => {
  async function png(width: number, height: number): Promise<Buffer> {
    return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
      .png()
      .toBuffer();
  }

  it('when a student sends a new name as JSON, then it is saved and answered', async () => {
    const student = await ctx.createUser({ name: 'Antigo' });
    const res = await request(ctx.app)
      .patch('/api/user/profile')
      .set(student.auth)
      .send({ name: '  Nome Novo ' });

    expect(res.status).toBe(200);
    const body = profileResponseSchema.parse(res.body);
    expect(body.user).toMatchObject({ _id: student.user.id, name: 'Nome Novo', imageUrl: '' });
    expect((await userRow(student.user.id)).name).toBe('Nome Novo');
  });

  it('when an educator sends a photo and a name, then the photo is re-encoded to a 256×256 WebP and served', async () => {
    const educator = await ctx.createUser({ role: 'educator' });
    const res = await request(ctx.app)
      .patch('/api/user/profile')
      .set(educator.auth)
      .field('name', 'Prof. Joana')
      .attach('image', await png(800, 400), { filename: 'eu.png', contentType: 'image/png' });

    expect(res.status).toBe(200);
    const { user } = profileResponseSchema.parse(res.body);
    expect(user.name).toBe('Prof. Joana');
    expect(user.imageUrl).toMatch(/^\/uploads\/.+\.webp$/);
    expect((await userRow(educator.user.id)).imageUrl).toBe(user.imageUrl);
    const served = await request(ctx.app).get(user.imageUrl).buffer(true);
    expect(served.status).toBe(200);
    const meta = await sharp(served.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([
      'webp',
      PROFILE_PHOTO_SIZE,
      PROFILE_PHOTO_SIZE,
    ]);
  });

  it('when the photo is not an image, then 400 and the profile is unchanged', async () => {
    const student = await ctx.createUser({ name: 'Sem Foto' });
    const res = await request(ctx.app)
      .patch('/api/user/profile')
      .set(student.auth)
      .field('name', 'Outro')
      .attach('image', Buffer.from('<svg onload=alert(1)>'), {
        filename: 'x.png',
        contentType: 'image/png',
      });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PHOTO_MESSAGES.notAnImage);
    expect(await userRow(student.user.id)).toMatchObject({ name: 'Sem Foto', imageUrl: '' });
  });

  it('when the photo is over 5 MB, then 413 and nothing changes', async () => {
    const student = await ctx.createUser({ name: 'Grande' });
    const res = await request(ctx.app)
      .patch('/api/user/profile')
      .set(student.auth)
      .attach('image', Buffer.alloc(5 * 1024 * 1024 + 1), {
        filename: 'big.png',
        contentType: 'image/png',
      });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(PHOTO_MESSAGES.tooLarge);
    expect((await userRow(student.user.id)).imageUrl).toBe('');
  });

  it.each([
    ['nothing is sent', {}, NOTHING_TO_CHANGE],
    ['the name is blank', { name: '   ' }, 'Informe o seu nome'],
    ['the name is too long', { name: 'a'.repeat(81) }, 'O nome deve ter no máximo 80 caracteres'],
    ['the name is a number', { name: 7 }, 'Informe o seu nome'],
    [
      'the name holds a zero-width space',
      { name: 'Ana\u200BSousa' },
      'O nome contém caracteres não permitidos (de controle ou invisíveis)',
    ],
  ])('when %s, then 400 and the name is unchanged', async (_case, body, message) => {
    const student = await ctx.createUser({ name: 'Fica Igual' });
    const res = await request(ctx.app).patch('/api/user/profile').set(student.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message });
    expect((await userRow(student.user.id)).name).toBe('Fica Igual');
  });

  it('when nobody is signed in, then 401 before the upload is read', async () => {
    const res = await request(ctx.app)
      .patch('/api/user/profile')
      .attach('image', await png(10, 10), { filename: 'a.png', contentType: 'image/png' });
    expect(res.status).toBe(401);
  });
});

describe('rate limits', () => {
  it('when one e-mail asks for links past half the sign-in budget, then 429 and no more links are mailed', async () => {
    const limited = await createTestContext({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_MAX: '4' });
    try {
      const email = uniqueEmail();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await request(limited.app).post('/api/auth/forgot-password').send({ email })).status,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
      const res = await request(limited.app).post('/api/auth/forgot-password').send({ email });
      expect(res.body).toEqual({ success: false, message: RATE_LIMITED });
      // Sign-in keeps its own budget.
      expect(
        (await request(limited.app).post('/api/auth/sign-in').send({ email, password: 'x' }))
          .status,
      ).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('when one address tries reset tokens past the budget, then 429', async () => {
    const limited = await createTestContext({ AUTH_RATE_LIMIT_MAX: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await request(limited.app)
          .post('/api/auth/reset-password')
          .send({ token: `palpite-${i}`, password: NEW_PASSWORD });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('with Clerk', () => {
  let clerk: TestContext;
  beforeAll(async () => {
    clerk = await createTestContext(clerkTestEnv(newClerkWebhookSecret()));
  });
  afterAll(() => clerk.close());

  it.each([
    ['post', '/api/auth/forgot-password', { email: 'a@exemplo.pt' }],
    ['post', '/api/auth/reset-password', { token: 't', password: NEW_PASSWORD }],
    ['post', '/api/auth/sign-out', {}],
    ['post', '/api/user/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }],
    ['patch', '/api/user/profile', { name: 'Nome' }],
  ] as const)(
    'when %s %s is called, then 403 saying Clerk manages the account',
    async (method, path, body) => {
      const res = await request(clerk.app)[method](path).send(body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, message: MANAGED_BY_CLERK });
    },
  );

  it('when the rest of the API is used, then it still answers', async () => {
    expect((await request(clerk.app).get('/api/course/all')).status).toBe(200);
  });
});
