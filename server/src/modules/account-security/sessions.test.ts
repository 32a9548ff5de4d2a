import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  accountSessionsResponseSchema,
  endOtherSessionsResponseSchema,
} from '@aprendiz/contract/account-security';
import { authResponseSchema } from '@aprendiz/contract/auth';
import { changePasswordResponseSchema } from '@aprendiz/contract/account';
import { accountSessions } from '../../db/schema/account-security';
import { createTestContext, type TestContext } from '../../test/test-app';
import {
  ACTIVITY_FLUSH_MS,
  ACTIVITY_WRITE_INTERVAL_MS,
  SESSION_NOT_FOUND,
  createSessionActivity,
  tokenIdOf,
} from './sessions';

const PASSWORD = 'uma-senha-bem-longa';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: '10000', TRUST_PROXY: '1' });
});
afterAll(async () => {
  await ctx.close();
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** An account signed up on a Linux laptop, then signed in again from an iPhone elsewhere. */
async function twoDevices() {
  const email = `sessoes-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const laptop = await request(ctx.app)
    .post('/api/auth/sign-up')
    .set('User-Agent', FIREFOX_LINUX)
    .set('X-Forwarded-For', '198.51.100.7')
    .send({ name: 'Rosa Lima', email, password: PASSWORD });
  expect(laptop.status).toBe(201);
  const phone = await request(ctx.app)
    .post('/api/auth/sign-in')
    .set('User-Agent', SAFARI_IPHONE)
    .set('X-Forwarded-For', '203.0.113.20')
    .send({ email, password: PASSWORD });
  expect(phone.status).toBe(200);
  return {
    email,
    userId: authResponseSchema.parse(laptop.body).user._id,
    // Each device keeps calling from its own address and browser.
    laptop: {
      ...bearer(authResponseSchema.parse(laptop.body).token),
      'User-Agent': FIREFOX_LINUX,
      'X-Forwarded-For': '198.51.100.7',
    },
    phone: {
      ...bearer(authResponseSchema.parse(phone.body).token),
      'User-Agent': SAFARI_IPHONE,
      'X-Forwarded-For': '203.0.113.20',
    },
  };
}

async function sessionsSeenBy(auth: Record<string, string>) {
  const res = await request(ctx.app).get('/api/account/sessions').set(auth);
  expect(res.status).toBe(200);
  return accountSessionsResponseSchema.parse(res.body).sessions;
}

const status = async (auth: Record<string, string>) =>
  (await request(ctx.app).get('/api/user/data').set(auth)).status;

describe('GET /api/account/sessions', () => {
  it('when an account is signed in on two devices, then each sees both, with browser, system, address and times, and itself marked', async () => {
    const { laptop, phone } = await twoDevices();
    const fromLaptop = await sessionsSeenBy(laptop);
    expect(fromLaptop).toHaveLength(2);
    const byBrowser = Object.fromEntries(fromLaptop.map((s) => [s.browser, s]));
    expect(byBrowser.Firefox).toMatchObject({
      system: 'Linux',
      address: '198.51.100.7',
      current: true,
    });
    expect(byBrowser.Safari).toMatchObject({
      system: 'iOS',
      address: '203.0.113.20',
      current: false,
    });
    for (const s of fromLaptop) {
      expect(Date.parse(s.firstSeenAt)).toBeLessThanOrEqual(Date.parse(s.lastSeenAt));
    }
    const fromPhone = await sessionsSeenBy(phone);
    expect(fromPhone.find((s) => s.current)?.browser).toBe('Safari');
  });

  it('when nobody is signed in, then 401', async () => {
    expect((await request(ctx.app).get('/api/account/sessions')).status).toBe(401);
  });
});

describe('DELETE /api/account/sessions/:id', () => {
  it('when the laptop ends the phone session, then the phone token is refused at once and the list shows one', async () => {
    const { laptop, phone } = await twoDevices();
    expect(await status(phone)).toBe(200);
    const phoneSession = (await sessionsSeenBy(laptop)).find((s) => !s.current)!;

    const res = await request(ctx.app)
      .delete(`/api/account/sessions/${phoneSession._id}`)
      .set(laptop);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Sessão encerrada' });
    expect(await status(phone)).toBe(401);
    expect(await status(laptop)).toBe(200);
    expect((await sessionsSeenBy(laptop)).map((s) => s.current)).toEqual([true]);

    const again = await request(ctx.app)
      .delete(`/api/account/sessions/${phoneSession._id}`)
      .set(laptop);
    expect([again.status, again.body.message]).toEqual([404, SESSION_NOT_FOUND]);
  });

  it('when someone ends a session of another account, then 404 and that session goes on', async () => {
    const mine = await twoDevices();
    const theirs = await twoDevices();
    const target = (await sessionsSeenBy(theirs.laptop)).find((s) => !s.current)!;
    const res = await request(ctx.app)
      .delete(`/api/account/sessions/${target._id}`)
      .set(mine.laptop);
    expect(res.status).toBe(404);
    expect(await status(theirs.phone)).toBe(200);
  });

  it('when the id is not a session id, then 400', async () => {
    const { laptop } = await twoDevices();
    const res = await request(ctx.app).delete('/api/account/sessions/nao-e-um-id').set(laptop);
    expect(res.status).toBe(400);
  });
});

describe('POST /api/account/sessions/end-others', () => {
  it('when the laptop ends the others, then the phone is refused, the laptop continues with a new token that keeps its first-seen time, and the old token is refused', async () => {
    const { laptop, phone, userId } = await twoDevices();
    const before = (await sessionsSeenBy(laptop)).find((s) => s.current)!;

    const res = await request(ctx.app)
      .post('/api/account/sessions/end-others')
      .set(laptop)
      .set('User-Agent', FIREFOX_LINUX);
    expect(res.status).toBe(200);
    const body = endOtherSessionsResponseSchema.parse(res.body);
    expect(body.ended).toBe(1);
    expect(body.message).toBe('1 sessão encerrada. Este dispositivo continua conectado.');

    expect(await status(phone)).toBe(401);
    expect(await status(laptop)).toBe(401);
    const fresh = bearer(body.token);
    const after = await sessionsSeenBy(fresh);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      current: true,
      browser: 'Firefox',
      firstSeenAt: before.firstSeenAt,
    });
    const open = await ctx.database.db
      .select()
      .from(accountSessions)
      .where(sql`${accountSessions.userId} = ${userId} and ${accountSessions.endedAt} is null`);
    expect(open).toHaveLength(1);
  });

  it('when a token from before sessions were listed exists, then it ends too', async () => {
    // createUser issues a token without a session row, as one signed in before this feature.
    const { user, auth: unlisted } = await ctx.createUser();
    const tokens = ctx.deps.auth.kind === 'local' ? ctx.deps.auth.tokens : undefined;
    const listed = bearer(await tokens!.issue(user.id));
    const res = await request(ctx.app).post('/api/account/sessions/end-others').set(listed);
    expect(res.status).toBe(200);
    expect(await status(unlisted)).toBe(401);
    expect(await status(bearer(res.body.token))).toBe(200);
  });
});

describe('other ways sessions end', () => {
  it('when the password is changed on the laptop, then the phone is signed out and the laptop is the only session listed', async () => {
    const { laptop, phone } = await twoDevices();
    const res = await request(ctx.app)
      .post('/api/user/change-password')
      .set(laptop)
      .send({ currentPassword: PASSWORD, newPassword: 'outra-senha-bem-longa' });
    expect(res.status).toBe(200);
    const body = changePasswordResponseSchema.parse(res.body);
    expect(body.message).toBe('Senha alterada. As outras sessões foram terminadas.');
    expect(await status(phone)).toBe(401);
    const sessions = await sessionsSeenBy(bearer(body.token));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.current).toBe(true);
  });

  it("when the phone signs out with 'Sair', then it leaves the laptop's list", async () => {
    const { laptop, phone } = await twoDevices();
    await request(ctx.app).post('/api/auth/sign-out').set(phone).expect(200);
    expect((await sessionsSeenBy(laptop)).map((s) => s.browser)).toEqual(['Firefox']);
  });
});

describe('last seen', () => {
  it('when a session is used, then its last-seen time and address are written at most once per interval, unless the address changes', async () => {
    const { laptop } = await twoDevices();
    const token = laptop.Authorization.slice('Bearer '.length);
    const tokenId = tokenIdOf(token)!;
    const rowOf = async () =>
      (
        await ctx.database.db
          .select()
          .from(accountSessions)
          .where(eq(accountSessions.tokenId, tokenId))
      )[0]!;
    await ctx.database.db
      .update(accountSessions)
      .set({ lastSeenAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(accountSessions.tokenId, tokenId));

    let now = 1_000_000;
    const activity = createSessionActivity(ctx.database.db, { now: () => now });
    activity.seen(token, '198.51.100.7');
    await activity.flush();
    const first = await rowOf();
    expect(first.lastSeenAt.getTime()).toBeGreaterThan(Date.parse('2026-01-02'));

    await ctx.database.db
      .update(accountSessions)
      .set({ lastSeenAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(accountSessions.tokenId, tokenId));
    now += ACTIVITY_WRITE_INTERVAL_MS - 1;
    activity.seen(token, '198.51.100.7');
    await activity.flush();
    expect((await rowOf()).lastSeenAt.toISOString()).toBe('2026-01-01T00:00:00.000Z');

    activity.seen(token, '192.0.2.44');
    await activity.flush();
    expect((await rowOf()).address).toBe('192.0.2.44');

    now += ACTIVITY_WRITE_INTERVAL_MS;
    await ctx.database.db
      .update(accountSessions)
      .set({ lastSeenAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(accountSessions.tokenId, tokenId));
    activity.seen(token, '192.0.2.44');
    await activity.flush();
    expect((await rowOf()).lastSeenAt.getTime()).toBeGreaterThan(Date.parse('2026-01-02'));
  });

  it('when sessions are used within the same second, then their times are written together once it passes, and an ended session is left as it ended', async () => {
    const { laptop, phone } = await twoDevices();
    const tokenOf = (auth: { Authorization: string }) => auth.Authorization.slice('Bearer '.length);
    const rowOf = async (auth: { Authorization: string }) =>
      (
        await ctx.database.db
          .select()
          .from(accountSessions)
          .where(eq(accountSessions.tokenId, tokenIdOf(tokenOf(auth))!))
      )[0]!;
    await request(ctx.app).post('/api/auth/sign-out').set(phone).expect(200);
    const old = new Date('2026-01-01T00:00:00Z');
    await ctx.database.db
      .update(accountSessions)
      .set({ lastSeenAt: old })
      .where(
        sql`${accountSessions.tokenId} in (${tokenIdOf(tokenOf(laptop))!}, ${tokenIdOf(tokenOf(phone))!})`,
      );

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const activity = createSessionActivity(ctx.database.db);
      activity.seen(tokenOf(laptop), '203.0.113.9');
      activity.seen(tokenOf(phone), '203.0.113.9');
      expect((await rowOf(laptop)).lastSeenAt).toEqual(old);
      await vi.advanceTimersByTimeAsync(ACTIVITY_FLUSH_MS);
      // Written by the timer, with nobody asking.
      await vi.waitFor(async () => expect((await rowOf(laptop)).lastSeenAt > old).toBe(true));
      await activity.close();
    } finally {
      vi.useRealTimers();
    }
    const laptopRow = await rowOf(laptop);
    expect([laptopRow.address, laptopRow.lastSeenAt > old]).toEqual(['203.0.113.9', true]);
    const phoneRow = await rowOf(phone);
    expect([phoneRow.address === '203.0.113.9', phoneRow.lastSeenAt]).toEqual([false, old]);
  });
});
