import { createHash, randomUUID } from 'node:crypto';
import express from 'express';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_ALREADY_VERIFIED,
  EMAIL_NOT_VERIFIED,
  VERIFY_LINK_INVALID,
  emailStatusResponseSchema,
} from '@aprendiz/contract/account-security';
import { authResponseSchema, userDataResponseSchema } from '@aprendiz/contract/auth';
import { emailVerificationTokens } from '../../db/schema/account-security';
import { users } from '../../db/schema/users';
import { requireAuth } from '../../http/auth';
import { errorHandler } from '../../http/error-handler';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture';
import { createTestContext, type TestContext } from '../../test/test-app';
import { clerkTestEnv, newClerkWebhookSecret } from '../../test/fixtures/clerk-fixtures';
import { MANAGED_BY_CLERK_SECURITY } from './account-security.routes';
import { EMAIL_IN_USE, SAME_EMAIL, WRONG_PASSWORD } from './email-verification';
import { requireVerifiedEmail } from './require-verified-email';

const PASSWORD = 'uma-senha-bem-longa';

let smtp: SmtpCapture;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestContext({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_MAX: '10000' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

function uniqueEmail(): string {
  return `pessoa-${randomUUID().slice(0, 8)}@exemplo.com.br`;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function signUp(name = 'Júlia Prado') {
  const email = uniqueEmail();
  const res = await request(ctx.app)
    .post('/api/auth/sign-up')
    .send({ name, email, password: PASSWORD });
  expect(res.status).toBe(201);
  const body = authResponseSchema.parse(res.body);
  return { email, id: body.user._id, token: body.token, auth: bearer(body.token) };
}

/** The token of the newest confirmation mail to `email` sent after `after` mails. */
async function mailedToken(email: string, after = 0): Promise<{ token: string; subject: string }> {
  const mail = await smtp.waitFor(
    (m) => m.to === email && smtp.mails.indexOf(m) >= after && m.subject.startsWith('Confirme'),
  );
  const token = /http:\/\/app\.test\/verify-email\?token=([A-Za-z0-9_-]{43})\n/.exec(
    mail.text,
  )?.[1];
  expect(token).toBeDefined();
  expect(mail.html).toContain(`href="http://app.test/verify-email?token=${token}"`);
  return { token: token!, subject: mail.subject };
}

async function userData(auth: { Authorization: string }) {
  const res = await request(ctx.app).get('/api/user/data').set(auth);
  expect(res.status).toBe(200);
  return userDataResponseSchema.parse(res.body).user;
}

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Makes the account's links look older, so the resend budget lets another go. */
async function ageLinks(userId: string, minutes: number) {
  await ctx.database.db
    .update(emailVerificationTokens)
    .set({
      createdAt: sql`${emailVerificationTokens.createdAt} - make_interval(mins => ${minutes})`,
    })
    .where(eq(emailVerificationTokens.userId, userId));
}

describe('confirming the e-mail of a new account', () => {
  it('when someone signs up, then a link is mailed, stored only as its hash for a day, and using it confirms the address once', async () => {
    const account = await signUp();
    expect((await userData(account.auth)).emailVerified).toBe(false);

    const { token, subject } = await mailedToken(account.email);
    expect(subject).toBe('Confirme seu e-mail na Aprendiz');
    const [row] = await ctx.database.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, account.id));
    expect(row!.tokenHash).toBe(hash(token));
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(24 * 3600_000 - 5000);
    expect(lifetime).toBeLessThanOrEqual(24 * 3600_000 + 5000);

    // No session needed: the link may be opened on another device.
    const res = await request(ctx.app).post('/api/auth/verify-email').send({ token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: `E-mail confirmado: ${account.email}`,
      email: account.email,
    });
    expect((await userData(account.auth)).emailVerified).toBe(true);

    const again = await request(ctx.app).post('/api/auth/verify-email').send({ token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ success: false, message: VERIFY_LINK_INVALID });
  });

  it('when the link has expired, then it is refused and the account stays unconfirmed', async () => {
    const account = await signUp();
    const { token } = await mailedToken(account.email);
    await ctx.database.db
      .update(emailVerificationTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailVerificationTokens.tokenHash, hash(token)));

    const res = await request(ctx.app).post('/api/auth/verify-email').send({ token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(VERIFY_LINK_INVALID);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, account.id));
    expect(row!.emailVerifiedAt).toBeNull();
  });

  it('when a made-up token is sent, then 400 and nothing changes', async () => {
    const res = await request(ctx.app)
      .post('/api/auth/verify-email')
      .send({ token: 'x'.repeat(43) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(VERIFY_LINK_INVALID);
  });

  it('when the same link is used twice at once, then exactly one use confirms', async () => {
    const account = await signUp();
    const { token } = await mailedToken(account.email);
    const [a, b] = await Promise.all([
      request(ctx.app).post('/api/auth/verify-email').send({ token }),
      request(ctx.app).post('/api/auth/verify-email').send({ token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
  });
});

describe("'Reenviar'", () => {
  it('when pressed right after sign-up, then 429 says how long to wait; a minute later a new link goes and both links work until one is used', async () => {
    const account = await signUp();
    const first = await mailedToken(account.email);

    const early = await request(ctx.app).post('/api/auth/verify-email/resend').set(account.auth);
    expect(early.status).toBe(429);
    expect(early.body.message).toMatch(/^Aguarde \d+ segundos? para reenviar o link\.$/);

    await ageLinks(account.id, 2);
    const before = smtp.mails.length;
    const res = await request(ctx.app).post('/api/auth/verify-email/resend').set(account.auth);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Enviamos um novo link para ${account.email}.`);
    const second = await mailedToken(account.email, before);
    expect(second.token).not.toBe(first.token);

    expect(
      (await request(ctx.app).post('/api/auth/verify-email').send({ token: second.token })).status,
    ).toBe(200);
    // The older link for the same address died with the confirmation.
    expect(
      (await request(ctx.app).post('/api/auth/verify-email').send({ token: first.token })).status,
    ).toBe(400);

    const done = await request(ctx.app).post('/api/auth/verify-email/resend').set(account.auth);
    expect(done.status).toBe(409);
    expect(done.body.message).toBe(EMAIL_ALREADY_VERIFIED);
  });

  it('when five links went out in the last hour, then the sixth waits for minutes, not seconds', async () => {
    const account = await signUp();
    await mailedToken(account.email);
    for (let i = 0; i < 4; i++) {
      await ageLinks(account.id, 2);
      expect(
        (await request(ctx.app).post('/api/auth/verify-email/resend').set(account.auth)).status,
      ).toBe(200);
    }
    await ageLinks(account.id, 2);
    const res = await request(ctx.app).post('/api/auth/verify-email/resend').set(account.auth);
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/minutos? para reenviar/);
    const rows = await ctx.database.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, account.id));
    expect(rows).toHaveLength(5);
  });

  it('when nobody is signed in, then 401', async () => {
    expect((await request(ctx.app).post('/api/auth/verify-email/resend')).status).toBe(401);
  });
});

// Several sign-ups and sign-ins (scrypt) per test: room for a busy machine.
describe('changing the e-mail', { timeout: 90_000 }, () => {
  it('when a new address is asked for with the password, then the account keeps the old one until the link to the new one is used, and the old one is told', async () => {
    const account = await signUp('Marcos Teles');
    await mailedToken(account.email);
    await ageLinks(account.id, 2);
    const newEmail = uniqueEmail();

    const before = smtp.mails.length;
    const res = await request(ctx.app)
      .post('/api/account/email')
      .set(account.auth)
      .send({ email: newEmail.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      `Enviamos um link para ${newEmail}. Sua conta continua usando ${account.email} até você confirmar.`,
    );
    const status = emailStatusResponseSchema.parse(
      (await request(ctx.app).get('/api/account/email').set(account.auth)).body,
    ).status;
    expect(status).toEqual({ email: account.email, verified: false, pendingEmail: newEmail });
    expect((await userData(account.auth)).email).toBe(account.email);

    const { token, subject } = await mailedToken(newEmail, before);
    expect(subject).toBe('Confirme seu novo e-mail na Aprendiz');
    const confirm = await request(ctx.app).post('/api/auth/verify-email').send({ token });
    expect(confirm.status).toBe(200);
    expect(confirm.body.email).toBe(newEmail);

    const now = await userData(account.auth);
    expect(now).toMatchObject({ email: newEmail, emailVerified: true });
    const told = await smtp.waitFor(
      (m) => m.to === account.email && m.subject.includes('alterado'),
    );
    expect(told.text).toContain(`agora é ${newEmail}`);
    expect(
      (
        await request(ctx.app)
          .post('/api/auth/sign-in')
          .send({ email: newEmail, password: PASSWORD })
      ).status,
    ).toBe(200);
    expect(
      (
        await request(ctx.app)
          .post('/api/auth/sign-in')
          .send({ email: account.email, password: PASSWORD })
      ).status,
    ).toBe(401);
  });

  it('when the password is wrong, the address is the same, or another account has it, then 4xx and no link is made', async () => {
    const account = await signUp();
    const other = await signUp();
    await ageLinks(account.id, 2);
    const linkCount = async () =>
      (
        await ctx.database.db
          .select()
          .from(emailVerificationTokens)
          .where(eq(emailVerificationTokens.userId, account.id))
      ).length;
    const start = await linkCount();
    const send = (body: object) =>
      request(ctx.app).post('/api/account/email').set(account.auth).send(body);

    const wrong = await send({ email: uniqueEmail(), password: 'nao-e-esta' });
    expect([wrong.status, wrong.body.message]).toEqual([400, WRONG_PASSWORD]);
    const same = await send({ email: account.email, password: PASSWORD });
    expect([same.status, same.body.message]).toEqual([400, SAME_EMAIL]);
    const taken = await send({ email: other.email, password: PASSWORD });
    expect([taken.status, taken.body.message]).toEqual([409, EMAIL_IN_USE]);
    expect(await linkCount()).toBe(start);
  });

  it('when another account takes the new address before the link is used, then the link is refused with 409 and nothing changes', async () => {
    const account = await signUp();
    await ageLinks(account.id, 2);
    const wanted = uniqueEmail();
    const before = smtp.mails.length;
    expect(
      (
        await request(ctx.app)
          .post('/api/account/email')
          .set(account.auth)
          .send({ email: wanted, password: PASSWORD })
      ).status,
    ).toBe(200);
    const { token } = await mailedToken(wanted, before);
    await request(ctx.app)
      .post('/api/auth/sign-up')
      .send({ name: 'Outra Pessoa', email: wanted, password: PASSWORD })
      .expect(201);

    const res = await request(ctx.app).post('/api/auth/verify-email').send({ token });
    expect([res.status, res.body.message]).toEqual([409, EMAIL_IN_USE]);
    expect((await userData(account.auth)).email).toBe(account.email);
  });
});

describe('requireVerifiedEmail', () => {
  function guarded() {
    const app = express();
    app.get('/payout', requireAuth(ctx.deps.auth), requireVerifiedEmail, (_req, res) => {
      res.json({ success: true });
    });
    app.use(errorHandler);
    return app;
  }

  it('when the address is not confirmed, then 403 says how to confirm; once confirmed, the route opens', async () => {
    const account = await signUp();
    const refused = await request(guarded()).get('/payout').set(account.auth);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: EMAIL_NOT_VERIFIED });

    const { token } = await mailedToken(account.email);
    await request(ctx.app).post('/api/auth/verify-email').send({ token }).expect(200);
    expect((await request(guarded()).get('/payout').set(account.auth)).status).toBe(200);
  });

  it('when a password reset link was used, then the address counts as confirmed (it received the link)', async () => {
    const account = await signUp();
    await request(ctx.app).post('/api/auth/forgot-password').send({ email: account.email });
    const mail = await smtp.waitFor((m) => m.to === account.email && m.subject.includes('senha'));
    const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
    await request(ctx.app)
      .post('/api/auth/reset-password')
      .send({ token, password: 'outra-senha-longa' })
      .expect(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, account.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
  });
});

describe('with Clerk', () => {
  it('when the confirmation or session endpoints are called, then 403 says Clerk keeps them, and the privacy facts still answer', async () => {
    const clerk = await createTestContext(clerkTestEnv(newClerkWebhookSecret()));
    try {
      for (const [method, path] of [
        ['post', '/api/auth/verify-email'],
        ['post', '/api/auth/verify-email/resend'],
        ['get', '/api/account/sessions'],
        ['post', '/api/account/sessions/end-others'],
        ['post', '/api/account/email'],
      ] as const) {
        const res = await request(clerk.app)[method](path).send({});
        expect([res.status, res.body.message]).toEqual([403, MANAGED_BY_CLERK_SECURITY]);
      }
      const privacy = await request(clerk.app).get('/api/site/privacy');
      expect(privacy.body).toEqual({ success: true, controllerName: 'Aprendiz', contactEmail: '' });
    } finally {
      await clerk.close();
    }
  });
});

describe('GET /api/site/privacy', () => {
  it('when the operator named the controller and contact, then the page gets both', async () => {
    const named = await createTestContext({
      PRIVACY_CONTROLLER_NAME: 'Aprendiz Educação Ltda.',
      PRIVACY_CONTACT_EMAIL: 'privacidade@aprendiz.example',
    });
    try {
      const res = await request(named.app).get('/api/site/privacy');
      expect(res.body).toEqual({
        success: true,
        controllerName: 'Aprendiz Educação Ltda.',
        contactEmail: 'privacidade@aprendiz.example',
      });
    } finally {
      await named.close();
    }
  });
});
