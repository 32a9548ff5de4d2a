import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import {
  ENROLLED_STUDENTS_PAGE_SIZE,
  enrolledStudentsResponseSchema,
} from '@aprendiz/contract/educator';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertCourse } from '../../test/fixtures/course-fixtures';

let ctx: TestContext;
let auth: { Authorization: string };
/** Every enrollment of the educator's two courses, as `learner id|course title`. */
let everyone: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  const educator = await ctx.createUser({ role: 'educator' });
  auth = educator.auth;
  const python = await insertCourse(db, educator.user.id, { title: 'Python' });
  const react = await insertCourse(db, educator.user.id, { title: 'React' });
  // Another educator's learners never show, whatever the cursor says.
  const foreign = await insertCourse(db, (await ctx.createUser({ role: 'educator' })).user.id);
  await db.execute(sql`insert into users (id, name, email)
    select 'usr_pages_' || g, 'Aluno ' || g, 'aluno' || g || '@pages.test' from generate_series(1, 90) g`);
  // Learners 1–60 joined both courses at the very same microsecond (a bulk enrollment); 61–90 one
  // course each, a microsecond apart (the same millisecond, which JavaScript's dates cannot tell apart).
  await db.execute(sql`insert into enrollments (user_id, course_id, enrolled_at)
    select 'usr_pages_' || g, c.id, timestamptz '2031-03-01 10:00:00.000500+00'
    from generate_series(1, 60) g cross join (values (${python.id}::uuid), (${react.id}::uuid)) c(id)
    union all
    select 'usr_pages_' || g, case when g % 2 = 0 then ${python.id}::uuid else ${react.id}::uuid end,
      timestamptz '2031-03-01 10:00:00.000000+00' + g * interval '1 microsecond'
    from generate_series(61, 90) g
    union all
    select 'usr_pages_' || g, ${foreign.id}::uuid, timestamptz '2031-03-01 10:00:00+00'
    from generate_series(1, 90) g`);
  everyone = [
    ...Array.from({ length: 60 }, (_, i) => [
      `usr_pages_${i + 1}|Python`,
      `usr_pages_${i + 1}|React`,
    ]).flat(),
    ...Array.from(
      { length: 30 },
      (_, i) => `usr_pages_${i + 61}|${(i + 61) % 2 === 0 ? 'Python' : 'React'}`,
    ),
  ];
});
afterAll(() => ctx.close());

async function page(before?: string) {
  const res = await request(ctx.app)
    .get('/api/educator/enrolled-students')
    .query(before === undefined ? {} : { before })
    .set(auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return enrolledStudentsResponseSchema.parse(res.body);
}

describe('the students list, a page at a time', () => {
  it('when an educator pages with Ver mais through enrollments that share their time, then each shows once, newest first, and the last page says there is no next', async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    let next: string | null | undefined;
    let total = -1;
    do {
      const answer = await page(next ?? undefined);
      total = answer.total;
      sizes.push(answer.enrolledStudents.length);
      seen.push(...answer.enrolledStudents.map((e) => `${e.student._id}|${e.courseTitle}`));
      const dates = answer.enrolledStudents.map((e) => Date.parse(e.purchaseDate));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      next = answer.next;
    } while (next !== null);

    expect(total).toBe(everyone.length);
    expect(sizes).toEqual([ENROLLED_STUDENTS_PAGE_SIZE, ENROLLED_STUDENTS_PAGE_SIZE, 50]);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...everyone].sort());
    // The shared microsecond is the newest: those 120 come first.
    expect(seen.slice(0, 120).every((key) => Number(key.split('|')[0]!.slice(10)) <= 60)).toBe(
      true,
    );
  });

  it('when the cursor is past the oldest enrollment, then an empty page with no next', async () => {
    const answer = await page(`0~${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}~usr`);
    expect(answer).toMatchObject({ enrolledStudents: [], total: everyone.length, next: null });
  });

  it('when ?before= is not a cursor the list gave, then 400 in Portuguese', async () => {
    for (const before of ['abc', '12~not-a-uuid~usr', `1~${crypto.randomUUID()}~`, '1~2~3~4']) {
      const res = await request(ctx.app)
        .get('/api/educator/enrolled-students')
        .query({ before })
        .set(auth);
      expect([before, res.status, res.body.message]).toEqual([
        before,
        400,
        'Página de alunos inválida',
      ]);
    }
  });

  it('when ?before= is shaped like a cursor with any time, course and learner, then 200 or 400, never a 5xx', async () => {
    const cursor = fc
      .tuple(
        fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 17n - 1n }), fc.constant(0n)),
        fc.uuid(),
        fc.string({ minLength: 0, maxLength: 210, unit: 'binary' }),
      )
      .map(([micros, course, user]) => `${micros}~${course}~${user}`);
    await fc.assert(
      fc.asyncProperty(cursor, async (before) => {
        const res = await request(ctx.app)
          .get('/api/educator/enrolled-students')
          .query({ before })
          .set(auth);
        expect([200, 400]).toContain(res.status);
      }),
      { numRuns: 60, seed: 48 },
    );
  });
});
