import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import type { Chapter } from '@aprendiz/contract/courses';
import {
  courseChangeResponseSchema,
  educatorCourseDetailResponseSchema,
  educatorCoursesResponseSchema,
} from '@aprendiz/contract/educator';
import { enrolledCoursesResponseSchema } from '@aprendiz/contract/learning';
import { courses } from '../../db/schema/courses';
import { coursePublications } from '../../db/schema/course-publications';
import { lectureProgress } from '../../db/schema/lecture-progress';
import { ledgerEntries } from '../../db/schema/ledger';
import { purchases } from '../../db/schema/purchases';
import { createTestContext, type TestContext } from '../../test/test-app';
import { enrollDirectly, insertCourse, sampleContent } from '../../test/fixtures/course-fixtures';
import { listFiles, makeImage, validCourseData } from '../../test/fixtures/educator-fixtures';
import {
  COURSE_HAS_SALES,
  COURSE_HAS_STUDENTS,
  DRAFT_NOT_PUBLISHED,
} from './course-management.service';

let ctx: TestContext;
let uploadDir: string;
let png: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  if (ctx.config.storage.provider !== 'disk') throw new Error('these tests expect disk storage');
  uploadDir = ctx.config.storage.uploadDir;
  png = await makeImage('png', 320, 180);
});
afterAll(() => ctx.close());

type Auth = Record<string, string>;
const ANONYMOUS: Auth = {};
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const VIDEO = 'https://youtu.be/dQw4w9WgXcQ';

async function people() {
  const owner = await ctx.createUser({ role: 'educator', name: 'Dona' });
  const other = await ctx.createUser({ role: 'educator', name: 'Outra' });
  const student = await ctx.createUser({ name: 'Aluno' });
  return { owner, other, student };
}

function sendForm(
  method: 'post' | 'put',
  url: string,
  auth: Auth,
  courseData: unknown,
  image?: Buffer,
) {
  const req = request(ctx.app)[method](url).set(auth);
  if (courseData !== undefined) {
    req.field(
      'courseData',
      typeof courseData === 'string' ? courseData : JSON.stringify(courseData),
    );
  }
  if (image) req.attach('image', image, { filename: 'thumb.png', contentType: 'image/png' });
  return req;
}

async function storedCourse(courseId: string) {
  const [row] = await ctx.database.db.select().from(courses).where(eq(courses.id, courseId));
  return row;
}

/** A course the owner added through the form, with the thumbnail the server stored for it. */
async function addedWithThumbnail(auth: Auth): Promise<{ id: string; thumbnail: string }> {
  const added = await sendForm('post', '/api/educator/add-course', auth, validCourseData(), png);
  const id = added.body.courseId as string;
  return { id, thumbnail: (await storedCourse(id))!.thumbnailUrl };
}

async function catalogueIds(): Promise<string[]> {
  const res = await request(ctx.app).get('/api/course/all');
  return (res.body.courses as { _id: string }[]).map((course) => course._id);
}

async function searchIds(title: string): Promise<string[]> {
  const res = await request(ctx.app).get(`/api/course/search?q=${encodeURIComponent(title)}`);
  expect(res.status).toBe(200);
  return (res.body.courses as { _id: string }[]).map((course) => course._id);
}

/** The stored content as the edit form sends it back: ids kept, orders dropped. */
function asInput(content: Chapter[]) {
  return content.map(({ chapterId, chapterTitle, chapterContent }) => ({
    chapterId,
    chapterTitle,
    chapterContent: chapterContent.map(({ lectureOrder: _order, ...lecture }) => lecture),
  }));
}

function editData(title: string, content: Chapter[], overrides: Record<string, unknown> = {}) {
  return {
    courseTitle: title,
    courseDescription: '<p>Nova descrição</p>',
    coursePrice: 30,
    discount: 0,
    courseContent: asInput(content),
    ...overrides,
  };
}

describe('GET /api/educator/course/:id', () => {
  it('when the owner asks, then the whole course with every lecture link and its status', async () => {
    const { owner } = await people();
    const course = await insertCourse(ctx.database.db, owner.user.id, { title: 'Meu curso' });

    const res = await request(ctx.app).get(`/api/educator/course/${course.id}`).set(owner.auth);

    expect(res.status).toBe(200);
    const { courseData } = educatorCourseDetailResponseSchema.parse(res.body);
    expect(courseData).toMatchObject({
      _id: course.id,
      courseTitle: 'Meu curso',
      status: 'published',
      studentCount: 0,
      courseContent: sampleContent(),
    });
  });

  it('when someone else asks, then 401 anonymous, 403 student, 404 other educator; bad and unknown ids 404', async () => {
    const { owner, other, student } = await people();
    const course = await insertCourse(ctx.database.db, owner.user.id);
    const get = (id: string, auth: Auth) =>
      request(ctx.app).get(`/api/educator/course/${id}`).set(auth);

    expect((await get(course.id, ANONYMOUS)).status).toBe(401);
    expect((await get(course.id, student.auth)).status).toBe(403);
    const foreign = await get(course.id, other.auth);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ success: false, message: 'Curso não encontrado' });
    expect((await get('not-a-uuid', owner.auth)).status).toBe(404);
    expect((await get(UNKNOWN_ID, owner.auth)).status).toBe(404);
  });
});

describe('POST /api/educator/add-course with status draft', () => {
  it('when saved as a draft, then only its educator sees it: not in the catalogue, search or course page of anyone else', async () => {
    const { owner, student } = await people();
    await catalogueIds(); // warm the cache: the draft must not appear from a stale copy either

    const res = await sendForm(
      'post',
      '/api/educator/add-course',
      owner.auth,
      validCourseData({ courseTitle: 'Rascunho secreto', status: 'draft' }),
      png,
    );

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Rascunho salvo',
      status: 'draft',
    });
    const id = res.body.courseId as string;
    expect((await storedCourse(id))?.status).toBe('draft');
    expect(await catalogueIds()).not.toContain(id);
    expect(await searchIds('Rascunho secreto')).toEqual([]);
    expect((await request(ctx.app).get(`/api/course/${id}`)).status).toBe(404);
    expect((await request(ctx.app).get(`/api/course/${id}`).set(student.auth)).status).toBe(404);
    expect((await request(ctx.app).get(`/api/course/${id}`).set(owner.auth)).status).toBe(200);
    const list = educatorCoursesResponseSchema.parse(
      (await request(ctx.app).get('/api/educator/courses').set(owner.auth)).body,
    );
    expect(list.courses.map((c) => [c._id, c.status])).toEqual([[id, 'draft']]);
  });

  it('when ADD is pressed without a status, then the course is published at once, as before', async () => {
    const { owner } = await people();

    const res = await sendForm(
      'post',
      '/api/educator/add-course',
      owner.auth,
      validCourseData(),
      png,
    );

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: 'Curso adicionado com sucesso',
      status: 'published',
    });
    expect(await catalogueIds()).toContain(res.body.courseId);
  });

  it('when ADD is pressed for a course whose lecture has no title and no video, then it is kept as a draft, the answer says why, and it takes no place in the daily publish quota', async () => {
    const { owner } = await people();

    const res = await sendForm(
      'post',
      '/api/educator/add-course',
      owner.auth,
      validCourseData({
        courseTitle: 'Curso por completar',
        courseContent: [
          {
            chapterTitle: 'Começo',
            chapterContent: [
              { lectureTitle: 'Instalar', lectureDuration: 5, lectureUrl: VIDEO },
              { lectureTitle: '', lectureDuration: 5, lectureUrl: '' },
            ],
          },
        ],
      }),
      png,
    );

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      status: 'draft',
      message:
        'Curso salvo como rascunho, ainda não publicado: Aula 1.2: falta o título; Aula 1.2: falta o URL do vídeo do YouTube. Complete-o e publique-o em My Courses.',
    });
    const id = res.body.courseId as string;
    expect((await storedCourse(id))?.status).toBe('draft');
    expect(await catalogueIds()).not.toContain(id);
    const places = await ctx.database.db
      .select()
      .from(coursePublications)
      .where(eq(coursePublications.educatorId, owner.user.id));
    expect(places).toEqual([]);
  });

  it('when ADD is pressed for a course without any lecture, then it is kept as a draft, as publishing it later would be refused', async () => {
    const { owner } = await people();

    const res = await sendForm(
      'post',
      '/api/educator/add-course',
      owner.auth,
      validCourseData({ courseContent: [] }),
      png,
    );

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'draft' });
    expect(res.body.message).toContain('O curso precisa de pelo menos uma aula para ser publicado');
    expect((await storedCourse(res.body.courseId as string))?.status).toBe('draft');
  });

  it('when the status is neither published nor draft, then 400 and nothing is stored', async () => {
    const { owner } = await people();

    for (const status of ['unpublished', 'arquivado', 1]) {
      const res = await sendForm(
        'post',
        '/api/educator/add-course',
        owner.auth,
        { ...validCourseData(), status },
        png,
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: 'Estado do curso inválido' });
    }
    const [row] = await ctx.database.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.educatorId, owner.user.id));
    expect(row).toBeUndefined();
  });
});

describe('PUT /api/educator/course/:id', () => {
  it('when the owner edits title, price, adds a lecture and removes one nobody completed, then learners keep their progress and see the new title', async () => {
    const { owner, student } = await people();
    const course = await insertCourse(ctx.database.db, owner.user.id, { title: 'Antigo' });
    await enrollDirectly(ctx.database.db, student.user.id, course.id);
    for (const lectureId of ['lec-1', 'lec-2']) {
      const marked = await request(ctx.app)
        .post('/api/user/update-course-progress')
        .set(student.auth)
        .send({ courseId: course.id, lectureId });
      expect(marked.status).toBe(200);
    }
    await catalogueIds();
    const content = sampleContent();
    // lec-3 (not completed) goes; a new lecture without an id comes.
    content[1]!.chapterContent = [];
    const input = asInput(content);
    input[1]!.chapterContent.push({
      lectureTitle: 'Aula nova',
      lectureDuration: 7,
      lectureUrl: VIDEO,
      isPreviewFree: false,
    } as never);

    const res = await sendForm('put', `/api/educator/course/${course.id}`, owner.auth, {
      ...editData('Novo título', []),
      coursePrice: 25.5,
      discount: 20,
      courseContent: input,
    });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(courseChangeResponseSchema.parse(res.body)).toEqual({
      success: true,
      message: 'Curso atualizado com sucesso',
      courseId: course.id,
      status: 'published',
    });
    const row = (await storedCourse(course.id))!;
    expect(row).toMatchObject({ title: 'Novo título', price: '25.50', discount: 20 });
    expect(row.thumbnailUrl).toBe(course.thumbnailUrl);
    const lectures = row.content.flatMap((c) => c.chapterContent);
    expect(lectures.map((l) => l.lectureId).slice(0, 2)).toEqual(['lec-1', 'lec-2']);
    expect(lectures).toHaveLength(3);
    expect(lectures[2]).toMatchObject({ lectureTitle: 'Aula nova', lectureOrder: 1 });

    const enrolled = enrolledCoursesResponseSchema.parse(
      (await request(ctx.app).get('/api/user/enrolled-courses').set(student.auth)).body,
    );
    const mine = enrolled.enrolledCourses.find((c) => c._id === course.id)!;
    expect(mine.courseTitle).toBe('Novo título');
    expect(mine.totalLectures).toBe(3);
    expect([...mine.lectureCompleted].sort()).toEqual(['lec-1', 'lec-2']);
    const listed = (await request(ctx.app).get('/api/course/all')).body.courses as {
      _id: string;
      courseTitle: string;
    }[];
    expect(listed.find((c) => c._id === course.id)?.courseTitle).toBe('Novo título');
  });

  it('when a lecture learners completed is removed, then their completion of it is forgotten and the rest kept', async () => {
    const { owner, student } = await people();
    const course = await insertCourse(ctx.database.db, owner.user.id);
    await enrollDirectly(ctx.database.db, student.user.id, course.id);
    await ctx.database.db.insert(lectureProgress).values([
      { userId: student.user.id, courseId: course.id, lectureId: 'lec-1' },
      { userId: student.user.id, courseId: course.id, lectureId: 'lec-3' },
    ]);
    const content = sampleContent();
    content[1]!.chapterContent = [];

    const res = await sendForm(
      'put',
      `/api/educator/course/${course.id}`,
      owner.auth,
      editData('Sem a 3', content),
    );

    expect(res.status).toBe(200);
    const progress = await request(ctx.app)
      .post('/api/user/get-course-progress')
      .set(student.auth)
      .send({ courseId: course.id });
    expect(progress.body.progressData.lectureCompleted).toEqual(['lec-1']);
  });

  it('when a new image comes, then the thumbnail is replaced and the old file removed; without one it stays', async () => {
    const { owner } = await people();
    const { id, thumbnail: first } = await addedWithThumbnail(owner.auth);
    expect(await listFiles(uploadDir)).toContain(path.basename(first));

    const res = await sendForm(
      'put',
      `/api/educator/course/${id}`,
      owner.auth,
      validCourseData({ courseTitle: 'Com capa nova' }),
      await makeImage('jpeg', 400, 300),
    );

    expect(res.status).toBe(200);
    const second = (await storedCourse(id))!.thumbnailUrl;
    expect(second).not.toBe(first);
    const files = await listFiles(uploadDir);
    expect(files).toContain(path.basename(second));
    expect(files).not.toContain(path.basename(first));
  });

  it('when someone else edits, then 401, 403 or 404 and the course is unchanged', async () => {
    const { owner, other, student } = await people();
    const course = await insertCourse(ctx.database.db, owner.user.id, { title: 'Intocável' });
    const put = (auth: Auth) =>
      sendForm('put', `/api/educator/course/${course.id}`, auth, editData('Roubado', []));

    expect((await put(ANONYMOUS)).status).toBe(401);
    expect((await put(student.auth)).status).toBe(403);
    expect((await put(other.auth)).status).toBe(404);
    expect(
      (await sendForm('put', `/api/educator/course/${UNKNOWN_ID}`, owner.auth, editData('X', [])))
        .status,
    ).toBe(404);
    expect((await storedCourse(course.id))?.title).toBe('Intocável');
  });

  it('when the data is bad, then 400 in Portuguese and nothing changes', async () => {
    const { owner } = await people();
    const course = await insertCourse(ctx.database.db, owner.user.id, { title: 'Estável' });
    const put = (courseData: unknown, image?: Buffer) =>
      sendForm('put', `/api/educator/course/${course.id}`, owner.auth, courseData, image);
    const before = await listFiles(uploadDir);

    const cases: [unknown, string][] = [
      [undefined, 'Faltam os dados do curso (courseData)'],
      ['{não é json', 'Os dados do curso (courseData) não são JSON válido'],
      [editData('', []), 'O título do curso é obrigatório'],
      [editData('Ok', [], { coursePrice: -1 }), 'Preço inválido'],
      [editData('Ok', [], { discount: 101 }), 'O desconto deve estar entre 0 e 100'],
    ];
    for (const [data, message] of cases) {
      const res = await put(data);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message });
    }
    const notImage = await put(editData('Ok', []), Buffer.from('isto não é uma imagem'));
    expect(notImage.status).toBe(400);
    expect((await storedCourse(course.id))?.title).toBe('Estável');
    expect(await listFiles(uploadDir)).toEqual(before);
  });
});

describe('POST /api/educator/course/:id/publish and /unpublish', () => {
  it('when a draft has problems, then publishing names each one and it stays a draft', async () => {
    const { owner } = await people();
    const draft = await insertCourse(ctx.database.db, owner.user.id, {
      status: 'draft',
      content: [
        {
          chapterId: 'c1',
          chapterTitle: 'Um',
          chapterOrder: 1,
          chapterContent: [
            {
              lectureId: 'l1',
              lectureTitle: '',
              lectureDuration: 0,
              lectureUrl: 'https://vimeo.com/1',
              isPreviewFree: false,
              lectureOrder: 1,
            },
          ],
        },
      ],
    });
    const empty = await insertCourse(ctx.database.db, owner.user.id, {
      status: 'draft',
      content: [],
    });

    const res = await request(ctx.app)
      .post(`/api/educator/course/${draft.id}/publish`)
      .set(owner.auth);

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message:
        'O curso não pode ser publicado: Aula 1.1: falta o título; Aula 1.1: o URL não é de um vídeo do YouTube válido; Aula 1.1: a duração deve ser maior que 0.',
    });
    expect((await storedCourse(draft.id))?.status).toBe('draft');
    const none = await request(ctx.app)
      .post(`/api/educator/course/${empty.id}/publish`)
      .set(owner.auth);
    expect(none.body.message).toBe(
      'O curso não pode ser publicado: O curso precisa de pelo menos uma aula para ser publicado.',
    );
  });

  it('when a complete draft is published, then it joins the catalogue and search', async () => {
    const { owner } = await people();
    const content = sampleContent().map((chapter) => ({
      ...chapter,
      chapterContent: chapter.chapterContent.map((l) => ({ ...l, lectureUrl: VIDEO })),
    }));
    const draft = await insertCourse(ctx.database.db, owner.user.id, {
      title: 'Pronto para publicar',
      status: 'draft',
      content,
    });
    await catalogueIds();

    const res = await request(ctx.app)
      .post(`/api/educator/course/${draft.id}/publish`)
      .set(owner.auth);

    expect(res.status).toBe(200);
    expect(courseChangeResponseSchema.parse(res.body)).toMatchObject({ status: 'published' });
    expect(await catalogueIds()).toContain(draft.id);
    expect(await searchIds('Pronto para publicar')).toEqual([draft.id]);
    expect((await request(ctx.app).get(`/api/course/${draft.id}`)).status).toBe(200);
  });

  it('when a published course is unpublished, then it leaves catalogue, search and its public page while its learner keeps it', async () => {
    const { owner, student } = await people();
    const course = await insertCourse(ctx.database.db, owner.user.id, { title: 'Vai sair' });
    await enrollDirectly(ctx.database.db, student.user.id, course.id);
    const stranger = await ctx.createUser();
    // Inserted straight into the table, behind the cache's back.
    ctx.deps.catalogueCache.invalidate();
    expect(await catalogueIds()).toContain(course.id);
    expect((await request(ctx.app).get(`/api/course/${course.id}`)).status).toBe(200);

    const res = await request(ctx.app)
      .post(`/api/educator/course/${course.id}/unpublish`)
      .set(owner.auth);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, status: 'unpublished' });
    expect(await catalogueIds()).not.toContain(course.id);
    expect(await searchIds('Vai sair')).toEqual([]);
    expect((await request(ctx.app).get(`/api/course/${course.id}`)).status).toBe(404);
    expect((await request(ctx.app).get(`/api/course/${course.id}`).set(stranger.auth)).status).toBe(
      404,
    );
    const learner = await request(ctx.app).get(`/api/course/${course.id}`).set(student.auth);
    expect(learner.status).toBe(200);
    expect(learner.body.courseData.courseContent[0].chapterContent[1].lectureUrl).not.toBe('');
    const enrolled = enrolledCoursesResponseSchema.parse(
      (await request(ctx.app).get('/api/user/enrolled-courses').set(student.auth)).body,
    );
    expect(enrolled.enrolledCourses.map((c) => c._id)).toContain(course.id);
    const progress = await request(ctx.app)
      .post('/api/user/update-course-progress')
      .set(student.auth)
      .send({ courseId: course.id, lectureId: 'lec-2' });
    expect(progress.status).toBe(200);

    const again = await request(ctx.app)
      .post(`/api/educator/course/${course.id}/publish`)
      .set(owner.auth);
    expect(again.body.status).toBe('published');
    expect(await catalogueIds()).toContain(course.id);
  });

  it('when a draft is unpublished, then 409: it was never published', async () => {
    const { owner } = await people();
    const draft = await insertCourse(ctx.database.db, owner.user.id, { status: 'draft' });

    const res = await request(ctx.app)
      .post(`/api/educator/course/${draft.id}/unpublish`)
      .set(owner.auth);

    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: DRAFT_NOT_PUBLISHED });
  });

  it('when someone else publishes or unpublishes, then 401, 403 or 404 and the status stays', async () => {
    const { owner, other, student } = await people();
    const published = await insertCourse(ctx.database.db, owner.user.id);
    const draft = await insertCourse(ctx.database.db, owner.user.id, { status: 'draft' });

    for (const [id, action] of [
      [draft.id, 'publish'],
      [published.id, 'unpublish'],
    ] as const) {
      const post = (auth: Auth) =>
        request(ctx.app).post(`/api/educator/course/${id}/${action}`).set(auth);
      expect((await post(ANONYMOUS)).status).toBe(401);
      expect((await post(student.auth)).status).toBe(403);
      expect((await post(other.auth)).status).toBe(404);
    }
    expect(
      (await request(ctx.app).post('/api/educator/course/nope/publish').set(owner.auth)).status,
    ).toBe(404);
    expect((await storedCourse(draft.id))?.status).toBe('draft');
    expect((await storedCourse(published.id))?.status).toBe('published');
  });
});

describe('DELETE /api/educator/course/:id', () => {
  it('when someone is enrolled, then 409 in Portuguese and the course stays', async () => {
    const { owner, student } = await people();
    const course = await insertCourse(ctx.database.db, owner.user.id);
    await enrollDirectly(ctx.database.db, student.user.id, course.id);

    const res = await request(ctx.app).delete(`/api/educator/course/${course.id}`).set(owner.auth);

    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: COURSE_HAS_STUDENTS });
    expect(await storedCourse(course.id)).toBeDefined();
  });

  it('when its only sale was refunded, then 409 offering to unpublish, and the course, the purchase and the ledger stay', async () => {
    const { owner, student } = await people();
    const course = await insertCourse(ctx.database.db, owner.user.id);
    const [sale] = await ctx.database.db
      .insert(purchases)
      .values({
        userId: student.user.id,
        courseId: course.id,
        amount: '44.91',
        currency: 'usd',
        status: 'completed',
        provider: 'sandbox',
        completedAt: new Date(),
      })
      .returning();
    // As a refund leaves it: no enrollment, the purchase refunded, the sale and its refund in the ledger.
    for (const status of ['refund_pending', 'refunded'] as const) {
      await ctx.database.db.update(purchases).set({ status }).where(eq(purchases.id, sale!.id));
    }

    const res = await request(ctx.app).delete(`/api/educator/course/${course.id}`).set(owner.auth);

    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: COURSE_HAS_SALES });
    expect(res.body.message).toMatch(/Despublique/);
    expect(await storedCourse(course.id)).toBeDefined();
    const kept = await ctx.database.db
      .select({ status: purchases.status })
      .from(purchases)
      .where(eq(purchases.courseId, course.id));
    expect(kept).toEqual([{ status: 'refunded' }]);
    const ledger = await ctx.database.db
      .select({ kind: ledgerEntries.kind })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.courseId, course.id));
    expect(ledger.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['sale', 'refund']));
  });

  it('when nobody is enrolled, then the course, its unfinished checkouts and its thumbnail go, and it leaves the catalogue', async () => {
    const { owner, student } = await people();
    const { id, thumbnail } = await addedWithThumbnail(owner.auth);
    await ctx.database.db.insert(purchases).values({
      userId: student.user.id,
      courseId: id,
      amount: '44.91',
      currency: 'usd',
      status: 'pending',
      provider: 'sandbox',
    });
    expect(await catalogueIds()).toContain(id);

    const res = await request(ctx.app).delete(`/api/educator/course/${id}`).set(owner.auth);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Curso excluído' });
    expect(await storedCourse(id)).toBeUndefined();
    expect(
      await ctx.database.db.select().from(purchases).where(eq(purchases.courseId, id)),
    ).toEqual([]);
    expect(await listFiles(uploadDir)).not.toContain(path.basename(thumbnail));
    expect(await catalogueIds()).not.toContain(id);
    expect((await request(ctx.app).get(`/api/course/${id}`)).status).toBe(404);
  });

  it('when a thumbnail is shared with another course, then it stays for that course', async () => {
    const { owner } = await people();
    const keep = await insertCourse(ctx.database.db, owner.user.id, {
      thumbnailUrl: '/uploads/partilhada.webp',
    });
    const gone = await insertCourse(ctx.database.db, owner.user.id, {
      thumbnailUrl: '/uploads/partilhada.webp',
    });
    const removed: string[] = [];
    const remove = ctx.deps.thumbnails.remove;
    ctx.deps.thumbnails.remove = async (url) => {
      removed.push(url);
      await remove(url);
    };
    try {
      const res = await request(ctx.app).delete(`/api/educator/course/${gone.id}`).set(owner.auth);
      expect(res.status).toBe(200);
    } finally {
      ctx.deps.thumbnails.remove = remove;
    }
    expect(removed).toEqual([]);
    expect(await storedCourse(keep.id)).toBeDefined();
  });

  it('when someone else deletes, then 401, 403 or 404 and the course stays', async () => {
    const { owner, other, student } = await people();
    const course = await insertCourse(ctx.database.db, owner.user.id);
    const del = (id: string, auth: Auth) =>
      request(ctx.app).delete(`/api/educator/course/${id}`).set(auth);

    expect((await del(course.id, ANONYMOUS)).status).toBe(401);
    expect((await del(course.id, student.auth)).status).toBe(403);
    expect((await del(course.id, other.auth)).status).toBe(404);
    expect((await del('42', owner.auth)).status).toBe(404);
    expect((await del(UNKNOWN_ID, owner.auth)).status).toBe(404);
    expect(await storedCourse(course.id)).toBeDefined();
  });
});
