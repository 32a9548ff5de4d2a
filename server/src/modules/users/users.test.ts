import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import express from 'express';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { userDataResponseSchema } from '@aprendiz/contract/auth';
import { messageResponseSchema } from '@aprendiz/contract/learning';
import { users } from '../../db/schema/users';
import { requireAuth, requireEducator } from '../../http/auth';
import { errorHandler } from '../../http/error-handler';
import { createTestContext, TEST_AUTH_SECRET, type TestContext } from '../../test/test-app';
import { enrollDirectly, insertCourse } from '../../test/fixtures/course-fixtures';
import { NOW_EDUCATOR } from './users.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function userData(headers: Record<string, string>) {
  return request(ctx.app).get('/api/user/data').set(headers);
}

function sign(userId: string, secret: string, expiresAt: number | string = '1h') {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer('aprendiz')
    .setIssuedAt(typeof expiresAt === 'number' ? expiresAt - 3600 : undefined)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));
}

async function roleOf(userId: string) {
  const [row] = await ctx.database.db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  return row?.role;
}

describe('GET /api/user/data', () => {
  it('when a student with enrollments asks, then their profile and course ids come back, most recent first, in one query for the ids', async () => {
    const educator = await ctx.createUser({ role: 'educator' });
    const [older, newer] = [
      await insertCourse(ctx.database.db, educator.user.id),
      await insertCourse(ctx.database.db, educator.user.id),
    ];
    const student = await ctx.createUser({ name: 'Carla Dias' });
    await enrollDirectly(
      ctx.database.db,
      student.user.id,
      older!.id,
      new Date('2025-01-01T10:00:00Z'),
    );
    await enrollDirectly(
      ctx.database.db,
      student.user.id,
      newer!.id,
      new Date('2025-03-01T10:00:00Z'),
    );

    const before = ctx.database.stats.queries;
    const res = await userData(student.auth);
    const queries = ctx.database.stats.queries - before;

    expect(res.status).toBe(200);
    expect(userDataResponseSchema.parse(res.body).user).toEqual({
      _id: student.user.id,
      name: 'Carla Dias',
      email: student.user.email,
      imageUrl: '',
      role: 'student',
      enrolledCourses: [newer!.id, older!.id],
      educatorTitle: 'educador',
      // No password: an account made outside local sign-up (as Clerk's), whose e-mail is taken as confirmed.
      emailVerified: true,
    });
    // One to resolve the token's user and one for the enrolled course ids; where the session was
    // last seen is written off the request, with the others of its second.
    expect(queries).toBe(2);
  });

  it('when the user has a password, then no hash appears in the answer', async () => {
    const { user, auth } = await ctx.createUser();
    await ctx.database.db
      .update(users)
      .set({ passwordHash: 'scrypt$1$1$1$salt$hash' })
      .where(eq(users.id, user.id));

    const res = await userData(auth);

    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|password/i);
  });

  it('when no token is sent, then 401', async () => {
    const res = await request(ctx.app).get('/api/user/data');

    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });

  it('when the header is not a bearer token, then 401', async () => {
    const { token } = await ctx.createUser();

    expect((await userData({ Authorization: token })).status).toBe(401);
    expect((await userData({ Authorization: `Basic ${token}` })).status).toBe(401);
  });

  it('when the token has expired, then 401', async () => {
    const { user } = await ctx.createUser();
    const expired = await sign(user.id, TEST_AUTH_SECRET, Math.floor(Date.now() / 1000) - 60);

    const res = await userData({ Authorization: `Bearer ${expired}` });

    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: expect.any(String) });
  });

  it('when the token was tampered with (another user id in the payload), then 401', async () => {
    const victim = await ctx.createUser();
    const attacker = await ctx.createUser();
    const [header, , signature] = attacker.token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ sub: victim.user.id, iss: 'aprendiz', iat: 1, exp: 4_000_000_000 }),
    ).toString('base64url');

    const res = await userData({ Authorization: `Bearer ${header}.${forgedPayload}.${signature}` });

    expect(res.status).toBe(401);
  });

  it('when the token was signed with another secret, then 401', async () => {
    const { user } = await ctx.createUser();
    const foreign = await sign(user.id, 'another-secret-that-is-also-long-enough-for-hs256');

    expect((await userData({ Authorization: `Bearer ${foreign}` })).status).toBe(401);
  });

  it('when the token is unsigned (alg none), then 401', async () => {
    const { user } = await ctx.createUser();
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: user.id, iss: 'aprendiz', exp: 4_000_000_000 }),
    ).toString('base64url');

    expect((await userData({ Authorization: `Bearer ${header}.${payload}.` })).status).toBe(401);
  });

  it('when the token belongs to a user who was deleted, then 401', async () => {
    const { user, auth } = await ctx.createUser();
    expect((await userData(auth)).status).toBe(200);
    await ctx.database.db.delete(users).where(eq(users.id, user.id));

    expect((await userData(auth)).status).toBe(401);
  });
});

describe('GET /api/educator/update-role (local accounts)', () => {
  it('when a student asks, then they become an educator with the success message, and asking again is harmless', async () => {
    const student = await ctx.createUser();

    const first = await request(ctx.app).get('/api/educator/update-role').set(student.auth);
    expect(first.status).toBe(200);
    expect(messageResponseSchema.parse(first.body).message).toBe(NOW_EDUCATOR);
    expect(await roleOf(student.user.id)).toBe('educator');

    const again = await request(ctx.app).get('/api/educator/update-role').set(student.auth);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await roleOf(student.user.id)).toBe('educator');

    const me = await userData(student.auth);
    expect(me.body.user.role).toBe('educator');
  });

  it('when nobody is signed in, then 401 and no role changes', async () => {
    const res = await request(ctx.app).get('/api/educator/update-role');

    expect(res.status).toBe(401);
  });
});

describe('requireEducator on an educator route', () => {
  // A route of the test's own, so the role check is exercised without any educator feature.
  function educatorOnlyApp() {
    const app = express();
    app.get('/only-educators', requireAuth(ctx.deps.auth), requireEducator, (_req, res) => {
      res.json({ success: true });
    });
    app.use(errorHandler);
    return app;
  }

  it('when a student calls it, then 403; after becoming an educator, then 200', async () => {
    const app = educatorOnlyApp();
    const student = await ctx.createUser();

    const refused = await request(app).get('/only-educators').set(student.auth);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: 'Acesso reservado a educadores' });

    await request(ctx.app).get('/api/educator/update-role').set(student.auth).expect(200);

    expect((await request(app).get('/only-educators').set(student.auth)).status).toBe(200);
  });

  it('when an educator calls it, then 200; when nobody is signed in, then 401', async () => {
    const app = educatorOnlyApp();
    const educator = await ctx.createUser({ role: 'educator' });

    expect((await request(app).get('/only-educators').set(educator.auth)).status).toBe(200);
    expect((await request(app).get('/only-educators')).status).toBe(401);
  });

  it('when a student calls a real educator route, then 403', async () => {
    const student = await ctx.createUser();

    const res = await request(ctx.app).get('/api/educator/dashboard').set(student.auth);

    expect(res.status).toBe(403);
  });
});
