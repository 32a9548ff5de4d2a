import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'svix';
import { deletedAccounts } from '../../db/schema/deleted-accounts';
import { enrollments } from '../../db/schema/enrollments';
import { processedEvents } from '../../db/schema/processed-events';
import { users } from '../../db/schema/users';
import { createTestContext, type TestContext } from '../../test/test-app';
import { enrollDirectly, insertCourse } from '../../test/fixtures/course-fixtures';
import {
  clerkTestEnv,
  clerkUserJson,
  newClerkId,
  newClerkWebhookSecret,
  postClerkWebhook,
  type ClerkUserFixture,
} from '../../test/fixtures/clerk-fixtures';

const WEBHOOK_SECRET = newClerkWebhookSecret();

let ctx: TestContext;
beforeAll(async () => {
  // No Clerk API: the webhook must never need it.
  ctx = await createTestContext(clerkTestEnv(WEBHOOK_SECRET));
});
afterAll(() => ctx.close());

/** Signs like Clerk's svix delivery: headers svix-id, svix-timestamp, svix-signature over the raw body. */
function deliver(
  event: { type?: string; data?: unknown; timestamp?: number },
  options: { deliveryId?: string; secret?: string } = {},
) {
  const payload = JSON.stringify({ object: 'event', timestamp: Date.now(), ...event });
  return postClerkWebhook(ctx.app, options.secret ?? WEBHOOK_SECRET, payload, options.deliveryId);
}

function userEvent(type: 'user.created' | 'user.updated', user: ClerkUserFixture) {
  return { type, data: clerkUserJson(user) };
}

/** A user event carrying the user's state as of `at` (ms), as Clerk dates it. */
function dated(type: 'user.created' | 'user.updated', user: ClerkUserFixture, at: number) {
  return { type, data: { ...clerkUserJson(user), updated_at: at }, timestamp: at + 100 };
}

/** A signed delivery of any bytes. */
function deliverRaw(payload: string, deliveryId: string) {
  return postClerkWebhook(ctx.app, WEBHOOK_SECRET, payload, deliveryId);
}

async function allUsers() {
  return ctx.database.db.select().from(users).orderBy(users.id);
}

async function rowOf(id: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function recorded(deliveryId: string) {
  return ctx.database.db
    .select()
    .from(processedEvents)
    .where(and(eq(processedEvents.provider, 'clerk'), eq(processedEvents.eventId, deliveryId)));
}

describe('POST /api/webhooks/clerk', () => {
  it('when user.created arrives, then the user row holds the name, the lower-cased primary e-mail, the image and the student role', async () => {
    const id = newClerkId();

    const res = await deliver(
      userEvent('user.created', {
        id,
        firstName: 'Eva',
        lastName: 'Matos',
        email: 'Eva.Matos@Exemplo.PT',
      }),
    );

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, received: true, result: 'applied' });
    expect(await rowOf(id)).toMatchObject({
      id,
      name: 'Eva Matos',
      email: 'eva.matos@exemplo.pt',
      imageUrl: `https://img.clerk.com/${id}.png`,
      role: 'student',
      passwordHash: null,
    });
  });

  it('when user.updated carries the educator role and a new name, then the row follows', async () => {
    const id = newClerkId();
    await deliver(
      userEvent('user.created', {
        id,
        firstName: 'Rui',
        lastName: null,
        email: `${id}@exemplo.pt`,
      }),
    ).expect(200);

    const res = await deliver(
      userEvent('user.updated', {
        id,
        firstName: 'Rui',
        lastName: 'Educador',
        email: `${id}@exemplo.pt`,
        role: 'educator',
        imageUrl: 'https://img.clerk.com/novo.png',
      }),
    );

    expect(res.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({
      name: 'Rui Educador',
      role: 'educator',
      imageUrl: 'https://img.clerk.com/novo.png',
    });
  });

  it('when user.updated arrives for a user never seen, then the row is created', async () => {
    const id = newClerkId();

    await deliver(
      userEvent('user.updated', {
        id,
        firstName: null,
        lastName: null,
        username: 'joana_s',
        email: `${id}@exemplo.pt`,
      }),
    ).expect(200);

    expect((await rowOf(id))?.name).toBe('joana_s');
  });

  it('when a user without any e-mail is created, then a reserved placeholder address keeps the row valid', async () => {
    const id = newClerkId();

    await deliver(userEvent('user.created', { id, email: null })).expect(200);

    expect((await rowOf(id))?.email).toBe(`${id.toLowerCase()}@sem-email.invalid`);
  });

  it('when user.deleted arrives, then the row and its enrollments are gone', async () => {
    const id = newClerkId();
    await deliver(userEvent('user.created', { id, email: `${id}@exemplo.pt` })).expect(200);
    const educator = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, educator.user.id);
    await enrollDirectly(ctx.database.db, id, course.id);

    const res = await deliver({
      type: 'user.deleted',
      data: { id, object: 'user', deleted: true },
    });

    expect(res.status).toBe(200);
    expect(res.body.result).toBe('applied');
    expect(await rowOf(id)).toBeUndefined();
    expect(
      await ctx.database.db.select().from(enrollments).where(eq(enrollments.userId, id)),
    ).toEqual([]);
  });

  it('when an educator who owns courses is deleted, then the row stays anonymised so their students keep the course', async () => {
    const id = newClerkId();
    await deliver(
      userEvent('user.created', { id, email: `${id}@exemplo.pt`, role: 'educator' }),
    ).expect(200);
    const course = await insertCourse(ctx.database.db, id);

    const res = await deliver({
      type: 'user.deleted',
      data: { id, object: 'user', deleted: true },
    });

    expect(res.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({
      name: 'Conta removida',
      email: `${id.toLowerCase()}@deleted.invalid`,
      imageUrl: '',
    });
    const detail = await request(ctx.app).get(`/api/course/${course.id}`);
    expect(detail.status).toBe(200);
  });

  it('when the signature is wrong, then 400 and nothing is written', async () => {
    const id = newClerkId();
    const deliveryId = `msg_${randomUUID()}`;
    const otherSecret = newClerkWebhookSecret();

    const res = await deliver(userEvent('user.created', { id, email: `${id}@exemplo.pt` }), {
      deliveryId,
      secret: otherSecret,
    });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'Assinatura do webhook inválida' });
    expect(await rowOf(id)).toBeUndefined();
    expect(await recorded(deliveryId)).toEqual([]);
  });

  it('when the body was altered after signing, then 400 and nothing is written', async () => {
    const id = newClerkId();
    const deliveryId = `msg_${randomUUID()}`;
    const payload = JSON.stringify(userEvent('user.created', { id, email: `${id}@exemplo.pt` }));
    const timestamp = new Date();
    const signature = new Webhook(WEBHOOK_SECRET).sign(deliveryId, timestamp, payload);

    const res = await request(ctx.app)
      .post('/api/webhooks/clerk')
      .set('Content-Type', 'application/json')
      .set('svix-id', deliveryId)
      .set('svix-timestamp', String(Math.floor(timestamp.getTime() / 1000)))
      .set('svix-signature', signature)
      .send(payload.replace('exemplo.pt', 'atacante.pt'));

    expect(res.status).toBe(400);
    expect(await rowOf(id)).toBeUndefined();
  });

  it('when the svix headers are missing, then 400', async () => {
    const res = await request(ctx.app)
      .post('/api/webhooks/clerk')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(userEvent('user.created', { id: newClerkId(), email: 'x@exemplo.pt' })));

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'Assinatura do webhook ausente' });
  });

  it('when the same delivery is replayed, then it is applied once', async () => {
    const id = newClerkId();
    const deliveryId = `msg_${randomUUID()}`;
    const event = userEvent('user.created', {
      id,
      firstName: 'Original',
      lastName: null,
      email: `${id}@exemplo.pt`,
    });
    await deliver(event, { deliveryId }).expect(200);
    // A later change (e.g. become-educator) that the replay must not undo.
    await ctx.database.db
      .update(users)
      .set({ name: 'Depois', role: 'educator' })
      .where(eq(users.id, id));

    const replay = await deliver(event, { deliveryId });

    expect(replay.status).toBe(200);
    expect(replay.body.result).toBe('replayed');
    expect(await rowOf(id)).toMatchObject({ name: 'Depois', role: 'educator' });
    expect(await recorded(deliveryId)).toHaveLength(1);
  });

  it.each([
    ['a user event without an id', { type: 'user.created', data: { first_name: 'Sem id' } }],
    [
      'a name holding U+0000, which PostgreSQL text cannot store',
      {
        type: 'user.created',
        data: { ...clerkUserJson({ id: 'user_nul_name' }), first_name: 'A\u0000B' },
      },
    ],
    [
      'an e-mail longer than any real address',
      {
        type: 'user.updated',
        data: clerkUserJson({ id: 'user_long_email', email: `${'a'.repeat(6000)}@exemplo.pt` }),
      },
    ],
    ['a deletion whose id holds U+0000', { type: 'user.deleted', data: { id: 'user_\u0000' } }],
    ['a deletion without data', { type: 'user.deleted' }],
    ['an envelope without a type', { data: clerkUserJson({ id: 'user_no_type' }) }],
  ])(
    'when a signed event has %s, then 200 ignored, the delivery is recorded, and no user is written',
    async (_case, event) => {
      const deliveryId = `msg_${randomUUID()}`;
      const before = await allUsers();
      const deletedBefore = await ctx.database.db.select().from(deletedAccounts);

      const res = await deliver(event, { deliveryId });

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, received: true, result: 'ignored' });
      expect(await recorded(deliveryId)).toHaveLength(1);
      expect(await allUsers()).toEqual(before);
      expect(await ctx.database.db.select().from(deletedAccounts)).toEqual(deletedBefore);
    },
  );

  it('when a correctly signed body is not JSON, then 200 ignored and only the delivery is recorded', async () => {
    const deliveryId = `msg_${randomUUID()}`;
    const before = await allUsers();

    const res = await deliverRaw('isto não é JSON', deliveryId);

    expect(res.status).toBe(200);
    expect(res.body.result).toBe('ignored');
    expect(await recorded(deliveryId)).toHaveLength(1);
    expect(await allUsers()).toEqual(before);
  });

  it('when a deleted user is updated or created again by a late event, then it is ignored and the row does not come back', async () => {
    const id = newClerkId();
    await deliver(userEvent('user.created', { id, email: `${id}@exemplo.pt` })).expect(200);
    await deliver({ type: 'user.deleted', data: { id, object: 'user', deleted: true } }).expect(
      200,
    );

    const late = await deliver(
      userEvent('user.updated', { id, firstName: 'Voltei', email: `${id}@exemplo.pt` }),
    );
    const again = await deliver(userEvent('user.created', { id, email: `${id}@exemplo.pt` }));

    expect(late.body.result).toBe('ignored');
    expect(again.body.result).toBe('ignored');
    expect(await rowOf(id)).toBeUndefined();
    const [deletion] = await ctx.database.db
      .select()
      .from(deletedAccounts)
      .where(eq(deletedAccounts.userId, id));
    expect(deletion?.deletedAt).toBeInstanceOf(Date);
  });

  it('when a user.deleted is delivered again under another delivery id, then it is ignored', async () => {
    const id = newClerkId();
    await deliver(userEvent('user.created', { id, email: `${id}@exemplo.pt` })).expect(200);
    const deletion = { type: 'user.deleted', data: { id, object: 'user', deleted: true } };
    await deliver(deletion).expect(200);

    const twice = await deliver(deletion);

    expect(twice.body.result).toBe('ignored');
  });

  it('when an older user.updated arrives after a newer one, then it is ignored and the newer role and name stay', async () => {
    const id = newClerkId();
    const email = `${id}@exemplo.pt`;
    const older = Date.now() - 60_000;
    const newer = Date.now() - 30_000;
    await deliver(
      dated('user.updated', { id, firstName: 'Nova', email, role: 'educator' }, newer),
    ).expect(200);

    const late = await deliver(dated('user.updated', { id, firstName: 'Antiga', email }, older));

    expect(late.status).toBe(200);
    expect(late.body.result).toBe('ignored');
    expect(await rowOf(id)).toMatchObject({
      name: 'Nova Clerk',
      role: 'educator',
      providerUpdatedAt: new Date(newer),
    });
  });

  it('when events arrive in order, then each applies and the row remembers the newest time', async () => {
    const id = newClerkId();
    const email = `${id}@exemplo.pt`;
    const first = Date.now() - 20_000;
    const second = Date.now() - 10_000;
    await deliver(dated('user.created', { id, firstName: 'Um', email }, first)).expect(200);

    const res = await deliver(
      dated('user.updated', { id, firstName: 'Dois', email, role: 'educator' }, second),
    );

    expect(res.body.result).toBe('applied');
    expect(await rowOf(id)).toMatchObject({
      name: 'Dois Clerk',
      role: 'educator',
      providerUpdatedAt: new Date(second),
    });
  });

  it('when the user object has no updated_at, then the event envelope timestamp orders it', async () => {
    const id = newClerkId();
    const email = `${id}@exemplo.pt`;
    const newer = Date.now() - 5_000;
    await deliver(dated('user.updated', { id, firstName: 'Nova', email }, newer)).expect(200);
    const { updated_at: _omitted, ...withoutTime } = clerkUserJson({
      id,
      firstName: 'Antiga',
      email,
    });

    const late = await deliver({ type: 'user.updated', data: withoutTime, timestamp: newer - 1 });

    expect(late.body.result).toBe('ignored');
    expect((await rowOf(id))?.name).toBe('Nova Clerk');
  });

  it('when another event type arrives, then it is acknowledged, recorded and changes nothing', async () => {
    const deliveryId = `msg_${randomUUID()}`;
    const before = (await ctx.database.db.select({ id: users.id }).from(users)).length;

    const res = await deliver(
      { type: 'session.created', data: { id: 'sess_1', user_id: newClerkId() } },
      { deliveryId },
    );

    expect(res.status).toBe(200);
    expect(res.body.result).toBe('ignored');
    expect(await recorded(deliveryId)).toHaveLength(1);
    expect((await ctx.database.db.select({ id: users.id }).from(users)).length).toBe(before);
  });
});
