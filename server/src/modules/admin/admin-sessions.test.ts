import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { authResponseSchema } from '@aprendiz/contract/auth';
import { auditLog } from '../../db/schema/staff';
import { createStaff } from '../../test/fixtures/staff-fixtures';
import { createTestContext, type TestContext } from '../../test/test-app';
import { SESSION_NOT_FOUND } from '../account-security/sessions';

/** A person's sessions on their console page, each with 'Encerrar'. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: '1000' });
});
afterAll(() => ctx.close());

const PASSWORD = 'senha-das-sessoes-1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A learner signed in on a laptop and on a phone. */
async function learnerOnTwoDevices() {
  const email = `sessoes-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const laptop = await request(ctx.app)
    .post('/api/auth/sign-up')
    .set('User-Agent', FIREFOX_LINUX)
    .send({ name: 'Rosa Lima', email, password: PASSWORD });
  expect(laptop.status).toBe(201);
  const phone = await request(ctx.app)
    .post('/api/auth/sign-in')
    .set('User-Agent', SAFARI_IPHONE)
    .send({ email, password: PASSWORD });
  expect(phone.status).toBe(200);
  const bearer = (body: unknown) => ({
    Authorization: `Bearer ${authResponseSchema.parse(body).token}`,
  });
  return {
    userId: authResponseSchema.parse(laptop.body).user._id,
    laptop: bearer(laptop.body),
    phone: bearer(phone.body),
  };
}

const status = async (auth: Record<string, string>) =>
  (await request(ctx.app).get('/api/user/data').set(auth)).status;

describe("a person's sessions in the console", () => {
  it('when an admin ends the phone session, then that token is refused at once, the laptop stays signed in, the page lists one session and the audit log has the row', async () => {
    const admin = await createStaff(ctx, 'admin');
    const learner = await learnerOnTwoDevices();

    const page = await request(ctx.app).get(`/api/admin/users/${learner.userId}`).set(admin.auth);
    expect(page.status).toBe(200);
    const sessions = page.body.person.sessions as { _id: string; system: string }[];
    expect(sessions).toHaveLength(2);
    const phone = sessions.find((s) => /iOS|iPhone/.test(s.system));
    expect(phone, JSON.stringify(sessions)).toBeDefined();

    const ended = await request(ctx.app)
      .post(`/api/admin/users/${learner.userId}/sessions/${phone!._id}/end`)
      .set(admin.auth);
    expect(ended.status).toBe(200);
    expect(await status(learner.phone)).toBe(401);
    expect(await status(learner.laptop)).toBe(200);
    const after = await request(ctx.app).get(`/api/admin/users/${learner.userId}`).set(admin.auth);
    expect((after.body.person.sessions as { _id: string }[]).map((s) => s._id)).not.toContain(
      phone!._id,
    );
    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, learner.userId));
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'user.end-session',
        actorId: admin.user.id,
        after: { sessionId: phone!._id },
      }),
    ]);

    const again = await request(ctx.app)
      .post(`/api/admin/users/${learner.userId}/sessions/${phone!._id}/end`)
      .set(admin.auth);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(SESSION_NOT_FOUND);
  });

  it('when the session belongs to someone else, then 404 and it stays open, with no audit row', async () => {
    const admin = await createStaff(ctx, 'admin');
    const owner = await learnerOnTwoDevices();
    const other = await learnerOnTwoDevices();
    const page = await request(ctx.app).get(`/api/admin/users/${owner.userId}`).set(admin.auth);
    const sessionId = (page.body.person.sessions as { _id: string }[])[0]!._id;
    const res = await request(ctx.app)
      .post(`/api/admin/users/${other.userId}/sessions/${sessionId}/end`)
      .set(admin.auth);
    expect(res.status).toBe(404);
    expect(await status(owner.laptop)).toBe(200);
    expect(await status(owner.phone)).toBe(200);
    expect(
      await ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, other.userId)),
    ).toEqual([]);
  });
});
