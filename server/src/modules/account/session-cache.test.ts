import { SignJWT } from 'jose';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema/users';
import { createTestContext, type TestContext } from '../../test/test-app';
import { createSessionCache } from './session-cache';

const NOW = Date.parse('2026-11-26T10:00:00Z');

/** A token that expires `inMs` after NOW (the cache reads only its expiry). */
function tokenExpiringIn(inMs: number, subject = 'usr_a'): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setJti(`${subject}-${inMs}-${Math.random()}`)
    .setExpirationTime(Math.floor((NOW + inMs) / 1000))
    .sign(new TextEncoder().encode('a-secret-long-enough-for-hs256-signing!!'));
}

function userRow(id: string, name = 'Ana'): UserRow {
  return { id, name, email: `${id}@example.test`, role: 'student' } as UserRow;
}

describe('the session cache', () => {
  it('when a token is kept, then it is served until its own expiry or the maximum age, whichever comes first', async () => {
    let now = NOW;
    const cache = createSessionCache({ maxAgeMs: 60_000, now: () => now });
    const shortLived = await tokenExpiringIn(10_000);
    const longLived = await tokenExpiringIn(3_600_000);
    cache.set(shortLived, userRow('usr_a'), cache.epoch());
    cache.set(longLived, userRow('usr_a'), cache.epoch());

    now = NOW + 9_000;
    expect(cache.get(shortLived)?.id).toBe('usr_a');
    now = NOW + 10_000;
    expect(cache.get(shortLived)).toBeUndefined();
    expect(cache.get(longLived)?.id).toBe('usr_a');
    now = NOW + 60_000;
    expect(cache.get(longLived)).toBeUndefined();
  });

  it('when an account changes, then every token of it goes and the other accounts’ stay', async () => {
    const cache = createSessionCache({ now: () => NOW });
    const [a1, a2, b] = await Promise.all([
      tokenExpiringIn(3_600_000, 'usr_a'),
      tokenExpiringIn(3_600_000, 'usr_a'),
      tokenExpiringIn(3_600_000, 'usr_b'),
    ]);
    cache.set(a1, userRow('usr_a'), cache.epoch());
    cache.set(a2, userRow('usr_a'), cache.epoch());
    cache.set(b, userRow('usr_b'), cache.epoch());

    cache.forgetUser('usr_a');

    expect(cache.get(a1)).toBeUndefined();
    expect(cache.get(a2)).toBeUndefined();
    expect(cache.get(b)?.id).toBe('usr_b');
  });

  it('when an account changes while its session is being read, then what the read found is not kept', async () => {
    const cache = createSessionCache({ now: () => NOW });
    const token = await tokenExpiringIn(3_600_000);
    const since = cache.epoch();
    // The read began before the change and may hold the account as it was.
    cache.forgetUser('usr_a');
    cache.set(token, userRow('usr_a', 'Nome antigo'), since);
    expect(cache.get(token)).toBeUndefined();
  });

  it('when announcements may be missed, then nothing is served or kept', async () => {
    let trusted = true;
    const cache = createSessionCache({ now: () => NOW, trusted: () => trusted });
    const [kept, later] = await Promise.all([
      tokenExpiringIn(3_600_000),
      tokenExpiringIn(7_200_000),
    ]);
    cache.set(kept, userRow('usr_a'), cache.epoch());

    trusted = false;
    expect(cache.get(kept)).toBeUndefined();
    cache.set(later, userRow('usr_a'), cache.epoch());
    trusted = true;
    expect(cache.get(later)).toBeUndefined();
  });

  it('when it holds more bytes than allowed, then the least recently used sessions go first', async () => {
    const tokens = await Promise.all([1, 2, 3].map((n) => tokenExpiringIn(3_600_000, `usr_${n}`)));
    const entryBytes = (token: string, id: string) =>
      Buffer.byteLength(token) + Buffer.byteLength(JSON.stringify(userRow(id)));
    const cache = createSessionCache({
      now: () => NOW,
      maxBytes: entryBytes(tokens[0]!, 'usr_1') + entryBytes(tokens[1]!, 'usr_2') + 10,
    });
    cache.set(tokens[0]!, userRow('usr_1'), cache.epoch());
    cache.set(tokens[1]!, userRow('usr_2'), cache.epoch());
    // The first is used again, so the second is now the least recent.
    expect(cache.get(tokens[0]!)).toBeDefined();
    cache.set(tokens[2]!, userRow('usr_3'), cache.epoch());

    expect(cache.get(tokens[0]!)?.id).toBe('usr_1');
    expect(cache.get(tokens[1]!)).toBeUndefined();
    expect(cache.get(tokens[2]!)?.id).toBe('usr_3');
    expect(cache.size()).toBeLessThanOrEqual(
      entryBytes(tokens[0]!, 'usr_1') + entryBytes(tokens[1]!, 'usr_2') + 10,
    );
  });
});

// On PostgreSQL the context is given DATABASE_URL, so it listens through the cache bus as a
// deployment does; on PGlite it hears its own database.
describe('signed-in requests with the session cache', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    ctx = await createTestContext(url ? { DATABASE_URL: url } : {});
  });
  afterAll(async () => {
    await ctx.close();
  });

  const userData = (auth: Record<string, string>) =>
    request(ctx.app).get('/api/user/data').set(auth);

  /** Until `check` passes: another connection's announcement takes a moment to arrive. */
  async function eventually(check: () => Promise<void>, withinMs = 2000): Promise<void> {
    const startedAt = Date.now();
    for (;;) {
      try {
        await check();
        return;
      } catch (err) {
        if (Date.now() - startedAt > withinMs) throw err;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }

  it('when a session is used again, then the request reads nothing from the database', async () => {
    const { auth } = await ctx.createUser();
    expect((await userData(auth)).status).toBe(200);
    const before = ctx.database.stats.queries;
    const again = await userData(auth);
    expect(again.status).toBe(200);
    expect(ctx.database.stats.queries).toBe(before);
  });

  it('when the account is changed in the database by anything else, then the next requests see the change', async () => {
    const { user, auth } = await ctx.createUser({ name: 'Nome Antigo' });
    expect((await userData(auth)).body.user.name).toBe('Nome Antigo');

    // Not through the app: only the database's own announcement can tell the cache.
    await ctx.database.db.execute(
      sql`update users set name = 'Nome Novo', role = 'educator' where id = ${user.id}`,
    );
    await eventually(async () => {
      const { body } = await userData(auth);
      expect(body.user).toMatchObject({ name: 'Nome Novo', role: 'educator' });
    });

    await ctx.database.db.execute(
      sql`update users set session_version = session_version + 1 where id = ${user.id}`,
    );
    await eventually(async () => {
      expect((await userData(auth)).status).toBe(401);
    });
  });

  it('when the account is deleted, then its sessions are refused', async () => {
    const { user, auth } = await ctx.createUser();
    expect((await userData(auth)).status).toBe(200);
    await ctx.database.db.execute(sql`delete from users where id = ${user.id}`);
    await eventually(async () => {
      expect((await userData(auth)).status).toBe(401);
    });
  });

  it('when a session signs out or the account becomes an educator through this instance, then its very next request agrees', async () => {
    const { auth } = await ctx.createUser();
    expect((await userData(auth)).body.user.role).toBe('student');

    expect((await request(ctx.app).get('/api/educator/update-role').set(auth)).status).toBe(200);
    expect((await userData(auth)).body.user.role).toBe('educator');

    expect((await request(ctx.app).post('/api/auth/sign-out').set(auth)).status).toBe(200);
    expect((await userData(auth)).status).toBe(401);
  });
});
