import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { courseListResponseSchema } from '@aprendiz/contract/courses';
import { createTestContext, type TestContext } from '../../test/test-app';
import { sampleContent } from '../../test/fixtures/course-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  const { user: educator } = await ctx.createUser({ role: 'educator' });
  // Set-based seeding: 1,000 courses, 1,000 students, each student in 100 courses = 100,000 rows.
  await db.execute(sql`insert into users (id, name, email)
    select 'usr_scale_' || g, 'Aluno ' || g, 'aluno' || g || '@scale.test' from generate_series(1, 1000) g`);
  await db.execute(sql`insert into courses (educator_id, title, thumbnail_url, price, discount, content, created_at)
    select ${educator.id}, 'Curso ' || g, '/uploads/c.webp', 10 + g % 50, g % 30,
      ${JSON.stringify(sampleContent())}::jsonb, now() - g * interval '1 minute'
    from generate_series(1, 1000) g`);
  await db.execute(sql`insert into enrollments (user_id, course_id)
    select 'usr_scale_' || ((c.rn + u) % 1000 + 1), c.id
    from (select id, row_number() over (order by created_at desc) rn from courses) c
    cross join generate_series(1, 100) u`);
  await db.execute(sql`insert into ratings (user_id, course_id, rating)
    select user_id, course_id, 1 + (abs(hashtext(user_id)) % 5) from enrollments
    where user_id in ('usr_scale_1', 'usr_scale_2', 'usr_scale_3')`);
  await db.execute(sql`analyze`);
  // Enrollments keep their totals once per statement (db/rules/totals.sql): the seed takes seconds.
}, 900_000);
afterAll(() => ctx.close());

describe('GET /api/course/all at scale', () => {
  it('when 1,000 courses hold 100,000 enrollments, then the list costs one SQL query and a repeat is served from the cache', async () => {
    const [{ n }] = (
      await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int n from enrollments`)
    ).rows as { n: number }[];
    expect(n).toBe(100_000);

    const before = ctx.database.stats.queries;
    const first = await request(ctx.app).get('/api/course/all');
    expect(first.status).toBe(200);
    expect(ctx.database.stats.queries - before).toBe(1);

    const { courses } = courseListResponseSchema.parse(first.body);
    expect(courses).toHaveLength(1000);
    expect(courses.every((c) => c.studentCount === 100)).toBe(true);
    expect(courses[0]!.courseTitle).toBe('Curso 1');
    expect(courses.reduce((sum, c) => sum + c.ratingCount, 0)).toBe(300);

    const cached = await request(ctx.app).get('/api/course/all');
    const revalidated = await request(ctx.app)
      .get('/api/course/all')
      .set('If-None-Match', first.headers.etag as string);
    expect(cached.text).toBe(first.text);
    expect(revalidated.status).toBe(304);
    expect(ctx.database.stats.queries - before).toBe(1);
  });
});
