import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import sharp from 'sharp';
import { count, eq, sql } from 'drizzle-orm';
import {
  dashboardResponseSchema,
  educatorCoursesResponseSchema,
  enrolledStudentsResponseSchema,
} from '@aprendiz/contract/educator';
import { courseDetailResponseSchema, courseListResponseSchema } from '@aprendiz/contract/courses';
import type { PurchaseStatus } from '@aprendiz/contract/payments';
import { courses } from '../../db/schema/courses';
import { purchases } from '../../db/schema/purchases';
import { MAX_FORM_FIELD_BYTES, MAX_IMAGE_BYTES } from '../../http/upload';
import { createTestContext, type TestContext } from '../../test/test-app';
import { enrollDirectly, insertCourse } from '../../test/fixtures/course-fixtures';
import { listFiles, makeImage, validCourseData } from '../../test/fixtures/educator-fixtures';
import { DASHBOARD_LATEST_ENROLLMENTS } from './educator.service';

let ctx: TestContext;
let uploadDir: string;
let png: Buffer;
let jpeg: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  if (ctx.config.storage.provider !== 'disk') throw new Error('these tests expect disk storage');
  uploadDir = ctx.config.storage.uploadDir;
  // Larger than the 1280×720 bound in both directions, 4:3.
  png = await makeImage('png', 2000, 1500);
  jpeg = await makeImage('jpeg', 640, 360);
});
afterAll(() => ctx.close());

interface Upload {
  buffer: Buffer;
  filename?: string;
  contentType?: string;
}

function postCourse(auth: Record<string, string>, courseData: unknown, image?: Upload) {
  const req = request(ctx.app).post('/api/educator/add-course').set(auth);
  if (courseData !== undefined) {
    req.field(
      'courseData',
      typeof courseData === 'string' ? courseData : JSON.stringify(courseData),
    );
  }
  if (image) {
    req.attach('image', image.buffer, {
      filename: image.filename ?? 'thumb.png',
      contentType: image.contentType ?? 'image/png',
    });
  }
  return req;
}

async function coursesOf(educatorId: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(courses)
    .where(eq(courses.educatorId, educatorId));
  return row!.n;
}

async function storedCourse(courseId: string) {
  const [row] = await ctx.database.db.select().from(courses).where(eq(courses.id, courseId));
  return row!;
}

describe('POST /api/educator/add-course', () => {
  it('when an educator sends valid data and a PNG, then the course is stored with a WebP thumbnail within 1280×720', async () => {
    const { user, auth } = await ctx.createUser({ role: 'educator' });
    const before = await listFiles(uploadDir);

    const res = await postCourse(auth, validCourseData(), { buffer: png });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: 'Curso adicionado com sucesso',
      courseId: expect.any(String),
      status: 'published',
    });
    const row = await storedCourse(res.body.courseId as string);
    expect(row).toMatchObject({
      educatorId: user.id,
      title: 'TypeScript na prática',
      descriptionHtml: '<h2>Sobre</h2><p>Tipos <strong>fortes</strong>.</p>',
      price: '49.90',
      discount: 10,
      isPublished: true,
      // The spec's form sends neither.
      category: null,
      level: null,
    });
    expect(row.thumbnailUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const added = (await listFiles(uploadDir)).filter((f) => !before.includes(f));
    expect(added).toEqual([path.basename(row.thumbnailUrl)]);

    const stored = await readFile(path.join(uploadDir, added[0]!));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([960, 720]);

    const served = await request(ctx.app).get(row.thumbnailUrl);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(served.body as Buffer, stored)).toBe(0);
  });

  it('when a category and a level are chosen, then the course stores them and the catalogue shows them', async () => {
    const { auth } = await ctx.createUser({ role: 'educator' });

    const res = await postCourse(
      auth,
      validCourseData({ category: 'infraestrutura-cloud', level: 'intermediario' }),
      { buffer: jpeg, filename: 'thumb.jpg', contentType: 'image/jpeg' },
    );

    expect(res.status).toBe(201);
    const row = await storedCourse(res.body.courseId as string);
    expect(row).toMatchObject({ category: 'infraestrutura-cloud', level: 'intermediario' });
    const detail = await request(ctx.app).get(`/api/course/${row.id}`);
    expect(detail.body.courseData).toMatchObject({
      category: 'infraestrutura-cloud',
      level: 'intermediario',
    });
  });

  it('when chapters and lectures arrive with duplicate or missing ids, then orders are 1, 2, … and every id is unique', async () => {
    const { auth } = await ctx.createUser({ role: 'educator' });

    const res = await postCourse(auth, validCourseData(), { buffer: png });

    expect(res.status).toBe(201);
    const { content } = await storedCourse(res.body.courseId as string);
    expect(content.map((c) => [c.chapterTitle, c.chapterOrder])).toEqual([
      ['Começo', 1],
      ['Fim', 2],
    ]);
    expect(content[0]!.chapterId).toBe('cap-a');
    expect(
      content[0]!.chapterContent.map((l) => [
        l.lectureTitle,
        l.lectureOrder,
        l.lectureDuration,
        l.isPreviewFree,
      ]),
    ).toEqual([
      ['Instalar', 1, 12, true],
      ['Configurar', 2, 8.5, false],
    ]);
    expect(content[0]!.chapterContent[0]!.lectureId).toBe('aula-1');
    const ids = content.flatMap((c) => [c.chapterId, ...c.chapterContent.map((l) => l.lectureId)]);
    expect(new Set(ids).size).toBe(5);
    expect(ids.every((id) => id.length > 0)).toBe(true);
  });

  it('when the thumbnail is a small JPEG, then it is re-encoded to WebP without being enlarged', async () => {
    const { auth } = await ctx.createUser({ role: 'educator' });

    const res = await postCourse(auth, validCourseData(), {
      buffer: jpeg,
      filename: 'capa.jpg',
      contentType: 'image/jpeg',
    });

    expect(res.status).toBe(201);
    const row = await storedCourse(res.body.courseId as string);
    const meta = await sharp(path.join(uploadDir, path.basename(row.thumbnailUrl))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 360]);
  });

  it('when a portrait JPEG is taller than 720, then its height is bounded and the ratio kept', async () => {
    const { auth } = await ctx.createUser({ role: 'educator' });
    const tall = await makeImage('jpeg', 900, 1800);

    const res = await postCourse(auth, validCourseData(), {
      buffer: tall,
      contentType: 'image/jpeg',
    });

    expect(res.status).toBe(201);
    const row = await storedCourse(res.body.courseId as string);
    const meta = await sharp(path.join(uploadDir, path.basename(row.thumbnailUrl))).metadata();
    expect([meta.width, meta.height]).toEqual([360, 720]);
  });

  it('when lectures have empty titles and URLs, a free price and no description, then the course is accepted', async () => {
    const { auth } = await ctx.createUser({ role: 'educator' });
    const data = {
      courseTitle: '  Curso livre  ',
      coursePrice: 0,
      discount: 0,
      courseContent: [{ chapterTitle: '', chapterContent: [{ lectureTitle: '', lectureUrl: '' }] }],
    };

    const res = await postCourse(auth, data, { buffer: png });

    expect(res.status).toBe(201);
    const row = await storedCourse(res.body.courseId as string);
    expect([row.title, row.price, row.descriptionHtml]).toEqual(['Curso livre', '0.00', '']);
    expect(row.content[0]!.chapterContent[0]).toMatchObject({
      lectureTitle: '',
      lectureUrl: '',
      lectureDuration: 0,
      isPreviewFree: false,
      lectureOrder: 1,
    });
  });

  it('when the description is hostile, then the stored and served HTML has no scripts, handlers or javascript: links', async () => {
    const { auth } = await ctx.createUser({ role: 'educator' });
    const hostile =
      '<p onmouseover="steal()">Olá</p><script>fetch("/x")</script><img src=x onerror="alert(1)">' +
      '<a href="javascript:alert(1)" onclick="x()">link</a><a href="https://ok.test" target="_blank">ok</a>';

    const res = await postCourse(auth, validCourseData({ courseDescription: hostile }), {
      buffer: png,
    });

    expect(res.status).toBe(201);
    const expected =
      '<p>Olá</p><a rel="noopener noreferrer">link</a>' +
      '<a rel="noopener noreferrer" href="https://ok.test" target="_blank">ok</a>';
    expect((await storedCourse(res.body.courseId as string)).descriptionHtml).toBe(expected);
    const detail = await request(ctx.app).get(`/api/course/${res.body.courseId as string}`);
    expect(courseDetailResponseSchema.parse(detail.body).courseData.courseDescription).toBe(
      expected,
    );
  });

  it('when a course is added, then the cached catalogue shows it at once', async () => {
    const { auth } = await ctx.createUser({ role: 'educator' });
    const title = `Curso novo ${Date.now()}`;
    await request(ctx.app).get('/api/course/all');

    const res = await postCourse(auth, validCourseData({ courseTitle: title }), { buffer: png });

    expect(res.status).toBe(201);
    const list = courseListResponseSchema.parse(
      (await request(ctx.app).get('/api/course/all')).body,
    );
    expect(list.courses[0]).toMatchObject({ _id: res.body.courseId, courseTitle: title });
  });

  describe('rejections store nothing', () => {
    const cases: {
      name: string;
      data: unknown;
      image?: () => Upload;
      status: number;
      message: string | RegExp;
    }[] = [
      {
        name: 'courseData is missing',
        data: undefined,
        status: 400,
        message: 'Faltam os dados do curso (courseData)',
      },
      {
        name: 'courseData is not JSON',
        data: '{"courseTitle": ',
        status: 400,
        message: 'Os dados do curso (courseData) não são JSON válido',
      },
      { name: 'courseData is a JSON array', data: '[]', status: 400, message: /inválido/ },
      {
        name: 'the category is not one of the list',
        data: { ...validCourseData(), category: 'Programação' },
        status: 400,
        message: 'Categoria inválida',
      },
      {
        name: 'the level is not one of the list',
        data: { ...validCourseData(), level: 'expert' },
        status: 400,
        message: 'Nível inválido',
      },
      {
        name: 'the title is blank',
        data: validCourseData({ courseTitle: '   ' }),
        status: 400,
        message: 'O título do curso é obrigatório',
      },
      {
        name: 'the title is missing',
        data: { ...validCourseData(), courseTitle: undefined },
        status: 400,
        message: 'Campo obrigatório ausente: courseTitle',
      },
      {
        name: 'the title exceeds 200 characters',
        data: validCourseData({ courseTitle: 'x'.repeat(201) }),
        status: 400,
        message: 'O título do curso deve ter no máximo 200 caracteres',
      },
      {
        name: 'the price is negative',
        data: validCourseData({ coursePrice: -1 }),
        status: 400,
        message: 'Preço inválido',
      },
      {
        name: 'the price has three decimals',
        data: validCourseData({ coursePrice: 10.999 }),
        status: 400,
        message: 'Preço inválido',
      },
      {
        name: 'the price is a string',
        data: { ...validCourseData(), coursePrice: '10' },
        status: 400,
        message: 'Preço inválido',
      },
      {
        name: 'the price is missing',
        data: { ...validCourseData(), coursePrice: undefined },
        status: 400,
        message: 'Campo obrigatório ausente: coursePrice',
      },
      {
        name: 'the discount is above 100',
        data: validCourseData({ discount: 101 }),
        status: 400,
        message: 'O desconto deve estar entre 0 e 100',
      },
      {
        name: 'the discount is negative',
        data: validCourseData({ discount: -5 }),
        status: 400,
        message: 'O desconto deve estar entre 0 e 100',
      },
      {
        name: 'the discount is not a whole percent',
        data: validCourseData({ discount: 12.5 }),
        status: 400,
        message: 'O desconto deve estar entre 0 e 100',
      },
      {
        name: 'a lecture duration is negative',
        data: validCourseData({
          courseContent: [
            {
              chapterTitle: 'c',
              chapterContent: [{ lectureTitle: 'a', lectureDuration: -1, lectureUrl: '' }],
            },
          ],
        }),
        status: 400,
        message: 'A duração da aula não pode ser negativa',
      },
      {
        name: 'a lecture duration is a string',
        data: {
          ...validCourseData(),
          courseContent: [
            {
              chapterTitle: 'c',
              chapterContent: [{ lectureTitle: 'a', lectureDuration: '5', lectureUrl: '' }],
            },
          ],
        },
        status: 400,
        message: 'A duração da aula deve ser um número',
      },
      {
        name: 'a lecture URL is javascript:',
        data: validCourseData({
          courseContent: [
            {
              chapterTitle: 'c',
              chapterContent: [{ lectureTitle: 'a', lectureUrl: 'javascript:alert(1)' }],
            },
          ],
        }),
        status: 400,
        message: 'O URL da aula deve começar por http:// ou https://',
      },
      {
        name: 'a lecture URL is ftp:',
        data: validCourseData({
          courseContent: [
            {
              chapterTitle: 'c',
              chapterContent: [{ lectureTitle: 'a', lectureUrl: 'ftp://x.test/v' }],
            },
          ],
        }),
        status: 400,
        message: 'O URL da aula deve começar por http:// ou https://',
      },
      {
        name: 'no image is sent',
        data: validCourseData(),
        image: undefined,
        status: 400,
        message: 'Thumbnail Not Selected',
      },
      {
        name: 'courseData is over 1 MB',
        data: validCourseData({ courseDescription: 'x'.repeat(MAX_FORM_FIELD_BYTES) }),
        status: 413,
        message: 'Os dados do formulário são grandes demais',
      },
      {
        name: 'the image is over 5 MB',
        data: validCourseData(),
        image: () => ({ buffer: Buffer.alloc(MAX_IMAGE_BYTES + 1, 1) }),
        status: 413,
        message: 'A miniatura deve ter no máximo 5 MB',
      },
      {
        name: 'the file is declared as text',
        data: validCourseData(),
        image: () => ({ buffer: Buffer.from('olá'), filename: 'a.txt', contentType: 'text/plain' }),
        status: 400,
        message: 'A miniatura deve ser uma imagem JPEG, PNG, WebP, GIF ou AVIF',
      },
      {
        name: 'an SVG is declared as PNG',
        data: validCourseData(),
        image: () => ({
          buffer: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
          ),
        }),
        status: 400,
        message: 'A miniatura deve ser uma imagem JPEG, PNG, WebP, GIF ou AVIF',
      },
      {
        name: 'the PNG bytes are not an image',
        data: validCourseData(),
        image: () => ({ buffer: Buffer.from('this is not a png at all, only text') }),
        status: 400,
        message: 'A miniatura deve ser uma imagem JPEG, PNG, WebP, GIF ou AVIF',
      },
      {
        name: 'the PNG is truncated',
        data: validCourseData(),
        image: () => ({ buffer: png.subarray(0, Math.floor(png.length / 2)) }),
        status: 400,
        message: 'Não foi possível ler a imagem da miniatura',
      },
    ];

    for (const c of cases) {
      it(`when ${c.name}, then ${c.status} '${String(c.message)}'`, async () => {
        const { user, auth } = await ctx.createUser({ role: 'educator' });
        const filesBefore = await listFiles(uploadDir);
        const image =
          c.message === 'Thumbnail Not Selected' ? undefined : (c.image?.() ?? { buffer: png });

        const res = await postCourse(auth, c.data, image);

        expect(res.status).toBe(c.status);
        expect(res.body.success).toBe(false);
        expect(res.body.message).toMatch(c.message);
        expect(await coursesOf(user.id)).toBe(0);
        expect(await listFiles(uploadDir)).toEqual(filesBefore);
      });
    }

    it('when two files are sent, or a file under another field name, then 400 and nothing is stored', async () => {
      const { user, auth } = await ctx.createUser({ role: 'educator' });
      const filesBefore = await listFiles(uploadDir);
      const data = JSON.stringify(validCourseData());

      const twice = await request(ctx.app)
        .post('/api/educator/add-course')
        .set(auth)
        .field('courseData', data)
        .attach('image', png, { filename: 'a.png', contentType: 'image/png' })
        .attach('image', png, { filename: 'b.png', contentType: 'image/png' });
      const elsewhere = await request(ctx.app)
        .post('/api/educator/add-course')
        .set(auth)
        .field('courseData', data)
        .attach('thumbnail', png, { filename: 'a.png', contentType: 'image/png' });

      for (const res of [twice, elsewhere]) {
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          success: false,
          message: 'Envie uma única imagem no campo "image"',
        });
      }
      expect(await coursesOf(user.id)).toBe(0);
      expect(await listFiles(uploadDir)).toEqual(filesBefore);
    });

    it('when the body is JSON rather than multipart, then 400 and nothing is stored', async () => {
      const { user, auth } = await ctx.createUser({ role: 'educator' });

      const res = await request(ctx.app)
        .post('/api/educator/add-course')
        .set(auth)
        .send(validCourseData());

      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(await coursesOf(user.id)).toBe(0);
    });

    it('when the multipart body is cut short, then 400, not 500', async () => {
      const { user, auth } = await ctx.createUser({ role: 'educator' });

      const res = await request(ctx.app)
        .post('/api/educator/add-course')
        .set(auth)
        .set('Content-Type', 'multipart/form-data; boundary=XYZ')
        .send('--XYZ\r\nContent-Disposition: form-data; name="courseData"\r\n\r\n{"a":');

      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: 'Formulário multipart inválido' });
      expect(await coursesOf(user.id)).toBe(0);
    });

    it('when storing the course fails after the upload, then the uploaded thumbnail is removed', async () => {
      const { user, auth } = await ctx.createUser({ role: 'educator' });
      const filesBefore = await listFiles(uploadDir);
      const db = ctx.database.db;
      // A trigger makes the INSERT itself fail, after validation and the upload have passed.
      await db.execute(sql`create function refuse_course() returns trigger language plpgsql as $$
        begin raise exception 'refused by test'; end $$`);
      await db.execute(
        sql`create trigger refuse_course before insert on courses for each row execute function refuse_course()`,
      );
      try {
        const res = await postCourse(auth, validCourseData(), { buffer: png });

        expect(res.status).toBe(500);
        expect(res.body).toEqual({ success: false, message: 'Erro interno do servidor' });
      } finally {
        await db.execute(sql`drop trigger refuse_course on courses`);
        await db.execute(sql`drop function refuse_course()`);
      }
      expect(await coursesOf(user.id)).toBe(0);
      expect(await listFiles(uploadDir)).toEqual(filesBefore);
    });
  });
});

describe('GET /api/educator/courses: incomplete lectures', () => {
  it('when an educator adds lectures without a title or a playable video, then they are stored as sent and her list names them by position', async () => {
    const { user, auth } = await ctx.createUser({ role: 'educator' });
    const data = validCourseData({
      courseContent: [
        {
          chapterTitle: 'Começo',
          chapterContent: [
            { lectureTitle: 'Instalar', lectureUrl: 'https://youtu.be/rfscVS0vtbw' },
            { lectureTitle: '  ', lectureUrl: 'https://youtu.be/kqtD5dpn9C8' },
          ],
        },
        {
          chapterTitle: 'Fim',
          chapterContent: [
            { lectureTitle: 'Resumo', lectureUrl: '' },
            { lectureTitle: '', lectureUrl: 'https://youtu.be/' },
          ],
        },
      ],
    });
    const added = await postCourse(auth, data, { buffer: png });
    expect(added.status).toBe(201);

    const res = await request(ctx.app).get('/api/educator/courses').set(auth);

    expect(res.status).toBe(200);
    const { courses: list } = educatorCoursesResponseSchema.parse(res.body);
    expect(list).toHaveLength(1);
    expect(list[0]!.incompleteLectures).toEqual({
      count: 3,
      lectures: [
        { chapter: 1, lecture: 2, problems: ['missingTitle'] },
        { chapter: 2, lecture: 1, problems: ['missingVideo'] },
        { chapter: 2, lecture: 2, problems: ['missingTitle', 'unplayableVideo'] },
      ],
    });
    // The spec accepts them on ADD: the list points them out, nothing stored was changed.
    const [row] = await ctx.database.db
      .select()
      .from(courses)
      .where(eq(courses.educatorId, user.id));
    expect(
      row!.content.map((chapter) =>
        chapter.chapterContent.map((lecture) => [lecture.lectureTitle, lecture.lectureUrl]),
      ),
    ).toEqual([
      [
        ['Instalar', 'https://youtu.be/rfscVS0vtbw'],
        ['  ', 'https://youtu.be/kqtD5dpn9C8'],
      ],
      [
        ['Resumo', ''],
        ['', 'https://youtu.be/'],
      ],
    ]);
  });
});

describe('educator routes: who may call them', () => {
  const routes = [
    ['get', '/api/educator/dashboard'],
    ['get', '/api/educator/courses'],
    ['get', '/api/educator/enrolled-students'],
    ['post', '/api/educator/add-course'],
  ] as const;

  it('when nobody is signed in, then every educator route answers 401', async () => {
    for (const [method, url] of routes) {
      const res = await request(ctx.app)[method](url);
      expect([url, res.status, res.body.success]).toEqual([url, 401, false]);
    }
  });

  it('when a student calls them, then 403 and a student upload stores nothing', async () => {
    const { user, auth } = await ctx.createUser({ role: 'student' });
    for (const [method, url] of routes) {
      const res = await request(ctx.app)[method](url).set(auth);
      expect([url, res.status, res.body]).toEqual([
        url,
        403,
        { success: false, message: 'Acesso reservado a educadores' },
      ]);
    }
    const filesBefore = await listFiles(uploadDir);
    const upload = await postCourse(auth, validCourseData(), { buffer: png });
    expect(upload.status).toBe(403);
    expect(await coursesOf(user.id)).toBe(0);
    expect(await listFiles(uploadDir)).toEqual(filesBefore);
  });
});

describe('educator dashboard, courses and students', () => {
  /**
   * Educator Ana: "Python" 100 at 10% (90.00) with 3 students, "React" 19.99 at 15% (16.99) with
   * 2 students, "Livre" free with 1 student. Completed purchases: 3 × 90.00 + 2 × 16.99 = 303.98;
   * a pending and a failed purchase do not count. Another educator's course has its own student.
   */
  let ana: Awaited<ReturnType<TestContext['createUser']>>;
  let other: Awaited<ReturnType<TestContext['createUser']>>;
  const ids: Record<string, string> = {};
  const students: Record<string, { id: string; name: string }> = {};

  beforeAll(async () => {
    const db = ctx.database.db;
    ana = await ctx.createUser({ role: 'educator', name: 'Ana' });
    other = await ctx.createUser({ role: 'educator', name: 'Outro' });
    const python = await insertCourse(db, ana.user.id, {
      title: 'Python',
      price: 100,
      discount: 10,
      createdAt: new Date('2031-01-01T00:00:00Z'),
    });
    const react = await insertCourse(db, ana.user.id, {
      title: 'React',
      price: 19.99,
      discount: 15,
      createdAt: new Date('2031-01-03T00:00:00Z'),
    });
    const livre = await insertCourse(db, ana.user.id, {
      title: 'Livre',
      price: 0,
      discount: 0,
      createdAt: new Date('2031-01-02T00:00:00Z'),
      isPublished: false,
    });
    const foreign = await insertCourse(db, other.user.id, {
      title: 'Alheio',
      price: 50,
      discount: 0,
    });
    Object.assign(ids, {
      python: python.id,
      react: react.id,
      livre: livre.id,
      foreign: foreign.id,
    });

    for (const name of ['Bia', 'Caio', 'Duda', 'Enzo']) {
      const { user } = await ctx.createUser({ name });
      students[name] = { id: user.id, name };
    }
    const at = (day: number) => new Date(`2031-02-${String(day).padStart(2, '0')}T10:00:00Z`);
    await enrollDirectly(db, students.Bia!.id, python.id, at(1));
    await enrollDirectly(db, students.Caio!.id, python.id, at(2));
    await enrollDirectly(db, students.Duda!.id, python.id, at(3));
    await enrollDirectly(db, students.Bia!.id, react.id, at(4));
    await enrollDirectly(db, students.Enzo!.id, react.id, at(6));
    await enrollDirectly(db, students.Caio!.id, livre.id, at(5));
    await enrollDirectly(db, students.Enzo!.id, foreign.id, at(7));

    const purchase = (userId: string, courseId: string, amount: string, status: PurchaseStatus) =>
      ({ userId, courseId, amount, currency: 'usd', status, provider: 'sandbox' }) as const;
    await db.insert(purchases).values([
      purchase(students.Bia!.id, python.id, '90.00', 'completed'),
      purchase(students.Caio!.id, python.id, '90.00', 'completed'),
      purchase(students.Duda!.id, python.id, '90.00', 'completed'),
      purchase(students.Bia!.id, react.id, '16.99', 'completed'),
      purchase(students.Enzo!.id, react.id, '16.99', 'completed'),
      purchase(students.Duda!.id, react.id, '16.99', 'pending'),
      purchase(students.Caio!.id, react.id, '16.99', 'failed'),
      // A voucher not paid yet: shown apart, never earnings.
      purchase(students.Enzo!.id, python.id, '90.00', 'awaiting_payment'),
      purchase(students.Enzo!.id, foreign.id, '50.00', 'completed'),
      // Paid again for a course the buyer had: given back, or being given back, never earnings.
      purchase(students.Bia!.id, python.id, '90.00', 'refunded'),
      purchase(students.Enzo!.id, react.id, '16.99', 'refund_pending'),
      purchase(students.Enzo!.id, foreign.id, '50.00', 'refunded'),
    ]);
  });

  const person = (name: string) => ({ _id: students[name]!.id, name, imageUrl: '' });

  it('when Ana opens her dashboard, then totals cover only her courses and completed purchases, refunds apart, latest enrollments first', async () => {
    const res = await request(ctx.app).get('/api/educator/dashboard').set(ana.auth);

    expect(res.status).toBe(200);
    expect(dashboardResponseSchema.parse(res.body)).toEqual({
      success: true,
      dashboardData: {
        totalCourses: 3,
        totalEnrollments: 6,
        totalEarnings: 303.98,
        refunds: { count: 2, amount: 106.99 },
        // Bought just now: every sale is still inside its 7-day guarantee.
        balance: { gross: 303.98, platformFee: 0, available: 0, pending: 303.98, refunded: 0 },
        awaitingPayment: { count: 1, amount: 90 },
        enrolledStudentsData: [
          { courseTitle: 'React', student: person('Enzo') },
          { courseTitle: 'Livre', student: person('Caio') },
          { courseTitle: 'React', student: person('Bia') },
          { courseTitle: 'Python', student: person('Duda') },
          { courseTitle: 'Python', student: person('Caio') },
          { courseTitle: 'Python', student: person('Bia') },
        ],
      },
    });
  });

  it('when Ana lists her courses, then each has its student count and what its buyers paid, newest first', async () => {
    const res = await request(ctx.app).get('/api/educator/courses').set(ana.auth);

    expect(res.status).toBe(200);
    const { courses: list } = educatorCoursesResponseSchema.parse(res.body);
    // The fixture's lectures all have a title and a video.
    const none = { count: 0, lectures: [] };
    expect(list).toEqual([
      {
        _id: ids.react,
        courseTitle: 'React',
        courseThumbnail: '/uploads/thumb.webp',
        coursePrice: 19.99,
        discount: 15,
        studentCount: 2,
        earnings: 33.98,
        createdAt: '2031-01-03T00:00:00.000Z',
        status: 'published',
        incompleteLectures: none,
      },
      {
        _id: ids.livre,
        courseTitle: 'Livre',
        courseThumbnail: '/uploads/thumb.webp',
        coursePrice: 0,
        discount: 0,
        studentCount: 1,
        earnings: 0,
        createdAt: '2031-01-02T00:00:00.000Z',
        status: 'unpublished',
        incompleteLectures: none,
      },
      {
        _id: ids.python,
        courseTitle: 'Python',
        courseThumbnail: '/uploads/thumb.webp',
        coursePrice: 100,
        discount: 10,
        studentCount: 3,
        earnings: 270,
        createdAt: '2031-01-01T00:00:00.000Z',
        status: 'published',
        incompleteLectures: none,
      },
    ]);
  });

  it('when Ana lists her students, then every enrollment in her courses comes newest first with its date', async () => {
    const res = await request(ctx.app).get('/api/educator/enrolled-students').set(ana.auth);

    expect(res.status).toBe(200);
    const { enrolledStudents } = enrolledStudentsResponseSchema.parse(res.body);
    expect(enrolledStudents.map((e) => [e.student.name, e.courseTitle, e.purchaseDate])).toEqual([
      ['Enzo', 'React', '2031-02-06T10:00:00.000Z'],
      ['Caio', 'Livre', '2031-02-05T10:00:00.000Z'],
      ['Bia', 'React', '2031-02-04T10:00:00.000Z'],
      ['Duda', 'Python', '2031-02-03T10:00:00.000Z'],
      ['Caio', 'Python', '2031-02-02T10:00:00.000Z'],
      ['Bia', 'Python', '2031-02-01T10:00:00.000Z'],
    ]);
    expect(enrolledStudents[0]!.student).toEqual(person('Enzo'));
  });

  it('when the other educator asks, then only their own course, student and earnings appear', async () => {
    const dashboard = dashboardResponseSchema.parse(
      (await request(ctx.app).get('/api/educator/dashboard').set(other.auth)).body,
    );
    const list = educatorCoursesResponseSchema.parse(
      (await request(ctx.app).get('/api/educator/courses').set(other.auth)).body,
    );
    const enrolled = enrolledStudentsResponseSchema.parse(
      (await request(ctx.app).get('/api/educator/enrolled-students').set(other.auth)).body,
    );

    expect(dashboard.dashboardData).toEqual({
      totalCourses: 1,
      totalEnrollments: 1,
      totalEarnings: 50,
      refunds: { count: 1, amount: 50 },
      balance: { gross: 50, platformFee: 0, available: 0, pending: 50, refunded: 0 },
      awaitingPayment: { count: 0, amount: 0 },
      enrolledStudentsData: [{ courseTitle: 'Alheio', student: person('Enzo') }],
    });
    expect(list.courses.map((c) => [c._id, c.studentCount, c.earnings])).toEqual([
      [ids.foreign, 1, 50],
    ]);
    expect(enrolled.enrolledStudents.map((e) => e.courseTitle)).toEqual(['Alheio']);
  });

  it('when a new educator has nothing yet, then zeros and empty lists', async () => {
    const { auth } = await ctx.createUser({ role: 'educator' });

    const dashboard = await request(ctx.app).get('/api/educator/dashboard').set(auth);
    const list = await request(ctx.app).get('/api/educator/courses').set(auth);
    const enrolled = await request(ctx.app).get('/api/educator/enrolled-students').set(auth);

    expect(dashboard.body).toEqual({
      success: true,
      dashboardData: {
        totalCourses: 0,
        totalEnrollments: 0,
        totalEarnings: 0,
        refunds: { count: 0, amount: 0 },
        balance: { gross: 0, platformFee: 0, available: 0, pending: 0, refunded: 0 },
        awaitingPayment: { count: 0, amount: 0 },
        enrolledStudentsData: [],
      },
    });
    expect(list.body).toEqual({ success: true, courses: [] });
    expect(enrolled.body).toEqual({ success: true, enrolledStudents: [], total: 0, next: null });
  });

  it(`when more than ${DASHBOARD_LATEST_ENROLLMENTS} students enroll, then the dashboard lists the latest ${DASHBOARD_LATEST_ENROLLMENTS} and counts them all`, async () => {
    const { user, auth } = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, user.id, { title: 'Popular' });
    const names: string[] = [];
    for (let i = 1; i <= DASHBOARD_LATEST_ENROLLMENTS + 2; i++) {
      const { user: s } = await ctx.createUser({ name: `Aluno ${i}` });
      await enrollDirectly(ctx.database.db, s.id, course.id, new Date(Date.UTC(2032, 0, i)));
      names.unshift(`Aluno ${i}`);
    }

    const { dashboardData } = dashboardResponseSchema.parse(
      (await request(ctx.app).get('/api/educator/dashboard').set(auth)).body,
    );

    expect(dashboardData.totalEnrollments).toBe(DASHBOARD_LATEST_ENROLLMENTS + 2);
    expect(dashboardData.enrolledStudentsData.map((e) => e.student.name)).toEqual(
      names.slice(0, DASHBOARD_LATEST_ENROLLMENTS),
    );
  });
});
