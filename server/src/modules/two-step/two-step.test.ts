import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { twoStepRecoveryCodes, twoStepSecrets } from '../../db/schema/staff';
import { codeFor } from '../../test/fixtures/staff-fixtures';
import { createTestContext, type TestContext } from '../../test/test-app';
import {
  CHALLENGE_EXPIRED,
  CODE_ALREADY_USED,
  MAX_WRONG_CODES,
  TOO_MANY_WRONG_CODES,
  WRONG_CODE,
} from './two-step.service';

let ctx: TestContext;
beforeAll(async () => {
  // Sign-ups and sign-ins through the API: the lowest scrypt cost the config allows.
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: '10000', PASSWORD_HASH_COST: '12' });
});
afterAll(() => ctx.close());

const PASSWORD = 'correto-cavalo-bateria';

/** A new local account, signed up through the API, with its token. */
async function signUp() {
  const email = `pessoa-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const res = await request(ctx.app)
    .post('/api/auth/sign-up')
    .send({ name: 'Bia', email, password: PASSWORD });
  expect(res.status).toBe(201);
  return {
    email,
    userId: res.body.user._id as string,
    auth: { Authorization: `Bearer ${res.body.token as string}` },
  };
}

/** Sets two-step up and turns it on; the secret and the recovery codes. */
async function enableTwoStep(auth: { Authorization: string }) {
  const setup = await request(ctx.app).post('/api/account/2fa/setup').set(auth);
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  const enable = await request(ctx.app)
    .post('/api/account/2fa/enable')
    .set(auth)
    .send({ code: await codeFor(secret) });
  expect(enable.status).toBe(200);
  return { secret, recoveryCodes: enable.body.recoveryCodes as string[] };
}

function passwordStep(email: string) {
  return request(ctx.app).post('/api/auth/sign-in').send({ email, password: PASSWORD });
}

function secondStep(challenge: string, code: string) {
  return request(ctx.app).post('/api/auth/sign-in/2fa').send({ challenge, code });
}

describe('two-step sign-in', () => {
  it('when a person sets it up, then the QR code is an SVG made on the server for an otpauth URL naming the site and the account', async () => {
    const { auth, email } = await signUp();
    const res = await request(ctx.app).post('/api/account/2fa/setup').set(auth);
    expect(res.status).toBe(200);
    expect(res.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(res.body.otpauthUrl).toBe(
      `otpauth://totp/Aprendiz:${encodeURIComponent(email)}?secret=${res.body.secret}&issuer=Aprendiz`,
    );
    const svg = Buffer.from(String(res.body.qrCode).split(',')[1]!, 'base64').toString();
    expect(res.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(svg).toContain('<svg');
    const status = await request(ctx.app).get('/api/account/2fa').set(auth);
    expect(status.body).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
  });

  it('when the first code is wrong, then 400 and two-step stays off; with the right one, ten recovery codes that the database keeps only hashed', async () => {
    const { auth, userId } = await signUp();
    const setup = await request(ctx.app).post('/api/account/2fa/setup').set(auth);
    const wrong = await request(ctx.app)
      .post('/api/account/2fa/enable')
      .set(auth)
      .send({ code: '000000' === (await codeFor(setup.body.secret)) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(WRONG_CODE);
    const [pending] = await ctx.database.db
      .select()
      .from(twoStepSecrets)
      .where(eq(twoStepSecrets.userId, userId));
    expect(pending!.enabledAt).toBeNull();

    const enable = await request(ctx.app)
      .post('/api/account/2fa/enable')
      .set(auth)
      .send({ code: await codeFor(setup.body.secret) });
    expect(enable.status).toBe(200);
    const codes = enable.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await ctx.database.db
      .select()
      .from(twoStepRecoveryCodes)
      .where(eq(twoStepRecoveryCodes.userId, userId));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes).not.toContain(row.codeHash);
    const status = await request(ctx.app).get('/api/account/2fa').set(auth);
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('when two-step is on, then the password alone gives no token but a challenge, and the app code finishes the sign-in', async () => {
    const { auth, email } = await signUp();
    const { secret } = await enableTwoStep(auth);
    const first = await passwordStep(email);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      twoFactorRequired: true,
      challenge: expect.any(String),
    });

    // The code enabling it used this step: a later step's code is what the app shows next.
    const next = await codeFor(secret, new Date(Date.now() + 30_000));
    const second = await secondStep(first.body.challenge, next);
    expect(second.status).toBe(200);
    const me = await request(ctx.app)
      .get('/api/user/data')
      .set({ Authorization: `Bearer ${second.body.token as string}` });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);

    // The challenge is spent, and the same code on a new challenge is refused.
    expect((await secondStep(first.body.challenge, next)).status).toBe(401);
    const again = await passwordStep(email);
    const replay = await secondStep(again.body.challenge, next);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(CODE_ALREADY_USED);
  });

  it('when a recovery code is used, then it signs in once and never again', async () => {
    const { auth, email } = await signUp();
    const { recoveryCodes } = await enableTwoStep(auth);
    const first = await passwordStep(email);
    const ok = await secondStep(first.body.challenge, recoveryCodes[3]!.toUpperCase());
    expect(ok.status).toBe(200);
    expect(ok.body.token).toEqual(expect.any(String));
    const status = await request(ctx.app).get('/api/account/2fa').set(auth);
    expect(status.body.recoveryCodesLeft).toBe(9);

    const second = await passwordStep(email);
    const reused = await secondStep(second.body.challenge, recoveryCodes[3]!);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(WRONG_CODE);
  });

  it(`when ${MAX_WRONG_CODES} wrong codes come in, then 429, and even the right code waits`, async () => {
    const { auth, email } = await signUp();
    const { secret } = await enableTwoStep(auth);
    const { body } = await passwordStep(email);
    const right = await codeFor(secret, new Date(Date.now() + 30_000));
    const wrongCode = right === '123456' ? '654321' : '123456';
    const answers: number[] = [];
    for (let i = 0; i < MAX_WRONG_CODES; i++) {
      answers.push((await secondStep(body.challenge, wrongCode)).status);
    }
    expect(answers).toEqual([400, 400, 400, 400, 429]);
    const blocked = await secondStep(body.challenge, right);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(TOO_MANY_WRONG_CODES);
    expect(blocked.body.token).toBeUndefined();
  });

  it('when the challenge is unknown, then 401 and nothing is said about any account', async () => {
    const res = await secondStep('x'.repeat(43), '123456');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(CHALLENGE_EXPIRED);
  });

  it('when turning it off, then a wrong code is refused and the right one turns it off, and the password alone signs in again', async () => {
    const { auth, email, userId } = await signUp();
    const { secret } = await enableTwoStep(auth);
    const missing = await request(ctx.app).post('/api/account/2fa/disable').set(auth).send({});
    expect(missing.status).toBe(400);
    const next = await codeFor(secret, new Date(Date.now() + 30_000));
    const wrong = await request(ctx.app)
      .post('/api/account/2fa/disable')
      .set(auth)
      .send({ code: next === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(
      await ctx.database.db.select().from(twoStepSecrets).where(eq(twoStepSecrets.userId, userId)),
    ).toHaveLength(1);

    const off = await request(ctx.app)
      .post('/api/account/2fa/disable')
      .set(auth)
      .send({ code: next });
    expect(off.status).toBe(200);
    expect(
      await ctx.database.db.select().from(twoStepSecrets).where(eq(twoStepSecrets.userId, userId)),
    ).toHaveLength(0);
    const signIn = await passwordStep(email);
    expect(signIn.body.token).toEqual(expect.any(String));
  });

  it('when a visitor without a session asks for any of it, then 401', async () => {
    for (const path of [
      '/api/account/2fa/setup',
      '/api/account/2fa/enable',
      '/api/account/2fa/disable',
    ]) {
      expect((await request(ctx.app).post(path).send({ code: '123456' })).status).toBe(401);
    }
    expect((await request(ctx.app).get('/api/account/2fa')).status).toBe(401);
  });
});
