import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import type { AddCourseDataInput } from '@aprendiz/contract/educator';
import { LECTURE_DURATION_MAX_MINUTES } from '@aprendiz/contract/rules/duration';
import { COURSE_PRICE_MAX } from '@aprendiz/contract/rules/pricing';
import { courses } from '../../db/schema/courses';
import { enrollDirectly, insertCourse } from '../fixtures/course-fixtures';
import { makeImage, validCourseData } from '../fixtures/educator-fixtures';
import { THUMBNAIL_EMPTY } from '../../modules/educator/thumbnail-image';
import { createTestContext, type TestContext } from '../test-app';
import { snapshotStore, type StoreSnapshot } from './store-snapshot';

const UNSAFE = 'contém caracteres não permitidos (de controle ou invisíveis)';

let ctx: TestContext;
let png: Buffer;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: '1000' });
  png = await makeImage('png', 64, 36);
});
afterAll(() => ctx.close());

const snapshot = (): Promise<StoreSnapshot> => snapshotStore(ctx);

function addCourse(auth: Record<string, string>, data: AddCourseDataInput, image = png) {
  return request(ctx.app)
    .post('/api/educator/add-course')
    .set(auth)
    .field('courseData', JSON.stringify(data))
    .attach('image', image, { filename: 'thumb.png', contentType: 'image/png' });
}

function withLecture(lecture: Record<string, unknown>): AddCourseDataInput {
  return validCourseData({
    courseContent: [
      {
        chapterTitle: 'Capítulo',
        chapterContent: [{ lectureTitle: 'Aula', lectureUrl: '', ...lecture }],
      },
    ],
  });
}

describe('text fields refuse control, invisible and bidi characters before the database', () => {
  it('when a sign-up name holds NUL, then 400 naming the name and no account is created', async () => {
    const before = await snapshot();

    const res = await request(ctx.app)
      .post('/api/auth/sign-up')
      .send({ name: 'Ana\u0000', email: 'ana.nul@example.test', password: '12345678' });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: `O nome ${UNSAFE}` });
    expect(await snapshot()).toEqual(before);
  });

  it('when a course field holds NUL, a lone surrogate or a right-to-left override, then 400 naming it and nothing is stored', async () => {
    const { auth } = await ctx.createUser({ role: 'educator' });
    const cases: [AddCourseDataInput, string][] = [
      [validCourseData({ courseTitle: 'Curso\u0000' }), `O título do curso ${UNSAFE}`],
      [validCourseData({ courseTitle: 'Curso \u202Egnp.exe' }), `O título do curso ${UNSAFE}`],
      [validCourseData({ courseDescription: '<p>a\u0000</p>' }), `A descrição ${UNSAFE}`],
      [
        validCourseData({ courseContent: [{ chapterTitle: 'C\uD800', chapterContent: [] }] }),
        `O título do capítulo ${UNSAFE}`,
      ],
      [withLecture({ lectureTitle: 'Aula\u200B' }), `O título da aula ${UNSAFE}`],
      [withLecture({ lectureId: 'aula\u0000' }), `O identificador da aula ${UNSAFE}`],
      [withLecture({ lectureUrl: 'https://youtu.be/a\u0000' }), `O URL da aula ${UNSAFE}`],
    ];
    for (const [data, message] of cases) {
      const before = await snapshot();

      const res = await addCourse(auth, data);

      expect(res.status, message).toBe(400);
      expect(res.body).toEqual({ success: false, message });
      expect(await snapshot()).toEqual(before);
    }
  });

  it('when a course title is typed decomposed, then it is stored composed (NFC)', async () => {
    const { auth } = await ctx.createUser({ role: 'educator' });

    const res = await addCourse(auth, validCourseData({ courseTitle: 'Introduc\u0327a\u0303o' }));

    expect(res.status).toBe(201);
    const [row] = await ctx.database.db
      .select({ title: courses.title })
      .from(courses)
      .where(eq(courses.id, res.body.courseId as string));
    expect(row?.title).toBe('Introdução');
  });

  it('when a progress lecture id holds NUL, then 400 and no progress is stored', async () => {
    const educator = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, educator.user.id);
    const student = await ctx.createUser();
    await enrollDirectly(ctx.database.db, student.user.id, course.id);
    const before = await snapshot();

    const res = await request(ctx.app)
      .post('/api/user/update-course-progress')
      .set(student.auth)
      .send({ courseId: course.id, lectureId: 'lec-1\u0000' });

    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`O identificador da aula ${UNSAFE}`);
    expect(await snapshot()).toEqual(before);
  });

  it('when a contact message holds NUL, then 400 in the form service shape and nothing is stored', async () => {
    const before = await snapshot();

    const res = await request(ctx.app)
      .post('/api/contact')
      .send({ email: 'ana@example.test', message: 'Olá\u0000' });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [
        {
          field: 'message',
          code: 'TYPE_TEXT',
          message: 'should not contain control or invisible characters',
        },
      ],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('when a path id holds NUL, then 404 without reaching the database', async () => {
    const { auth } = await ctx.createUser();
    expect((await request(ctx.app).get('/api/course/abc%00def')).status).toBe(404);
    expect((await request(ctx.app).get('/api/course/abc%00def').set(auth)).status).toBe(404);
    expect((await request(ctx.app).get('/api/payments/abc%00def').set(auth)).status).toBe(404);
  });
});

describe('numbers are bounded', () => {
  it('when a lecture is longer than 24 hours, then 400 and nothing is stored; 24 hours is accepted', async () => {
    const { auth } = await ctx.createUser({ role: 'educator' });
    const before = await snapshot();

    const tooLong = await addCourse(auth, withLecture({ lectureDuration: 1e308 }));

    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(
      `A duração da aula deve ser no máximo ${LECTURE_DURATION_MAX_MINUTES} minutos (24 horas)`,
    );
    expect(await snapshot()).toEqual(before);
    const day = await addCourse(
      auth,
      withLecture({ lectureDuration: LECTURE_DURATION_MAX_MINUTES }),
    );
    expect(day.status).toBe(201);
  });

  it('when the price is over 1,000,000, then 400 and nothing is stored', async () => {
    const { auth } = await ctx.createUser({ role: 'educator' });
    const before = await snapshot();

    const res = await addCourse(auth, validCourseData({ coursePrice: COURSE_PRICE_MAX + 1 }));

    expect(res.status).toBe(400);
    expect(res.body.message).toBe('O preço deve ser no máximo 1.000.000');
    expect(await snapshot()).toEqual(before);
  });
});

describe('thumbnails', () => {
  it('when the thumbnail is 0 bytes, then 400 and neither a course nor a file is stored', async () => {
    const { auth } = await ctx.createUser({ role: 'educator' });
    const before = await snapshot();

    const res = await addCourse(auth, validCourseData(), Buffer.alloc(0));

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: THUMBNAIL_EMPTY });
    expect(await snapshot()).toEqual(before);
  });

  it('when the thumbnail is cut short, then 400 and nothing is stored', async () => {
    const { auth } = await ctx.createUser({ role: 'educator' });
    const before = await snapshot();

    const res = await addCourse(auth, validCourseData(), png.subarray(0, png.length / 2));

    expect(res.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});
