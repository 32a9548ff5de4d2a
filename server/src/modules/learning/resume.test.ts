import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { resumeResponseSchema } from '@aprendiz/contract/learning';
import { lectureProgress } from '../../db/schema/lecture-progress';
import { lecturePositions } from '../../db/schema/lecture-positions';
import { createTestContext, TEST_AUTH_SECRET, type TestContext } from '../../test/test-app';
import { enrollDirectly, insertCourse, sampleContent } from '../../test/fixtures/course-fixtures';
import { createPositionTokens, POSITION_TOKEN_TTL_MS } from './position-token';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function enrolledStudent() {
  const owner = await ctx.createUser({ role: 'educator' });
  const course = await insertCourse(ctx.database.db, owner.user.id);
  const student = await ctx.createUser();
  await enrollDirectly(ctx.database.db, student.user.id, course.id);
  return { owner, course, student };
}

async function positionsOf(userId: string, courseId: string) {
  return ctx.database.db
    .select({ lectureId: lecturePositions.lectureId, seconds: lecturePositions.seconds })
    .from(lecturePositions)
    .where(and(eq(lecturePositions.userId, userId), eq(lecturePositions.courseId, courseId)))
    .orderBy(lecturePositions.lectureId);
}

const savePosition = (auth: { Authorization: string } | undefined, body: unknown) => {
  const call = request(ctx.app).post('/api/user/lecture-position');
  return (auth ? call.set(auth) : call).send(body as object);
};

describe('POST /api/user/lecture-position and GET /api/user/resume/:courseId', () => {
  it('when an enrolled student saves positions in two lectures, then resume answers the newest one and the second each lecture was left at', async () => {
    const { course, student } = await enrolledStudent();
    const first = await savePosition(student.auth, {
      courseId: course.id,
      lectureId: 'lec-2',
      seconds: 42,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, seconds: 42 });
    expect(typeof first.body.positionToken).toBe('string');
    await savePosition(student.auth, { courseId: course.id, lectureId: 'lec-3', seconds: 7 });
    await savePosition(student.auth, { courseId: course.id, lectureId: 'lec-2', seconds: 61 });

    const res = await request(ctx.app).get(`/api/user/resume/${course.id}`).set(student.auth);
    expect(res.status).toBe(200);
    expect(resumeResponseSchema.parse(res.body)).toMatchObject({
      lectureId: 'lec-2',
      seconds: 61,
      lectures: [
        { lectureId: 'lec-2', seconds: 61 },
        { lectureId: 'lec-3', seconds: 7 },
      ],
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(await positionsOf(student.user.id, course.id)).toEqual([
      { lectureId: 'lec-2', seconds: 61 },
      { lectureId: 'lec-3', seconds: 7 },
    ]);
  });

  it('when the player saves a chosen lecture without a second (its video could not load), then it becomes the resume point at the second it had, or its start', async () => {
    const { course, student } = await enrolledStudent();
    await savePosition(student.auth, { courseId: course.id, lectureId: 'lec-3', seconds: 30 });
    await savePosition(student.auth, { courseId: course.id, lectureId: 'lec-2', seconds: 42 });
    const back = await savePosition(student.auth, { courseId: course.id, lectureId: 'lec-3' });
    expect([back.status, back.body.seconds]).toEqual([200, 30]);
    let res = await request(ctx.app).get(`/api/user/resume/${course.id}`).set(student.auth);
    expect(resumeResponseSchema.parse(res.body)).toMatchObject({ lectureId: 'lec-3', seconds: 30 });

    const fresh = await savePosition(student.auth, { courseId: course.id, lectureId: 'lec-1' });
    expect([fresh.status, fresh.body.seconds]).toEqual([200, 0]);
    res = await request(ctx.app).get(`/api/user/resume/${course.id}`).set(student.auth);
    expect(resumeResponseSchema.parse(res.body)).toMatchObject({ lectureId: 'lec-1', seconds: 0 });
    expect(await positionsOf(student.user.id, course.id)).toEqual([
      { lectureId: 'lec-1', seconds: 0 },
      { lectureId: 'lec-2', seconds: 42 },
      { lectureId: 'lec-3', seconds: 30 },
    ]);
  });

  it('when an enrolled student has watched nothing, then resume answers no lecture and 0 s', async () => {
    const { course, student } = await enrolledStudent();
    const res = await request(ctx.app).get(`/api/user/resume/${course.id}`).set(student.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, lectureId: null, seconds: 0, lectures: [] });
  });

  it('when the last watched lecture was removed from the course, then resume falls back to the newest one it still has', async () => {
    const { course, student } = await enrolledStudent();
    await ctx.database.db.insert(lecturePositions).values([
      {
        userId: student.user.id,
        courseId: course.id,
        lectureId: 'lec-1',
        seconds: 30,
        updatedAt: new Date('2031-01-01'),
      },
      {
        userId: student.user.id,
        courseId: course.id,
        lectureId: 'gone',
        seconds: 90,
        updatedAt: new Date('2031-01-02'),
      },
    ]);
    const res = await request(ctx.app).get(`/api/user/resume/${course.id}`).set(student.auth);
    expect(res.body).toMatchObject({
      lectureId: 'lec-1',
      seconds: 30,
      lectures: [{ lectureId: 'lec-1', seconds: 30 }],
    });
  });

  it('when the position is past the lecture duration, then it is kept at the duration plus a minute', async () => {
    const { course, student } = await enrolledStudent();
    // lec-3 lasts 15.5 minutes: bounded at 17 whole minutes.
    const res = await savePosition(student.auth, {
      courseId: course.id,
      lectureId: 'lec-3',
      seconds: 5000,
    });
    expect(res.status).toBe(200);
    expect(res.body.seconds).toBe(17 * 60);
    expect(await positionsOf(student.user.id, course.id)).toEqual([
      { lectureId: 'lec-3', seconds: 1020 },
    ]);
  });

  it('when a student who is not enrolled, or the course educator, saves or reads a position, then 403 and nothing stored', async () => {
    const { owner, course } = await enrolledStudent();
    const outsider = await ctx.createUser();
    for (const caller of [outsider, owner]) {
      const save = await savePosition(caller.auth, {
        courseId: course.id,
        lectureId: 'lec-1',
        seconds: 3,
      });
      expect(save.status).toBe(403);
      expect(save.body).toEqual({ success: false, message: 'Inscreva-se no curso para continuar' });
      const read = await request(ctx.app).get(`/api/user/resume/${course.id}`).set(caller.auth);
      expect(read.status).toBe(403);
      expect(await positionsOf(caller.user.id, course.id)).toEqual([]);
    }
  });

  it('when the caller is anonymous, then 401; an unknown course, 404', async () => {
    const { student } = await enrolledStudent();
    const unknown = randomUUID();
    expect(
      (await savePosition(undefined, { courseId: unknown, lectureId: 'a', seconds: 1 })).status,
    ).toBe(401);
    expect((await request(ctx.app).get(`/api/user/resume/${unknown}`)).status).toBe(401);
    const save = await savePosition(student.auth, {
      courseId: unknown,
      lectureId: 'a',
      seconds: 1,
    });
    expect(save.status).toBe(404);
    const read = await request(ctx.app).get(`/api/user/resume/${unknown}`).set(student.auth);
    expect(read.status).toBe(404);
  });

  it('when the body is bad, then 400 for every field and nothing stored', async () => {
    const { course, student } = await enrolledStudent();
    const good = { courseId: course.id, lectureId: 'lec-1', seconds: 5 };
    const cases: [unknown, string][] = [
      [{ ...good, courseId: 'x' }, 'Identificador inválido'],
      [{ ...good, lectureId: '' }, 'Identificador de aula inválido'],
      [{ ...good, lectureId: 'nao-existe' }, 'Esta aula não pertence ao curso'],
      [
        { ...good, lectureId: 'lec\u202e1' },
        'O identificador da aula contém caracteres não permitidos',
      ],
      [{ ...good, seconds: -1 }, 'A posição do vídeo deve ser um número inteiro de segundos'],
      [{ ...good, seconds: 1.5 }, 'A posição do vídeo deve ser um número inteiro de segundos'],
      [{ ...good, seconds: '5' }, 'A posição do vídeo deve ser um número inteiro de segundos'],
      [{ ...good, seconds: 10 ** 9 }, 'A posição do vídeo deve ser um número inteiro de segundos'],
      [{ ...good, seconds: null }, 'A posição do vídeo deve ser um número inteiro de segundos'],
      [{ courseId: course.id, seconds: 5 }, 'Campo obrigatório ausente: lectureId'],
    ];
    for (const [body, message] of cases) {
      const res = await savePosition(student.auth, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message.slice(0, 20));
    }
    const badId = await request(ctx.app).get('/api/user/resume/nope').set(student.auth);
    expect(badId.status).toBe(400);
    expect(await positionsOf(student.user.id, course.id)).toEqual([]);
  });
});

describe('POST /api/user/lecture-position/beacon', () => {
  it('when the page hides and sends a text/plain beacon with its position token, then the position is saved with no Authorization header', async () => {
    const { course, student } = await enrolledStudent();
    const resume = await request(ctx.app).get(`/api/user/resume/${course.id}`).set(student.auth);
    const res = await request(ctx.app)
      .post('/api/user/lecture-position/beacon')
      .set('Content-Type', 'text/plain;charset=UTF-8')
      .send(
        JSON.stringify({
          token: resume.body.positionToken,
          courseId: course.id,
          lectureId: 'lec-2',
          seconds: 42,
        }),
      );
    expect(res.status).toBe(204);
    expect(await positionsOf(student.user.id, course.id)).toEqual([
      { lectureId: 'lec-2', seconds: 42 },
    ]);
  });

  it('when the token is forged, expired, for another course or missing, then 401 or 400 and nothing stored', async () => {
    const { course, student } = await enrolledStudent();
    const other = await enrolledStudent();
    const foreignToken = (
      await request(ctx.app).get(`/api/user/resume/${other.course.id}`).set(other.student.auth)
    ).body.positionToken as string;
    const expired = createPositionTokens(
      TEST_AUTH_SECRET,
      () => Date.now() - POSITION_TOKEN_TTL_MS - 1000,
    ).issue(student.user.id, course.id);
    const forged = createPositionTokens('another-secret-that-is-long-enough-to-sign').issue(
      student.user.id,
      course.id,
    );
    const valid = createPositionTokens(TEST_AUTH_SECRET).issue(student.user.id, course.id);
    const tampered = `${valid.split('.')[0]}x.${valid.split('.')[1]}`;
    const beacon = (body: string) =>
      request(ctx.app)
        .post('/api/user/lecture-position/beacon')
        .set('Content-Type', 'text/plain')
        .send(body);
    const position = { courseId: course.id, lectureId: 'lec-1', seconds: 9 };
    for (const token of [foreignToken, expired, forged, tampered, 'a.b', 'x']) {
      const res = await beacon(JSON.stringify({ ...position, token }));
      expect(res.status, token).toBe(401);
      expect(res.body.message).toBe('Token de posição inválido ou expirado');
    }
    expect((await beacon(JSON.stringify(position))).status).toBe(400);
    expect((await beacon('{not json')).status).toBe(400);
    expect((await beacon(JSON.stringify({ ...position, token: valid, seconds: -4 }))).status).toBe(
      400,
    );
    expect(await positionsOf(student.user.id, course.id)).toEqual([]);
  });

  it('when the learner is no longer enrolled, then the beacon is refused with 403', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, owner.user.id, { content: sampleContent() });
    const stranger = await ctx.createUser();
    const token = createPositionTokens(TEST_AUTH_SECRET).issue(stranger.user.id, course.id);
    const res = await request(ctx.app)
      .post('/api/user/lecture-position/beacon')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ token, courseId: course.id, lectureId: 'lec-1', seconds: 1 }));
    expect(res.status).toBe(403);
    expect(await positionsOf(stranger.user.id, course.id)).toEqual([]);
  });
});

describe('POST /api/user/update-course-progress with completed: false', () => {
  it('when an enrolled student un-marks a completed lecture, then it is no longer completed and the others stay', async () => {
    const { course, student } = await enrolledStudent();
    for (const lectureId of ['lec-1', 'lec-2']) {
      await request(ctx.app)
        .post('/api/user/update-course-progress')
        .set(student.auth)
        .send({ courseId: course.id, lectureId });
    }
    const res = await request(ctx.app)
      .post('/api/user/update-course-progress')
      .set(student.auth)
      .send({ courseId: course.id, lectureId: 'lec-1', completed: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Progresso do curso atualizado' });
    const rows = await ctx.database.db
      .select({ lectureId: lectureProgress.lectureId })
      .from(lectureProgress)
      .where(
        and(eq(lectureProgress.userId, student.user.id), eq(lectureProgress.courseId, course.id)),
      );
    expect(rows).toEqual([{ lectureId: 'lec-2' }]);
    const again = await request(ctx.app)
      .post('/api/user/update-course-progress')
      .set(student.auth)
      .send({ courseId: course.id, lectureId: 'lec-1', completed: false });
    expect(again.status).toBe(200);
  });

  it('when completed is not a boolean, or a stranger un-marks, then 400 or 403 and the lecture stays completed', async () => {
    const { course, student } = await enrolledStudent();
    const stranger = await ctx.createUser();
    await ctx.database.db
      .insert(lectureProgress)
      .values({ userId: student.user.id, courseId: course.id, lectureId: 'lec-1' });
    const bad = await request(ctx.app)
      .post('/api/user/update-course-progress')
      .set(student.auth)
      .send({ courseId: course.id, lectureId: 'lec-1', completed: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('O campo completed deve ser verdadeiro ou falso');
    const foreign = await request(ctx.app)
      .post('/api/user/update-course-progress')
      .set(stranger.auth)
      .send({ courseId: course.id, lectureId: 'lec-1', completed: false });
    expect(foreign.status).toBe(403);
    const rows = await ctx.database.db
      .select()
      .from(lectureProgress)
      .where(eq(lectureProgress.userId, student.user.id));
    expect(rows).toHaveLength(1);
  });
});
