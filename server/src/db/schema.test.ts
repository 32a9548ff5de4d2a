import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../test/test-app';
import type { Database } from './client';
import { migrate } from './migrate';
import { courses } from './schema/courses';
import { ratings } from './schema/ratings';
import { users } from './schema/users';
import { enrollments } from './schema/enrollments';

let database: Database;
let drop: () => Promise<void>;

function constraintOf(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const c = (e as { constraint?: string }).constraint;
    if (c) return c;
  }
  return undefined;
}

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.db
    .insert(users)
    .values({ id: 'usr_edu', name: 'Ana', email: 'ana@example.test', role: 'educator' });
});
afterAll(() => drop());

describe('database schema', () => {
  it('when migrations run a second time, then nothing is applied again', async () => {
    expect(await migrate(database.db)).toBe(0);
  });

  it('when a course has a discount of 101, then the database refuses the row', async () => {
    const insert = database.db.insert(courses).values({
      educatorId: 'usr_edu',
      title: 'Curso',
      thumbnailUrl: '/x.webp',
      price: '10.00',
      discount: 101,
    });
    await expect(insert).rejects.toSatisfy((e) => constraintOf(e) === 'courses_discount_check');
  });

  it('when a course has a negative price, then the database refuses the row', async () => {
    const insert = database.db
      .insert(courses)
      .values({ educatorId: 'usr_edu', title: 'Curso', thumbnailUrl: '/x.webp', price: '-1.00' });
    await expect(insert).rejects.toSatisfy((e) => constraintOf(e) === 'courses_price_check');
  });

  it('when a rating of 6 is inserted, then the database refuses it and a rating of 5 is kept', async () => {
    const [course] = await database.db
      .insert(courses)
      .values({ educatorId: 'usr_edu', title: 'Curso válido', thumbnailUrl: '/x.webp', price: '0' })
      .returning();
    await expect(
      database.db.insert(ratings).values({ userId: 'usr_edu', courseId: course!.id, rating: 6 }),
    ).rejects.toSatisfy((e) => constraintOf(e) === 'ratings_rating_check');
    await database.db
      .insert(ratings)
      .values({ userId: 'usr_edu', courseId: course!.id, rating: 5 });
    const rows = await database.db.select().from(ratings);
    expect(rows.map((r) => r.rating)).toEqual([5]);
  });

  it('when the same enrollment is inserted twice, then the composite key refuses the second', async () => {
    const [course] = await database.db
      .insert(courses)
      .values({ educatorId: 'usr_edu', title: 'Outro curso', thumbnailUrl: '/x.webp', price: '0' })
      .returning();
    await database.db.insert(enrollments).values({ userId: 'usr_edu', courseId: course!.id });
    await expect(
      database.db.insert(enrollments).values({ userId: 'usr_edu', courseId: course!.id }),
    ).rejects.toSatisfy((e) => constraintOf(e) === 'enrollments_user_id_course_id_pk');
  });

  it('when an e-mail is stored with capitals, then the database refuses it', async () => {
    await expect(
      database.db.insert(users).values({ id: 'usr_x', name: 'X', email: 'X@Example.test' }),
    ).rejects.toSatisfy((e) => constraintOf(e) === 'users_email_lower_check');
    const count = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users`,
    );
    expect(count.rows[0]?.n).toBe(1);
  });
});
