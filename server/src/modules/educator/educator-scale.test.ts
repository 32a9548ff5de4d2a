import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import {
  dashboardResponseSchema,
  educatorCoursesResponseSchema,
  enrolledStudentsResponseSchema,
} from '@aprendiz/contract/educator';
import { createTestContext, type TestContext } from '../../test/test-app';
import { ENROLLED_STUDENTS_PAGE_SIZE } from '@aprendiz/contract/educator';
import { DASHBOARD_LATEST_ENROLLMENTS } from './educator.service';

let ctx: TestContext;
let auth: { Authorization: string };
beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  const educator = await ctx.createUser({ role: 'educator' });
  auth = educator.auth;
  // Set-based seeding: 1,000 courses × 100 students = 100,000 enrollments, each a second apart
  // (course g, student u enrolled g·100 + u seconds ago), so the newest is course 1, student 1.
  await db.execute(sql`insert into users (id, name, email)
    select 'usr_edscale_' || g, 'Aluno ' || g, 'aluno' || g || '@edscale.test' from generate_series(1, 1000) g`);
  await db.execute(sql`insert into courses (educator_id, title, thumbnail_url, price, discount, created_at)
    select ${educator.user.id}, 'Curso ' || g, '/uploads/c.webp', 20, 50, now() - g * interval '1 minute'
    from generate_series(1, 1000) g`);
  await db.execute(sql`insert into enrollments (user_id, course_id, enrolled_at)
    select 'usr_edscale_' || ((c.rn + u) % 1000 + 1), c.id, now() - (c.rn * 100 + u) * interval '1 second'
    from (select id, row_number() over (order by created_at desc) rn from courses) c
    cross join generate_series(1, 100) u`);
  // 10 completed purchases of 10.00 per course, a pending one that must not count, and a refunded one.
  await db.execute(sql`insert into purchases (user_id, course_id, amount, currency, status, provider)
    select 'usr_edscale_' || ((c.rn + u) % 1000 + 1), c.id, 10, 'usd',
      case when u <= 10 then 'completed' when u = 11 then 'pending' else 'refunded' end, 'sandbox'
    from (select id, row_number() over (order by created_at desc) rn from courses) c
    cross join generate_series(1, 12) u`);
  await db.execute(sql`analyze`);
  // Enrollments keep their totals once per statement (db/rules/totals.sql): the seed takes seconds.
  // A session's first request notes where it was seen (once per 5 minutes): not a page's cost.
  await request(ctx.app).get('/api/user/data').set(auth).expect(200);
}, 900_000);
afterAll(() => ctx.close());

/** The request's SQL statements, less the one that loads the signed-in user. */
async function measured(url: string) {
  // The session is read from the database, as on an instance that has not seen it yet.
  ctx.deps.sessionCache.clear();
  // Where the session was last seen is written a second after a request: not this request's cost.
  await ctx.deps.sessionActivity.flush();
  const before = ctx.database.stats.queries;
  const res = await request(ctx.app).get(url).set(auth);
  expect(res.status).toBe(200);
  return { body: res.body as unknown, queries: ctx.database.stats.queries - before - 1 };
}

describe('educator queries at scale', () => {
  it('when the educator has 1,000 courses and 100,000 enrollments, then the dashboard costs two SQL queries', async () => {
    const { body, queries } = await measured('/api/educator/dashboard');

    // The totals with the balance (the ledger's running sums), and the latest enrollments, side by
    // side: a fixed number whatever the courses and enrollments.
    expect(queries).toBe(2);
    const { dashboardData } = dashboardResponseSchema.parse(body);
    expect(dashboardData.totalCourses).toBe(1000);
    expect(dashboardData.totalEnrollments).toBe(100_000);
    expect(dashboardData.totalEarnings).toBe(100_000);
    expect(dashboardData.refunds).toEqual({ count: 1000, amount: 10_000 });
    expect(dashboardData.enrolledStudentsData).toHaveLength(DASHBOARD_LATEST_ENROLLMENTS);
    expect(dashboardData.enrolledStudentsData[0]).toMatchObject({
      courseTitle: 'Curso 1',
      student: { name: 'Aluno 3' },
    });
  });

  it('when the same educator lists enrolled students, then two SQL queries answer the newest page and its total, and a page deep in the list costs the same', async () => {
    const { body, queries } = await measured('/api/educator/enrolled-students');

    // The page and, beside it, the total from the courses' student counts.
    expect(queries).toBe(2);
    const first = enrolledStudentsResponseSchema.parse(body);
    expect(first.enrolledStudents).toHaveLength(ENROLLED_STUDENTS_PAGE_SIZE);
    expect(first.total).toBe(100_000);
    const dates = first.enrolledStudents.map((e) => Date.parse(e.purchaseDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(first.enrolledStudents.slice(0, 2).map((e) => e.courseTitle)).toEqual([
      'Curso 1',
      'Curso 1',
    ]);

    // Course 600's newest enrollment is 60,000 seconds old: everything newer is 59,900 rows in.
    const [deep] = (
      await ctx.database.db.execute<{ micros: string; course: string; learner: string }>(sql`
        select (extract(epoch from e.enrolled_at) * 1000000)::bigint::text as micros,
          e.course_id::text as course, e.user_id as learner
        from enrollments e join courses c on c.id = e.course_id
        where c.title = 'Curso 600' order by e.enrolled_at desc limit 1`)
    ).rows;
    const later = await measured(
      `/api/educator/enrolled-students?before=${deep!.micros}~${deep!.course}~${deep!.learner}`,
    );
    expect(later.queries).toBe(2);
    const { enrolledStudents, next } = enrolledStudentsResponseSchema.parse(later.body);
    expect(enrolledStudents).toHaveLength(ENROLLED_STUDENTS_PAGE_SIZE);
    expect(Date.parse(enrolledStudents[0]!.purchaseDate)).toBeLessThan(
      Math.floor(Number(deep!.micros) / 1000) + 1,
    );
    expect(next).not.toBeNull();
  });

  it('when the same educator lists courses, then two SQL queries answer all 1,000 with counts and earnings', async () => {
    const { body, queries } = await measured('/api/educator/courses');

    // The courses and, beside them, every course's earnings summed from the ledger in one query.
    expect(queries).toBe(2);
    const { courses } = educatorCoursesResponseSchema.parse(body);
    expect(courses).toHaveLength(1000);
    // Earnings are what buyers paid (the ledger: 10 completed purchases of 10.00), not students ×
    // today's price, so the 1,000 courses add up to the dashboard's 100,000.
    expect(courses[0]).toMatchObject({ courseTitle: 'Curso 1', studentCount: 100, earnings: 100 });
    expect(courses.every((c) => c.studentCount === 100 && c.earnings === 100)).toBe(true);
  });
});
