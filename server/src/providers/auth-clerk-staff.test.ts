import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../db/schema/staff';
import { users } from '../db/schema/users';
import { createTestContext, type TestContext } from '../test/test-app';
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
  type ClerkUserFixture,
  type FakeClerkApi,
} from '../test/fixtures/clerk-fixtures';
import { CLERK_TWO_STEP_REQUIRED, STAFF_ONLY } from '../modules/admin/staff';

/**
 * Staff roles under Clerk: `staffRole` in the user's public metadata names admins and support, and
 * Clerk's own second step (the session token's `fva` claim) stands for ours. Networkless: tokens are
 * signed with a generated key pair and the Backend API is a local fake.
 */
const WEBHOOK_SECRET = newClerkWebhookSecret();
/** Session token v2's factor verification age: minutes since each factor, -1 when never. */
const OPS_TOKEN = 'ops-token-long-enough-for-the-config-check';
const WITH_SECOND_STEP = { fva: [3, 3] };
const WITHOUT_SECOND_STEP = { fva: [3, -1] };

let ctx: TestContext;
let api: FakeClerkApi;
let keys: ClerkKeys;

beforeAll(async () => {
  api = await startFakeClerkApi();
  keys = await createClerkKeys();
  ctx = await createTestContext({
    ...clerkTestEnv(WEBHOOK_SECRET, api.url),
    CLERK_JWT_KEY: keys.publicPem.trim().replaceAll('\n', '\\n'),
    OPS_TOKEN,
  });
});
afterAll(async () => {
  await ctx.close();
  await api.close();
});

async function rowOf(id: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function roleAudits(id: string) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'user.role')))
    .orderBy(auditLog.id);
}

function updated(user: ClerkUserFixture) {
  return JSON.stringify({
    type: 'user.updated',
    data: { ...clerkUserJson(user), updated_at: Date.now() },
    timestamp: Date.now(),
  });
}

async function consoleMe(userId: string, claims: Record<string, unknown>) {
  const token = await signClerkToken(keys, userId, { claims });
  return request(ctx.app).get('/api/admin/me').set('Authorization', `Bearer ${token}`);
}

describe('staff roles under Clerk', () => {
  it('when public metadata names an admin and the session passed Clerk’s second step, then the console opens; without that step, 403 saying to use it', async () => {
    const id = newClerkId();
    api.users.set(id, { id, email: `${id}@exemplo.pt`, staffRole: 'admin' });

    const withStep = await consoleMe(id, WITH_SECOND_STEP);
    expect(withStep.status).toBe(200);
    expect(withStep.body.user).toMatchObject({ _id: id, staffRole: 'admin' });
    expect((await rowOf(id))?.staffRole).toBe('admin');

    const withoutStep = await consoleMe(id, WITHOUT_SECOND_STEP);
    expect(withoutStep.status).toBe(403);
    expect(withoutStep.body.message).toBe(CLERK_TWO_STEP_REQUIRED);
    // A v1 token has no fva claim at all: no proof of a second step.
    const noClaim = await consoleMe(id, {});
    expect(noClaim.status).toBe(403);
    expect(noClaim.body.message).toBe(CLERK_TWO_STEP_REQUIRED);
  });

  it('when the token claims carry the staff role, then a new row takes it from them; an unknown value grants nothing', async () => {
    const id = newClerkId();
    const res = await consoleMe(id, {
      ...WITH_SECOND_STEP,
      email: `${id}@exemplo.pt`,
      public_metadata: { staffRole: 'support' },
    });
    expect(res.status).toBe(200);
    expect((await rowOf(id))?.staffRole).toBe('support');

    const other = newClerkId();
    const refused = await consoleMe(other, {
      ...WITH_SECOND_STEP,
      email: `${other}@exemplo.pt`,
      public_metadata: { staffRole: 'owner' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(STAFF_ONLY);
    expect((await rowOf(other))?.staffRole).toBeNull();
  });

  it('when user.updated grants and then removes a staff role, then the row follows and each change is audited with Clerk as its source', async () => {
    const id = newClerkId();
    const user: ClerkUserFixture = { id, email: `${id}@exemplo.pt` };
    await postClerkWebhook(ctx.app, WEBHOOK_SECRET, updated(user)).expect(200);
    expect(await roleAudits(id)).toEqual([]);

    await postClerkWebhook(
      ctx.app,
      WEBHOOK_SECRET,
      updated({ ...user, staffRole: 'support' }),
    ).expect(200);
    expect((await rowOf(id))?.staffRole).toBe('support');
    // The same state again (a name change) is no role change.
    await postClerkWebhook(
      ctx.app,
      WEBHOOK_SECRET,
      updated({ ...user, firstName: 'Outra', staffRole: 'support' }),
    ).expect(200);
    await postClerkWebhook(ctx.app, WEBHOOK_SECRET, updated(user)).expect(200);
    expect((await rowOf(id))?.staffRole).toBeNull();

    const audits = await roleAudits(id);
    expect(audits.map((a) => [a.actorId, a.before, a.after])).toEqual([
      [null, { staffRole: null }, { staffRole: 'support', reason: 'Clerk' }],
      [null, { staffRole: 'support' }, { staffRole: null, reason: 'Clerk' }],
    ]);
  });

  it('when an admin grants a role in the console, then Clerk’s public metadata receives it first, so the next sync keeps it', async () => {
    const adminId = newClerkId();
    api.users.set(adminId, { id: adminId, email: `${adminId}@exemplo.pt`, staffRole: 'admin' });
    const person = newClerkId();
    api.users.set(person, { id: person, email: `${person}@exemplo.pt` });
    expect((await consoleMe(person, {})).status).toBe(403);
    const adminToken = await signClerkToken(keys, adminId, { claims: WITH_SECOND_STEP });
    const before = api.requests.length;

    const res = await request(ctx.app)
      .post(`/api/admin/users/${person}/role`)
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ role: 'support' });

    expect(res.status).toBe(200);
    expect(api.requests.slice(before)).toContainEqual({
      method: 'PATCH',
      path: `/v1/users/${person}/metadata`,
      authorization: `Bearer ${CLERK_TEST_SECRET_KEY}`,
      body: { public_metadata: { staffRole: 'support' } },
    });
    expect(api.users.get(person)?.staffRole).toBe('support');
    await postClerkWebhook(ctx.app, WEBHOOK_SECRET, updated(api.users.get(person)!)).expect(200);
    expect((await rowOf(person))?.staffRole).toBe('support');
    expect(await roleAudits(person)).toHaveLength(1);
  });

  it('when `npm run admin` grants a role, then Clerk’s public metadata receives it too, so the next sync keeps it', async () => {
    const person = newClerkId();
    api.users.set(person, { id: person, email: `${person}@exemplo.pt` });
    // The row, as a first signed-in request makes it.
    expect((await consoleMe(person, {})).status).toBe(403);
    const before = api.requests.length;

    const res = await request(ctx.app)
      .post('/api/ops/staff')
      .set('Authorization', `Bearer ${OPS_TOKEN}`)
      .send({ email: `${person}@exemplo.pt`, role: 'admin' });

    expect(res.status).toBe(200);
    expect(api.requests.slice(before)).toContainEqual(
      expect.objectContaining({
        method: 'PATCH',
        path: `/v1/users/${person}/metadata`,
        body: { public_metadata: { staffRole: 'admin' } },
      }),
    );
    await postClerkWebhook(ctx.app, WEBHOOK_SECRET, updated(api.users.get(person)!)).expect(200);
    expect((await rowOf(person))?.staffRole).toBe('admin');
    expect(await roleAudits(person)).toEqual([
      expect.objectContaining({
        actorId: null,
        after: { staffRole: 'admin', reason: 'npm run admin' },
      }),
    ]);
  });
});

/**
 * Clerk delivers webhooks late and out of order, so one already under way when an admin changes a
 * role in the console can carry the old metadata. The clock is Clerk's: `updated_at` of the state an
 * event carries against the time Clerk's answer gave the console's change. Date is faked so those
 * times are set, not waited for.
 */
describe('staff roles under Clerk, against late webhooks', () => {
  const start = Date.now();
  /** Clerk's clock, seconds after the start of a test. */
  const at = (seconds: number) => start + seconds * 1_000;

  afterEach(() => {
    vi.useRealTimers();
  });

  function stateAt(user: ClerkUserFixture, ms: number) {
    return JSON.stringify({
      type: 'user.updated',
      data: { ...clerkUserJson(user), updated_at: ms },
      timestamp: ms + 100,
    });
  }

  /** An admin with Clerk's second step, and a person known to us and to Clerk since `at(0)`. */
  async function adminAndPerson(staffRole: string | null = null) {
    vi.useFakeTimers({ toFake: ['Date'], now: at(0) });
    const adminId = newClerkId();
    api.users.set(adminId, { id: adminId, email: `${adminId}@exemplo.pt`, staffRole: 'admin' });
    const person: ClerkUserFixture = { id: newClerkId(), staffRole };
    person.email = `${person.id}@exemplo.pt`;
    api.users.set(person.id, { ...person });
    await consoleMe(person.id, {});
    expect((await rowOf(person.id))?.staffRole).toBe(staffRole);
    return { adminId, person };
  }

  async function consoleSetsRole(adminId: string, personId: string, role: string) {
    const token = await signClerkToken(keys, adminId, { claims: WITH_SECOND_STEP });
    return request(ctx.app)
      .post(`/api/admin/users/${personId}/role`)
      .set('Authorization', `Bearer ${token}`)
      .send({ role })
      .expect(200);
  }

  it('when a user.updated from before the console’s change arrives after it, then the new role stays and no role change is audited', async () => {
    const { adminId, person } = await adminAndPerson();
    // A name change at Clerk, one second in: its event is still in flight when the admin acts.
    const inFlight = stateAt({ ...person, firstName: 'Antes' }, at(1));
    vi.setSystemTime(at(2));
    await consoleSetsRole(adminId, person.id, 'support');

    const late = await postClerkWebhook(ctx.app, WEBHOOK_SECRET, inFlight);

    expect(late.status).toBe(200);
    expect(late.body.result).toBe('ignored');
    expect((await rowOf(person.id))?.staffRole).toBe('support');
    const audits = await roleAudits(person.id);
    expect(audits.map((a) => [a.actorId, a.before, a.after])).toEqual([
      [adminId, { staffRole: null }, { staffRole: 'support' }],
    ]);
  });

  it('when the console removes a role and a late event still carries it, then the role stays removed', async () => {
    const { adminId, person } = await adminAndPerson('admin');
    const inFlight = stateAt(person, at(1));
    vi.setSystemTime(at(2));
    await consoleSetsRole(adminId, person.id, 'none');

    expect(
      (await postClerkWebhook(ctx.app, WEBHOOK_SECRET, inFlight).expect(200)).body.result,
    ).toBe('ignored');
    expect((await rowOf(person.id))?.staffRole).toBeNull();
    // The first sight of the account audited Clerk's grant; then only the console's removal.
    expect((await roleAudits(person.id)).map((a) => [a.actorId, a.after])).toEqual([
      [null, { staffRole: 'admin', reason: 'Clerk' }],
      [adminId, { staffRole: null }],
    ]);
  });

  it('when the console removes a role Clerk granted in an event still in flight, then that event does not grant it afterwards', async () => {
    const { adminId, person } = await adminAndPerson();
    // Granted in Clerk's dashboard one second in; our row has not heard of it yet.
    const grantInFlight = stateAt({ ...person, staffRole: 'admin' }, at(1));
    vi.setSystemTime(at(2));
    await consoleSetsRole(adminId, person.id, 'none');

    const late = await postClerkWebhook(ctx.app, WEBHOOK_SECRET, grantInFlight).expect(200);

    expect(late.body.result).toBe('ignored');
    expect((await rowOf(person.id))?.staffRole).toBeNull();
    expect(await roleAudits(person.id)).toEqual([]);
  });

  it('when Clerk’s dashboard changes the role after the console did, then the newer event applies and is audited with Clerk as its source', async () => {
    const { adminId, person } = await adminAndPerson();
    vi.setSystemTime(at(2));
    await consoleSetsRole(adminId, person.id, 'support');

    const newer = await postClerkWebhook(
      ctx.app,
      WEBHOOK_SECRET,
      stateAt({ ...person, staffRole: 'admin' }, at(3)),
    );

    expect(newer.body.result).toBe('applied');
    expect((await rowOf(person.id))?.staffRole).toBe('admin');
    const audits = await roleAudits(person.id);
    expect(audits.map((a) => [a.actorId, a.after])).toEqual([
      [adminId, { staffRole: 'support' }],
      [null, { staffRole: 'admin', reason: 'Clerk' }],
    ]);
  });

  it('when the same webhook is delivered twice, then the second delivery changes nothing', async () => {
    const { adminId, person } = await adminAndPerson();
    const inFlight = stateAt({ ...person, firstName: 'Antes' }, at(1));
    vi.setSystemTime(at(2));
    await consoleSetsRole(adminId, person.id, 'support');
    const newer = stateAt({ ...person, staffRole: 'admin' }, at(3));

    for (const [payload, first] of [
      [inFlight, 'ignored'],
      [newer, 'applied'],
    ] as const) {
      const deliveryId = `msg_${newClerkId()}`;
      const once = await postClerkWebhook(ctx.app, WEBHOOK_SECRET, payload, deliveryId);
      const rowAfterOnce = await rowOf(person.id);
      const auditsAfterOnce = await roleAudits(person.id);
      const twice = await postClerkWebhook(ctx.app, WEBHOOK_SECRET, payload, deliveryId);

      expect([once.body.result, twice.body.result]).toEqual([first, 'replayed']);
      expect(await rowOf(person.id)).toEqual(rowAfterOnce);
      expect(await roleAudits(person.id)).toEqual(auditsAfterOnce);
    }
    expect((await rowOf(person.id))?.staffRole).toBe('admin');
    expect(await roleAudits(person.id)).toHaveLength(2);
  });

  it('when a role is granted in Clerk’s dashboard with no console change, then its event applies', async () => {
    const { person } = await adminAndPerson();

    const granted = await postClerkWebhook(
      ctx.app,
      WEBHOOK_SECRET,
      stateAt({ ...person, staffRole: 'support' }, at(1)),
    );

    expect(granted.body.result).toBe('applied');
    expect((await rowOf(person.id))?.staffRole).toBe('support');
    expect((await roleAudits(person.id)).map((a) => a.after)).toEqual([
      { staffRole: 'support', reason: 'Clerk' },
    ]);
  });
});
