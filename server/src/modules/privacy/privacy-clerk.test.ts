import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { REMOVED_PERSON_NAME } from '@aprendiz/contract/privacy';
import { privacyRequests } from '../../db/schema/privacy';
import { purchases } from '../../db/schema/purchases';
import { users } from '../../db/schema/users';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertCourse } from '../../test/fixtures/course-fixtures';
import { insertPurchaseRow } from '../../test/fixtures/purchase-fixtures';
import {
  clerkTestEnv,
  createClerkKeys,
  newClerkId,
  newClerkWebhookSecret,
  postClerkWebhook,
  signClerkToken,
  startFakeClerkApi,
  type ClerkKeys,
  type FakeClerkApi,
} from '../../test/fixtures/clerk-fixtures';
import { PASSWORD_OR_RECENT_SIGN_IN, retireAccount } from './privacy.service';

const WEBHOOK_SECRET = newClerkWebhookSecret();
const DAY = 24 * 60 * 60 * 1000;

async function rowOf(ctx: TestContext, id: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('closing a Clerk account', () => {
  let ctx: TestContext;
  let api: FakeClerkApi;
  let keys: ClerkKeys;

  beforeAll(async () => {
    api = await startFakeClerkApi();
    keys = await createClerkKeys();
    ctx = await createTestContext({
      ...clerkTestEnv(WEBHOOK_SECRET, api.url),
      CLERK_JWT_KEY: keys.publicPem,
    });
  });
  afterAll(async () => {
    await ctx.close();
    await api.close();
  });

  /** A token whose first factor was verified `minutes` ago (Clerk's `fva` claim), or without it. */
  async function tokenFor(id: string, minutes?: number) {
    return `Bearer ${await signClerkToken(keys, id, minutes === undefined ? {} : { claims: { fva: [minutes, -1] } })}`;
  }

  async function clerkUser(name: string) {
    const id = newClerkId();
    api.users.set(id, { id, firstName: name, lastName: 'Clerk', email: `${id}@exemplo.com.br` });
    await request(ctx.app)
      .get('/api/user/data')
      .set('Authorization', await tokenFor(id, 1))
      .expect(200);
    return id;
  }

  it('when the sign-in is not recent (or Clerk does not say), then 400; when recent, scheduled, and "Cancelar exclusão" takes it back', async () => {
    const id = await clerkUser('Lia');
    for (const token of [await tokenFor(id), await tokenFor(id, 30)]) {
      const res = await request(ctx.app)
        .post('/api/account/delete')
        .set('Authorization', token)
        .send({});
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PASSWORD_OR_RECENT_SIGN_IN);
    }
    // A Clerk account has no password of ours to type.
    await request(ctx.app)
      .post('/api/account/delete')
      .set('Authorization', await tokenFor(id, 1))
      .send({ password: 'qualquer-coisa' })
      .expect(400);

    await request(ctx.app)
      .post('/api/account/delete')
      .set('Authorization', await tokenFor(id, 2))
      .send({})
      .expect(200);
    expect((await rowOf(ctx, id))!.deletionScheduledFor).not.toBeNull();
    await request(ctx.app)
      .post('/api/account/delete/cancel')
      .set('Authorization', await tokenFor(id))
      .expect(200);
    expect((await rowOf(ctx, id))!.deletionScheduledFor).toBeNull();
    const [logged] = await ctx.database.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.userId, id));
    expect(logged).toMatchObject({ status: 'cancelled' });
  });

  it("when the retirement runs, then Clerk is asked to delete the user, its tokens are refused, and Clerk's later user.deleted keeps the purchase", async () => {
    const id = await clerkUser('Mário');
    // A session in use until the end: this instance has it in memory when the cool-off ends.
    const inUse = await tokenFor(id, 5);
    await request(ctx.app).get('/api/user/data').set('Authorization', inUse).expect(200);
    const educator = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, educator.user.id);
    const purchase = await insertPurchaseRow(ctx.database.db, {
      userId: id,
      courseId: course.id,
      amount: '10.00',
      provider: 'sandbox',
      status: 'failed',
    });
    const scheduled = await request(ctx.app)
      .post('/api/account/delete')
      .set('Authorization', await tokenFor(id, 0))
      .send({})
      .expect(200);
    const [deletion] = await ctx.database.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.userId, id));
    const due = new Date(new Date(String(scheduled.body.scheduledFor)).getTime() + 1000);

    api.failWith = 503;
    await expect(retireAccount(ctx.deps, deletion!.id, due)).rejects.toThrow();
    // Clerk was down: nothing of ours changed, and the job's retry will try again.
    expect((await rowOf(ctx, id))!.retiredAt).toBeNull();
    api.failWith = null;

    await retireAccount(ctx.deps, deletion!.id, due);
    expect(api.requests).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: `/v1/users/${id}` }),
    );
    expect(api.users.has(id)).toBe(false);
    expect(await rowOf(ctx, id)).toMatchObject({ name: REMOVED_PERSON_NAME, imageUrl: '' });
    await request(ctx.app)
      .get('/api/user/data')
      .set('Authorization', await tokenFor(id, 0))
      .expect(401);
    // Signed out everywhere: the session held in memory is refused too, on every route.
    await request(ctx.app).get('/api/user/data').set('Authorization', inUse).expect(401);
    await request(ctx.app).get('/api/account/privacy').set('Authorization', inUse).expect(401);

    // Run again (a retry after a crash): Clerk answers 404, which counts as done.
    await retireAccount(ctx.deps, deletion!.id, due);
    const payload = JSON.stringify({
      type: 'user.deleted',
      data: { id, deleted: true, object: 'user' },
    });
    await postClerkWebhook(ctx.app, WEBHOOK_SECRET, payload).expect(200);
    expect(await rowOf(ctx, id)).toMatchObject({ name: REMOVED_PERSON_NAME });
    const [kept] = await ctx.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, purchase.id));
    expect(kept).toBeDefined();
  });
});

describe('with ACCOUNT_DELETION_COOL_OFF_DAYS=0', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      ACCOUNT_DELETION_COOL_OFF_DAYS: '0',
      AUTH_RATE_LIMIT_MAX: '1000',
    });
  });
  afterAll(() => ctx.close());

  it('when a person closes the account, then the job retires it at once, on its own', async () => {
    const email = `agora-${Date.now()}@exemplo.com.br`;
    const signUp = await request(ctx.app)
      .post('/api/auth/sign-up')
      .send({ name: 'Nina Imediata', email, password: 'senha-bem-secreta-1' })
      .expect(201);
    const id = String(signUp.body.user._id);
    const res = await request(ctx.app)
      .post('/api/account/delete')
      .set('Authorization', `Bearer ${String(signUp.body.token)}`)
      .send({ password: 'senha-bem-secreta-1' })
      .expect(200);
    expect(Math.abs(new Date(String(res.body.scheduledFor)).getTime() - Date.now())).toBeLessThan(
      DAY / 24,
    );
    await vi.waitFor(
      async () => {
        expect((await rowOf(ctx, id))!.retiredAt).not.toBeNull();
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(await rowOf(ctx, id)).toMatchObject({ name: REMOVED_PERSON_NAME });
  });
});
