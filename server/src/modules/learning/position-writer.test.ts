import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enrollments } from '../../db/schema/enrollments';
import { lecturePositions } from '../../db/schema/lecture-positions';
import { createTestContext, type TestContext } from '../../test/test-app';
import { enrollDirectly, insertCourse, sampleContent } from '../../test/fixtures/course-fixtures';
import { createPositionWriter, type PositionWriter } from './position-writer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const silent = { error: vi.fn() };
const writers: PositionWriter[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(writers.splice(0).map((w) => w.close()));
});
function writer(db: Db = ctx.database.db, flushMs = 250) {
  const w = createPositionWriter(db, silent, { flushMs });
  writers.push(w);
  return w;
}

async function enrolled(content = sampleContent()) {
  const owner = await ctx.createUser({ role: 'educator' });
  const course = await insertCourse(ctx.database.db, owner.user.id, { content });
  const student = await ctx.createUser();
  await enrollDirectly(ctx.database.db, student.user.id, course.id);
  return { course, student };
}

async function stored(userId: string, courseId: string) {
  return ctx.database.db
    .select({ lectureId: lecturePositions.lectureId, seconds: lecturePositions.seconds })
    .from(lecturePositions)
    .where(and(eq(lecturePositions.userId, userId), eq(lecturePositions.courseId, courseId)))
    .orderBy(sql`${lecturePositions.updatedAt} desc`);
}

describe('the position writer', () => {
  it('when saves are held, then nothing is written until the batch goes, and then one row per lecture at its newest second, newest first', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { course, student } = await enrolled();
    const w = writer();
    const save = (lectureId: string, seconds: number) =>
      w.hold({ userId: student.user.id, courseId: course.id, lectureId, seconds });
    save('lec-1', 10);
    vi.advanceTimersByTime(50);
    save('lec-2', 20);
    vi.advanceTimersByTime(50);
    save('lec-1', 30);
    expect([w.pending(), w.held(student.user.id, course.id, 'lec-1')]).toEqual([2, 30]);
    expect(await stored(student.user.id, course.id)).toEqual([]);

    await vi.advanceTimersByTimeAsync(250);
    await w.settle(student.user.id, course.id);
    expect(w.pending()).toBe(0);
    // lec-1's newest save came after lec-2's: it is where the learner resumes.
    expect(await stored(student.user.id, course.id)).toEqual([
      { lectureId: 'lec-1', seconds: 30 },
      { lectureId: 'lec-2', seconds: 20 },
    ]);
  });

  it('when another instance wrote the same lecture after a save was held, then the batch leaves the newer row alone', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { course, student } = await enrolled();
    const w = writer();
    w.hold({ userId: student.user.id, courseId: course.id, lectureId: 'lec-1', seconds: 10 });
    // The held save waited 5 s (a slow batch); meanwhile another instance wrote 40 directly.
    vi.advanceTimersByTime(5_000);
    await ctx.database.db
      .insert(lecturePositions)
      .values({ userId: student.user.id, courseId: course.id, lectureId: 'lec-1', seconds: 40 });
    await w.flush();
    expect(await stored(student.user.id, course.id)).toEqual([{ lectureId: 'lec-1', seconds: 40 }]);
  });

  it('when a learner no longer has the course by the time the batch goes, then their save is dropped and the others in the batch are written', async () => {
    const kept = await enrolled();
    const dropped = await enrolled();
    const w = writer();
    for (const { course, student } of [kept, dropped])
      w.hold({ userId: student.user.id, courseId: course.id, lectureId: 'lec-2', seconds: 15 });
    await ctx.database.db
      .delete(enrollments)
      .where(
        and(
          eq(enrollments.userId, dropped.student.user.id),
          eq(enrollments.courseId, dropped.course.id),
        ),
      );
    await w.flush();
    expect(await stored(kept.student.user.id, kept.course.id)).toEqual([
      { lectureId: 'lec-2', seconds: 15 },
    ]);
    expect(await stored(dropped.student.user.id, dropped.course.id)).toEqual([]);
  });

  it('when lecture ids hold quotes, backslashes, commas, braces and accents, then they are written as they are', async () => {
    const ids = ['a"b', 'c\\d', 'e,f', '{g}', 'aula ção', 'NULL'];
    const content = sampleContent();
    content[0]!.chapterContent = ids.map((lectureId, i) => ({
      ...content[0]!.chapterContent[0]!,
      lectureId,
      lectureOrder: i + 1,
    }));
    const { course, student } = await enrolled(content);
    const w = writer();
    ids.forEach((lectureId, seconds) =>
      w.hold({ userId: student.user.id, courseId: course.id, lectureId, seconds }),
    );
    await w.flush();
    const rows = await stored(student.user.id, course.id);
    expect(new Map(rows.map((r) => [r.lectureId, r.seconds]))).toEqual(
      new Map(ids.map((id, seconds) => [id, seconds])),
    );
  });

  it('when the database refuses a batch, then its saves wait and go with the next one, unless a newer save of the lecture came in', async () => {
    const { course, student } = await enrolled();
    const db = ctx.database.db;
    let refuse = true;
    const flaky = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'execute' && refuse) {
          refuse = false;
          return () => Promise.reject(new Error('connection reset'));
        }
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const logged = { error: vi.fn() };
    const w = createPositionWriter(flaky, logged, { flushMs: 60_000 });
    writers.push(w);
    const save = (lectureId: string, seconds: number) =>
      w.hold({ userId: student.user.id, courseId: course.id, lectureId, seconds });
    save('lec-1', 10);
    save('lec-2', 20);
    await w.flush();
    expect(logged.error).toHaveBeenCalledOnce();
    expect(w.pending()).toBe(2);
    save('lec-2', 25);
    await w.flush();
    expect(new Set(await stored(student.user.id, course.id))).toEqual(
      new Set([
        { lectureId: 'lec-1', seconds: 10 },
        { lectureId: 'lec-2', seconds: 25 },
      ]),
    );
  });

  it('when the instance stops, then what it holds is written first and it holds nothing more', async () => {
    const { course, student } = await enrolled();
    const w = createPositionWriter(ctx.database.db, silent, { flushMs: 60_000 });
    w.hold({ userId: student.user.id, courseId: course.id, lectureId: 'lec-3', seconds: 5 });
    await w.close();
    expect(await stored(student.user.id, course.id)).toEqual([{ lectureId: 'lec-3', seconds: 5 }]);
    expect(w.canHold()).toBe(false);
  });

  it('when as many saves wait as it keeps, then it takes no more until they are written', async () => {
    const { course, student } = await enrolled();
    const w = createPositionWriter(ctx.database.db, silent, { flushMs: 60_000, maxHeld: 2 });
    writers.push(w);
    w.hold({ userId: student.user.id, courseId: course.id, lectureId: 'lec-1', seconds: 1 });
    w.hold({ userId: student.user.id, courseId: course.id, lectureId: 'lec-2', seconds: 2 });
    expect(w.canHold()).toBe(false);
    await w.flush();
    expect(w.canHold()).toBe(true);
  });
});

describe('POST /api/user/lecture-position with held saves', () => {
  const save = (auth: { Authorization: string }, body: object) =>
    request(ctx.app).post('/api/user/lecture-position').set(auth).send(body);

  it('when a lecture is first saved past its start, then it is written at once (a refund right after sees it watched); later saves of it wait, and resume still answers them', async () => {
    const { course, student } = await enrolled();
    const first = await save(student.auth, {
      courseId: course.id,
      lectureId: 'lec-2',
      seconds: 12,
    });
    expect([first.status, first.body.seconds]).toEqual([200, 12]);
    expect(await stored(student.user.id, course.id)).toEqual([{ lectureId: 'lec-2', seconds: 12 }]);
    expect(ctx.deps.positions.pending()).toBe(0);

    const later = await save(student.auth, {
      courseId: course.id,
      lectureId: 'lec-2',
      seconds: 22,
    });
    expect([later.status, later.body.seconds]).toEqual([200, 22]);
    expect(ctx.deps.positions.held(student.user.id, course.id, 'lec-2')).toBe(22);
    // Without a second, the held one is the answer.
    const touched = await save(student.auth, { courseId: course.id, lectureId: 'lec-2' });
    expect([touched.status, touched.body.seconds]).toEqual([200, 22]);

    const resume = await request(ctx.app).get(`/api/user/resume/${course.id}`).set(student.auth);
    expect(resume.body).toMatchObject({ lectureId: 'lec-2', seconds: 22 });
    expect(await stored(student.user.id, course.id)).toEqual([{ lectureId: 'lec-2', seconds: 22 }]);
  });

  it('when a save waits and the learner is refunded before its batch, then the batch does not bring the row back', async () => {
    const { course, student } = await enrolled();
    await save(student.auth, { courseId: course.id, lectureId: 'lec-1', seconds: 12 });
    await save(student.auth, { courseId: course.id, lectureId: 'lec-1', seconds: 30 });
    expect(ctx.deps.positions.held(student.user.id, course.id, 'lec-1')).toBe(30);
    await ctx.database.db.execute(
      sql`delete from lecture_positions where user_id = ${student.user.id}`,
    );
    await ctx.database.db
      .delete(enrollments)
      .where(and(eq(enrollments.userId, student.user.id), eq(enrollments.courseId, course.id)));
    await ctx.deps.positions.flush();
    expect(await stored(student.user.id, course.id)).toEqual([]);
  });
});
