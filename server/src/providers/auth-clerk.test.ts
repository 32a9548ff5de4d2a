import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { userDataResponseSchema } from '@aprendiz/contract/auth';
import { users } from '../db/schema/users';
import { createTestContext, type TestContext } from '../test/test-app';
import { insertCourse } from '../test/fixtures/course-fixtures';
import {
  CLERK_TEST_SECRET_KEY,
  clerkTestEnv,
  clerkUserJson,
  createClerkKeys,
  newClerkId,
  newClerkWebhookSecret,
  postClerkWebhook,
  signClerkToken,
  startFakeClerkApi,
  type ClerkKeys,
  type FakeClerkApi,
} from '../test/fixtures/clerk-fixtures';
import { NOW_EDUCATOR } from '../modules/users/users.service';
import { CLERK_UNAVAILABLE } from './auth-clerk';

const WEBHOOK_SECRET = newClerkWebhookSecret();

function clerkEnv(api: FakeClerkApi, jwtKey?: string): NodeJS.ProcessEnv {
  return { ...clerkTestEnv(WEBHOOK_SECRET, api.url), ...(jwtKey ? { CLERK_JWT_KEY: jwtKey } : {}) };
}

async function rowOf(ctx: TestContext, id: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('Clerk mode with CLERK_JWT_KEY (networkless verification)', () => {
  let ctx: TestContext;
  let api: FakeClerkApi;
  let keys: ClerkKeys;

  beforeAll(async () => {
    api = await startFakeClerkApi();
    keys = await createClerkKeys();
    // Env files keep PEMs on one line with literal \n; the config must turn them back.
    ctx = await createTestContext(clerkEnv(api, keys.publicPem.trim().replaceAll('\n', '\\n')));
  });
  afterAll(async () => {
    await ctx.close();
    await api.close();
  });

  function userData(token: string) {
    return request(ctx.app).get('/api/user/data').set('Authorization', `Bearer ${token}`);
  }

  it('when a valid token arrives for a user never seen, then the row is created from the Clerk API and the user is answered', async () => {
    const id = newClerkId();
    api.users.set(id, {
      id,
      firstName: 'Beatriz',
      lastName: 'Neto',
      email: 'Beatriz.Neto@Exemplo.pt',
      role: 'educator',
    });
    const requestsBefore = api.requests.length;

    const res = await userData(await signClerkToken(keys, id));

    expect(res.status).toBe(200);
    expect(userDataResponseSchema.parse(res.body).user).toEqual({
      _id: id,
      name: 'Beatriz Neto',
      email: 'beatriz.neto@exemplo.pt',
      imageUrl: `https://img.clerk.com/${id}.png`,
      role: 'educator',
      enrolledCourses: [],
      educatorTitle: 'educador',
      // Clerk confirms the address itself.
      emailVerified: true,
    });
    const calls = api.requests.slice(requestsBefore);
    expect(calls).toEqual([
      {
        method: 'GET',
        path: `/v1/users/${id}`,
        authorization: `Bearer ${CLERK_TEST_SECRET_KEY}`,
        body: undefined,
      },
    ]);
    expect((await rowOf(ctx, id))?.passwordHash).toBeNull();
  });

  it('when the same user comes back, then the stored row is used without calling Clerk again', async () => {
    const id = newClerkId();
    api.users.set(id, { id, email: `${id}@exemplo.pt` });
    const token = await signClerkToken(keys, id);
    await userData(token).expect(200);
    const requestsBefore = api.requests.length;

    const again = await userData(token);

    expect(again.status).toBe(200);
    expect(api.requests.length).toBe(requestsBefore);
  });

  it('when the token carries the e-mail, name and metadata claims, then the row is created from them with no API call', async () => {
    const id = newClerkId();
    const requestsBefore = api.requests.length;
    const token = await signClerkToken(keys, id, {
      claims: {
        email: 'Claims@Exemplo.pt',
        name: 'Dora Claims',
        public_metadata: { role: 'educator' },
      },
    });

    const res = await userData(token);

    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      _id: id,
      name: 'Dora Claims',
      email: 'claims@exemplo.pt',
      role: 'educator',
    });
    expect(api.requests.length).toBe(requestsBefore);
  });

  it('when another row still holds the new user e-mail, then that stale row lets go of it and the new user gets it', async () => {
    const stale = await ctx.createUser({ email: 'partilhado@exemplo.pt' });
    const id = newClerkId();
    api.users.set(id, { id, email: 'partilhado@exemplo.pt' });

    const res = await userData(await signClerkToken(keys, id));

    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe('partilhado@exemplo.pt');
    expect((await rowOf(ctx, stale.user.id))?.email).toBe(`${stale.user.id}@released.invalid`);
  });

  it('when the token has expired, then 401 and no row is created', async () => {
    const id = newClerkId();
    api.users.set(id, { id, email: `${id}@exemplo.pt` });
    const expired = await signClerkToken(keys, id, {
      expiresAt: Math.floor(Date.now() / 1000) - 120,
    });

    const res = await userData(expired);

    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
    expect(await rowOf(ctx, id)).toBeUndefined();
  });

  it('when the token is not valid yet (nbf in the future), then 401', async () => {
    const id = newClerkId();
    api.users.set(id, { id, email: `${id}@exemplo.pt` });
    const now = Math.floor(Date.now() / 1000);
    const early = await signClerkToken(keys, id, { notBefore: now + 600, expiresAt: now + 900 });

    expect((await userData(early)).status).toBe(401);
  });

  it('when the token was signed with another key, then 401 and no row is created', async () => {
    const id = newClerkId();
    api.users.set(id, { id, email: `${id}@exemplo.pt` });
    const otherKeys = await createClerkKeys(keys.kid);

    const res = await userData(await signClerkToken(otherKeys, id));

    expect(res.status).toBe(401);
    expect(await rowOf(ctx, id)).toBeUndefined();
  });

  it('when a local-accounts token is sent, then 401', async () => {
    const { token } = await ctx.createUser();

    expect((await userData(token)).status).toBe(401);
  });

  it('when Clerk no longer knows the user of a valid token, then 401 and no row is created', async () => {
    const id = newClerkId();

    const res = await userData(await signClerkToken(keys, id));

    expect(res.status).toBe(401);
    expect(await rowOf(ctx, id)).toBeUndefined();
  });

  it('when the Clerk API fails while creating a new user, then 503, not a 500', async () => {
    const id = newClerkId();
    api.users.set(id, { id, email: `${id}@exemplo.pt` });
    api.failWith = 500;
    try {
      const res = await userData(await signClerkToken(keys, id));

      expect(res.status).toBe(503);
      expect(res.body).toEqual({ success: false, message: CLERK_UNAVAILABLE });
    } finally {
      api.failWith = null;
    }
  });

  it('when a student becomes an educator, then Clerk receives the public metadata role and the local row follows; again is harmless', async () => {
    const id = newClerkId();
    api.users.set(id, { id, email: `${id}@exemplo.pt` });
    const token = await signClerkToken(keys, id);
    await userData(token).expect(200);
    const requestsBefore = api.requests.length;

    const res = await request(ctx.app)
      .get('/api/educator/update-role')
      .set('Authorization', `Bearer ${token}`);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: NOW_EDUCATOR });
    expect(api.requests.slice(requestsBefore)).toEqual([
      {
        method: 'PATCH',
        path: `/v1/users/${id}/metadata`,
        authorization: `Bearer ${CLERK_TEST_SECRET_KEY}`,
        body: { public_metadata: { role: 'educator' } },
      },
    ]);
    expect((await rowOf(ctx, id))?.role).toBe('educator');

    const again = await request(ctx.app)
      .get('/api/educator/update-role')
      .set('Authorization', `Bearer ${token}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expect((await rowOf(ctx, id))?.role).toBe('educator');
  });

  it('when Clerk refuses the metadata update, then 503 and the local role is unchanged', async () => {
    const id = newClerkId();
    api.users.set(id, { id, email: `${id}@exemplo.pt` });
    const token = await signClerkToken(keys, id);
    await userData(token).expect(200);
    api.failWith = 502;
    try {
      const res = await request(ctx.app)
        .get('/api/educator/update-role')
        .set('Authorization', `Bearer ${token}`);

      expect(res.status).toBe(503);
    } finally {
      api.failWith = null;
    }
    expect((await rowOf(ctx, id))?.role).toBe('student');
  });

  /** A svix-signed Clerk webhook delivery, as Clerk sends it. */
  function deliver(event: { type: string; data: unknown }) {
    const payload = JSON.stringify({ object: 'event', timestamp: Date.now(), ...event });
    return postClerkWebhook(ctx.app, WEBHOOK_SECRET, payload);
  }

  it("when user.deleted has arrived, then the user's still-valid token is refused and the row is not recreated", async () => {
    const id = newClerkId();
    api.users.set(id, { id, email: `${id}@exemplo.pt` });
    const token = await signClerkToken(keys, id);
    await userData(token).expect(200);

    await deliver({ type: 'user.deleted', data: { id, object: 'user', deleted: true } }).expect(
      200,
    );

    const res = await userData(token);
    expect(res.status).toBe(401);
    expect(await rowOf(ctx, id)).toBeUndefined();
  });

  it('when a deleted educator keeps an anonymised row for their courses, then their token is refused all the same', async () => {
    const id = newClerkId();
    const token = await signClerkToken(keys, id, {
      claims: {
        email: `${id}@exemplo.pt`,
        name: 'Edu Removido',
        public_metadata: { role: 'educator' },
      },
    });
    await userData(token).expect(200);
    await insertCourse(ctx.database.db, id);

    await deliver({ type: 'user.deleted', data: { id, object: 'user', deleted: true } }).expect(
      200,
    );

    expect((await userData(token)).status).toBe(401);
    expect(await rowOf(ctx, id)).toMatchObject({ name: 'Conta removida', role: 'educator' });
  });

  it('when the token of a deleted user carries every claim, then it still cannot recreate the row', async () => {
    const id = newClerkId();
    await deliver({ type: 'user.deleted', data: { id, object: 'user', deleted: true } }).expect(
      200,
    );
    const token = await signClerkToken(keys, id, {
      claims: { email: `${id}@exemplo.pt`, name: 'Fantasma' },
    });

    expect((await userData(token)).status).toBe(401);
    expect(await rowOf(ctx, id)).toBeUndefined();
  });

  it('when a user.updated from before the become-educator change arrives late, then the educator role stays', async () => {
    const id = newClerkId();
    api.users.set(id, { id, email: `${id}@exemplo.pt` });
    const token = await signClerkToken(keys, id);
    await userData(token).expect(200);
    const beforeTheChange = Date.now() - 1_000;
    await request(ctx.app)
      .get('/api/educator/update-role')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);

    const late = await deliver({
      type: 'user.updated',
      data: {
        ...clerkUserJson({ id, firstName: 'Ainda', email: `${id}@exemplo.pt` }),
        updated_at: beforeTheChange,
      },
    });

    expect(late.status).toBe(200);
    expect(late.body.result).toBe('ignored');
    expect(await rowOf(ctx, id)).toMatchObject({ role: 'educator' });
  });

  it('when Clerk is configured, then the local sign-in and sign-up routes do not exist', async () => {
    const signIn = await request(ctx.app)
      .post('/api/auth/sign-in')
      .send({ email: 'a@exemplo.pt', password: 'x' });
    const signUp = await request(ctx.app)
      .post('/api/auth/sign-up')
      .send({ name: 'A', email: 'a@exemplo.pt', password: '12345678' });

    expect(signIn.status).toBe(404);
    expect(signIn.body).toEqual({ success: false, message: 'Recurso não encontrado' });
    expect(signUp.status).toBe(404);
  });
});

describe('Clerk mode without CLERK_JWT_KEY', () => {
  let ctx: TestContext;
  let api: FakeClerkApi;
  let keys: ClerkKeys;

  beforeAll(async () => {
    api = await startFakeClerkApi();
    keys = await createClerkKeys('ins_remote_key');
    api.jwks.push(keys.publicJwk);
    ctx = await createTestContext(clerkEnv(api));
  });
  afterAll(async () => {
    await ctx.close();
    await api.close();
  });

  it('when a valid token arrives, then the keys are fetched from the Clerk API and the user is answered', async () => {
    const id = newClerkId();
    api.users.set(id, { id, email: `${id}@exemplo.pt` });

    const res = await request(ctx.app)
      .get('/api/user/data')
      .set('Authorization', `Bearer ${await signClerkToken(keys, id)}`);

    expect(res.status).toBe(200);
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toContain('GET /v1/jwks');
  });

  it('when the token names a key the instance does not have, then 401', async () => {
    const id = newClerkId();
    api.users.set(id, { id, email: `${id}@exemplo.pt` });
    const stranger = await createClerkKeys('ins_unknown_key');

    const res = await request(ctx.app)
      .get('/api/user/data')
      .set('Authorization', `Bearer ${await signClerkToken(stranger, id)}`);

    expect(res.status).toBe(401);
  });
});
