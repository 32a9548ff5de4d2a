import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import {
  courseDetailResponseSchema,
  courseListResponseSchema,
  courseSearchResponseSchema,
  type CourseSearchResponse,
} from '@aprendiz/contract/courses';
import { courses } from '../../db/schema/courses';
import { ratings } from '../../db/schema/ratings';
import { users } from '../../db/schema/users';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertCourse, type CourseFixture } from '../../test/fixtures/course-fixtures';

/** Each block searches a catalogue of its own, so one block's courses never match another's query. */
function useCatalogue(): { ctx: () => TestContext } {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());
  return { ctx: () => ctx };
}

async function search(ctx: TestContext, query: string): Promise<CourseSearchResponse> {
  const res = await request(ctx.app).get(`/api/course/search?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return courseSearchResponseSchema.parse(res.body);
}

async function titlesFor(ctx: TestContext, query: string): Promise<string[]> {
  return (await search(ctx, query)).courses.map((course) => course.courseTitle);
}

async function educatorNamed(ctx: TestContext, name: string): Promise<string> {
  return (await ctx.createUser({ role: 'educator', name })).user.id;
}

async function addCourses(ctx: TestContext, educatorId: string, fixtures: CourseFixture[]) {
  for (const fixture of fixtures) await insertCourse(ctx.database.db, educatorId, fixture);
}

describe('GET /api/course/search ranking', () => {
  const { ctx } = useCatalogue();

  beforeAll(async () => {
    const bruno = await educatorNamed(ctx(), 'Bruno Alves');
    const marta = await educatorNamed(ctx(), 'Marta Rocha');
    await addCourses(ctx(), bruno, [
      { title: 'Escalada em rocha', descriptionHtml: '<p>Cordas e nós.</p>', studentCount: 1 },
      { title: 'Rocha e minerais', studentCount: 9 },
      { title: 'Rocha escondida', isPublished: false },
      { title: 'Montanhismo', descriptionHtml: '<p>Subir a <strong>rocha</strong> nua.</p>' },
      // The word sits in an attribute only: what a reader sees holds no 'rocha'.
      { title: 'Culinária', descriptionHtml: '<p class="rocha">Sopas e pães.</p>' },
    ]);
    await addCourses(ctx(), marta, [{ title: 'Geologia', studentCount: 50 }]);
  });

  it('when the query is in titles, a name and a description, then titles come first (more students first), then the name, then the description', async () => {
    const result = await search(ctx(), 'q=rocha');
    expect(result.courses.map((course) => course.courseTitle)).toEqual([
      'Rocha e minerais',
      'Escalada em rocha',
      'Geologia',
      'Montanhismo',
    ]);
    expect(result).toMatchObject({ total: 4, page: 1, pageSize: 24 });
  });

  it('when a relevance-ordered search is paged, then the pages continue from title to name to description matches', async () => {
    const pages = [];
    for (const page of [1, 2, 3, 4, 5]) {
      const result = await search(ctx(), `q=rocha&pageSize=1&page=${page}`);
      expect(result.total).toBe(4);
      pages.push(...result.courses.map((course) => course.courseTitle));
    }
    expect(pages).toEqual(['Rocha e minerais', 'Escalada em rocha', 'Geologia', 'Montanhismo']);
  });

  it('when the educator changes their name, then their courses are found by the new one only', async () => {
    const [marta] = await ctx()
      .database.db.select({ id: users.id })
      .from(users)
      .where(sql`${users.name} = 'Marta Rocha'`);
    await ctx()
      .database.db.update(users)
      .set({ name: 'Marta Pedra' })
      .where(sql`${users.id} = ${marta!.id}`);

    expect(await titlesFor(ctx(), 'q=pedra')).toEqual(['Geologia']);
    expect(await titlesFor(ctx(), 'q=rocha')).not.toContain('Geologia');
  });

  it('when the query holds no letter or digit (LIKE wildcards), then it counts no word and lists every course', async () => {
    const everything = await titlesFor(ctx(), '');
    expect(await titlesFor(ctx(), 'q=%25')).toEqual(everything);
    expect(await titlesFor(ctx(), 'q=_')).toEqual(everything);
  });

  it('when no query is given, then every published course is listed, most students first', async () => {
    const result = await search(ctx(), '');
    expect(result.total).toBe(5);
    expect(result.courses[0]!.courseTitle).toBe('Geologia');
    expect(result.courses.map((course) => course.courseTitle)).not.toContain('Rocha escondida');
  });
});

describe('GET /api/course/search accents, case and typos', () => {
  const { ctx } = useCatalogue();

  beforeAll(async () => {
    const jose = await educatorNamed(ctx(), 'José Conceição');
    await addCourses(ctx(), jose, [
      { title: 'Programação Avançada' },
      { title: 'Fisica para todos' },
      { title: 'Python para Iniciantes' },
      { title: 'JavaScript Moderno' },
      { title: 'Culinária portuguesa' },
    ]);
  });

  it('when the query differs from a title in accents or case only, then the course is found', async () => {
    expect(await titlesFor(ctx(), 'q=programacao%20avancada')).toEqual(['Programação Avançada']);
    expect(await titlesFor(ctx(), `q=${encodeURIComponent('PROGRAMAÇÃO')}`)).toEqual([
      'Programação Avançada',
    ]);
    expect(await titlesFor(ctx(), `q=${encodeURIComponent('física')}`)).toEqual([
      'Fisica para todos',
    ]);
    expect(await titlesFor(ctx(), `q=${encodeURIComponent('CULINARIA')}`)).toEqual([
      'Culinária portuguesa',
    ]);
  });

  it("when the query is the educator's name without accents, then all their courses are found", async () => {
    expect((await search(ctx(), 'q=jose%20conceicao')).total).toBe(5);
  });

  it('when the query is misspelt, then the near-miss is found and unrelated courses are not', async () => {
    expect(await titlesFor(ctx(), 'q=pyton')).toEqual(['Python para Iniciantes']);
    expect(await titlesFor(ctx(), 'q=javscript')).toEqual(['JavaScript Moderno']);
    expect(await titlesFor(ctx(), 'q=xyzzy')).toEqual([]);
  });

  it('when a word of a query of several is misspelt, then the titles with the word it resembles are found', async () => {
    // Every word counts: the misspelt one finds Python, the other finds its own course.
    expect(await titlesFor(ctx(), 'q=pyton%20moderno')).toEqual([
      'JavaScript Moderno',
      'Python para Iniciantes',
    ]);
    expect(await titlesFor(ctx(), 'q=pyton%20iniciantes')).toEqual(['Python para Iniciantes']);
    expect(await titlesFor(ctx(), 'q=culinaira')).toEqual(['Culinária portuguesa']);
  });

  it('when a title is corrected, then a misspelling of its new word finds it, and of the old word no longer', async () => {
    const ana = await educatorNamed(ctx(), 'Ana Lima');
    const course = await insertCourse(ctx().database.db, ana, { title: 'Geografia' });
    await ctx()
      .database.db.update(courses)
      .set({ title: 'Astronomia' })
      .where(sql`${courses.id} = ${course.id}`);
    expect(await titlesFor(ctx(), 'q=astronomya')).toEqual(['Astronomia']);
    expect(await titlesFor(ctx(), 'q=geografya')).toEqual([]);
  });

  it('when the query is padded with spaces, then it is trimmed before matching', async () => {
    expect(await titlesFor(ctx(), 'q=%20%20python%20')).toEqual(['Python para Iniciantes']);
  });
});

describe('GET /api/course/search one- and two-character queries', () => {
  const { ctx } = useCatalogue();

  beforeAll(async () => {
    const rui = await educatorNamed(ctx(), 'Rui Sá');
    const isabel = await educatorNamed(ctx(), 'Isabel Santos');
    await addCourses(ctx(), rui, [
      { title: 'Dados e IA', studentCount: 5 },
      { title: 'Node.js na prática', studentCount: 4 },
      { title: 'Experiência do utilizador', studentCount: 3 },
      { title: 'Jardinagem', descriptionHtml: '<p>Inclui IA e JS.</p>', studentCount: 2 },
    ]);
    await addCourses(ctx(), isabel, [
      { title: 'Sabonetes artesanais', studentCount: 1 },
      { title: 'Design UX/UI' },
      { title: 'C/C++ básico' },
    ]);
  });

  it('when the query is the start of a word of a title, after a space or a punctuation mark, then the course is found', async () => {
    // A description holding the word counts too, below a title.
    expect(await titlesFor(ctx(), 'q=ia')).toEqual(['Dados e IA', 'Jardinagem']);
    expect(await titlesFor(ctx(), 'q=js')).toEqual(['Node.js na prática', 'Jardinagem']);
    expect(await titlesFor(ctx(), 'q=UI')).toEqual(['Design UX/UI']);
    // 'a' is a stop word: it counts for nothing, so the list is every course.
    expect(await titlesFor(ctx(), 'q=a')).toEqual(await titlesFor(ctx(), ''));
    expect(await titlesFor(ctx(), 'q=art')).toEqual(['Sabonetes artesanais']);
  });

  it('when a short query holds a separator, then it is matched as written, from a word start', async () => {
    expect(await titlesFor(ctx(), 'q=c%2F')).toEqual(['C/C++ básico']);
    expect(await titlesFor(ctx(), 'q=x%2F')).toEqual([]);
  });

  it('when the query is only inside a word, then the course is not found', async () => {
    const titles = await titlesFor(ctx(), 'q=ia');
    expect(titles).not.toContain('Experiência do utilizador');
  });

  it("when the query starts a word of an educator's name, then their courses follow the title matches", async () => {
    const result = await search(ctx(), `q=${encodeURIComponent('SÁ')}`);
    // Rui Sá's courses, then Isabel Santos's: the word being typed is a prefix.
    expect(result.courses.map((course) => course.courseTitle)).toEqual([
      'Sabonetes artesanais',
      'Dados e IA',
      'Node.js na prática',
      'Experiência do utilizador',
      'Jardinagem',
      'C/C++ básico',
      'Design UX/UI',
    ]);
    expect(result.total).toBe(7);
  });

  it('when the query is a piece from inside a word, then it finds nothing: words are found by their start', async () => {
    expect(await titlesFor(ctx(), 'q=rie')).toEqual([]);
  });
});

describe('GET /api/course/search filters, sort and paging', () => {
  const { ctx } = useCatalogue();
  let ids: Record<string, string>;

  beforeAll(async () => {
    const educator = await educatorNamed(ctx(), 'Carla Nunes');
    const fixtures: (CourseFixture & { title: string })[] = [
      {
        title: 'Curso A',
        category: 'programacao',
        level: 'iniciante',
        price: 50,
        discount: 0,
        studentCount: 10,
        createdAt: new Date('2030-01-01T00:00:00Z'),
      },
      {
        title: 'Curso B',
        category: 'programacao',
        level: 'avancado',
        price: 100,
        discount: 80,
        studentCount: 30,
        createdAt: new Date('2030-01-03T00:00:00Z'),
      },
      {
        title: 'Curso C',
        category: 'design',
        level: 'iniciante',
        price: 30,
        discount: 0,
        studentCount: 20,
        createdAt: new Date('2030-01-02T00:00:00Z'),
      },
      {
        title: 'Curso D',
        category: 'dados-ia',
        level: 'intermediario',
        price: 0,
        discount: 0,
        studentCount: 0,
        createdAt: new Date('2030-01-04T00:00:00Z'),
      },
      { title: 'Curso E', price: 70, discount: 0, createdAt: new Date('2029-12-31T00:00:00Z') },
    ];
    ids = {};
    for (const fixture of fixtures) {
      ids[fixture.title] = (await insertCourse(ctx().database.db, educator, fixture)).id;
    }
    const raters = [await ctx().createUser(), await ctx().createUser()];
    await ctx()
      .database.db.insert(ratings)
      .values([
        { userId: raters[0]!.user.id, courseId: ids['Curso C']!, rating: 5 },
        { userId: raters[1]!.user.id, courseId: ids['Curso C']!, rating: 5 },
        { userId: raters[0]!.user.id, courseId: ids['Curso A']!, rating: 4 },
        { userId: raters[0]!.user.id, courseId: ids['Curso D']!, rating: 5 },
      ]);
  });

  it('when a category and a level are given, then only courses with both are listed, with their slugs', async () => {
    const result = await search(ctx(), 'q=curso&category=programacao&level=avancado');
    expect(result.total).toBe(1);
    expect(result.courses[0]).toMatchObject({
      courseTitle: 'Curso B',
      category: 'programacao',
      level: 'avancado',
    });
    expect(await titlesFor(ctx(), 'category=programacao')).toEqual(['Curso B', 'Curso A']);
    expect(await titlesFor(ctx(), 'level=iniciante&sort=newest')).toEqual(['Curso C', 'Curso A']);
  });

  it('when a sort is asked, then the courses come in that order', async () => {
    expect(await titlesFor(ctx(), 'q=curso&sort=rating')).toEqual([
      'Curso C',
      'Curso D',
      'Curso A',
      'Curso B',
      'Curso E',
    ]);
    expect(await titlesFor(ctx(), 'q=curso&sort=students')).toEqual([
      'Curso B',
      'Curso C',
      'Curso A',
      'Curso D',
      'Curso E',
    ]);
    expect(await titlesFor(ctx(), 'q=curso&sort=newest')).toEqual([
      'Curso D',
      'Curso B',
      'Curso C',
      'Curso A',
      'Curso E',
    ]);
    // What the buyer pays: 0, 20 (100 less 80%), 30, 50, 70.
    expect(await titlesFor(ctx(), 'q=curso&sort=price')).toEqual([
      'Curso D',
      'Curso B',
      'Curso C',
      'Curso A',
      'Curso E',
    ]);
  });

  it('when pages are asked, then they split the ordered results and each carries the total', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      pages.push(await search(ctx(), `q=curso&sort=newest&pageSize=2&page=${page}`));
    }
    expect(pages.map((page) => page.courses.map((course) => course.courseTitle))).toEqual([
      ['Curso D', 'Curso B'],
      ['Curso C', 'Curso A'],
      ['Curso E'],
    ]);
    for (const [index, page] of pages.entries()) {
      expect(page).toMatchObject({ total: 5, page: index + 1, pageSize: 2 });
    }
  });

  it('when any order is paged, with or without a query, then the pages split the whole list', async () => {
    for (const sort of ['relevance', 'rating', 'students', 'newest', 'price']) {
      for (const q of ['', 'curso']) {
        const whole = await titlesFor(ctx(), `q=${q}&sort=${sort}`);
        expect(whole).toHaveLength(5);
        const paged = [];
        for (const page of [1, 2, 3]) {
          paged.push(...(await titlesFor(ctx(), `q=${q}&sort=${sort}&pageSize=2&page=${page}`)));
        }
        expect(paged, `q=${q}&sort=${sort}`).toEqual(whole);
      }
    }
  });

  it('when no query is given, then each sort orders every course the same as with a query matching all', async () => {
    for (const sort of ['relevance', 'rating', 'students', 'newest', 'price']) {
      expect(await titlesFor(ctx(), `sort=${sort}`)).toEqual(
        sort === 'relevance'
          ? await titlesFor(ctx(), 'sort=students')
          : await titlesFor(ctx(), `q=curso&sort=${sort}`),
      );
    }
  });

  it('when the page is past the end, then it is empty and still tells the total', async () => {
    expect(await search(ctx(), 'q=curso&page=9&pageSize=2')).toEqual({
      success: true,
      courses: [],
      total: 5,
      page: 9,
      pageSize: 2,
      unmatchedWords: [],
    });
  });

  it('when a parameter is left blank, then it counts as not given', async () => {
    const result = await search(ctx(), 'q=&category=&level=&sort=&page=&pageSize=');
    expect(result).toMatchObject({ total: 5, page: 1, pageSize: 24 });
  });

  it('when courses are listed or opened, then they carry their category and level', async () => {
    const list = courseListResponseSchema.parse(
      (await request(ctx().app).get('/api/course/all')).body,
    );
    expect(list.courses.find((course) => course._id === ids['Curso D'])).toMatchObject({
      category: 'dados-ia',
      level: 'intermediario',
    });
    expect(list.courses.find((course) => course._id === ids['Curso E'])).toMatchObject({
      category: null,
      level: null,
    });
    const detail = courseDetailResponseSchema.parse(
      (await request(ctx().app).get(`/api/course/${ids['Curso C']}`)).body,
    );
    expect(detail.courseData).toMatchObject({ category: 'design', level: 'iniciante' });
  });
});

describe('GET /api/course/search and suggestions with a word most of the catalogue holds', () => {
  const { ctx } = useCatalogue();

  beforeAll(async () => {
    const rui = await educatorNamed(ctx(), 'Rui Matos');
    const db = ctx().database.db;
    // 160 courses, 120 of them advanced (75%: common), 4 about Kubernetes (2 of them advanced).
    await db.execute(sql`insert into courses (educator_id, title, description_html, thumbnail_url,
        price, discount, category, level, student_count)
      select ${rui}, case when g <= 120 then 'Tema ' || g || ' avançado' else 'Tema ' || g end,
        '<p>Sobre o tema.</p>', '/x.webp', 10, 0, 'programacao', 'iniciante', g
      from generate_series(1, 160) g`);
    await addCourses(ctx(), rui, [
      { title: 'Kubernetes avançado', studentCount: 3 },
      { title: 'Kubernetes em produção, nível avançado', studentCount: 5 },
      { title: 'Kubernetes do zero', studentCount: 40 },
      { title: 'Introdução a Kubernetes', studentCount: 30 },
    ]);
  });

  it('when the query has a rarer word, then only the courses it finds are listed, those with the common word first', async () => {
    const result = await search(ctx(), 'q=kubernets%20avancado');
    expect(result.total).toBe(4);
    expect(result.courses.map((course) => course.courseTitle)).toEqual([
      'Kubernetes avançado',
      'Kubernetes em produção, nível avançado',
      'Kubernetes do zero',
      'Introdução a Kubernetes',
    ]);
    expect(result.unmatchedWords).toEqual([]);
  });

  it('when the query holds common words only, then every course holding them is listed', async () => {
    expect((await search(ctx(), 'q=avancado')).total).toBe(122);
  });

  it('when the rarer word is one no course holds, then the common word is searched whole and the unknown one reported', async () => {
    const result = await search(ctx(), 'q=xyzzy%20avancado');
    expect(result.total).toBe(122);
    expect(result.unmatchedWords).toEqual(['xyzzy']);
  });

  it('when the common word is being typed after a rarer one, then the suggestions are the rarer word’s courses', async () => {
    const res = await request(ctx().app).get('/api/course/suggest?q=kubernetes%20ava');
    expect(res.status).toBe(200);
    const titles = (res.body as { courses: { courseTitle: string }[] }).courses.map(
      (course) => course.courseTitle,
    );
    expect(titles.slice(0, 2).sort()).toEqual([
      'Kubernetes avançado',
      'Kubernetes em produção, nível avançado',
    ]);
    expect(titles.every((title) => title.includes('Kubernetes'))).toBe(true);
  });
});

describe('GET /api/course/search bad parameters', () => {
  const { ctx } = useCatalogue();

  const cases: [string, string][] = [
    ['sort=popular', 'Ordenação inválida'],
    ['category=culinaria', 'Categoria inválida'],
    ['level=expert', 'Nível inválido'],
    ['page=0', 'Página inválida'],
    ['page=-1', 'Página inválida'],
    ['page=1.5', 'Página inválida'],
    ['page=abc', 'Página inválida'],
    ['page=99999999999999999999', 'Página inválida'],
    ['pageSize=0', 'O tamanho da página deve estar entre 1 e 60'],
    ['pageSize=61', 'O tamanho da página deve estar entre 1 e 60'],
    ['pageSize=2e1x', 'O tamanho da página deve estar entre 1 e 60'],
    [`q=${'a'.repeat(101)}`, 'A pesquisa deve ter no máximo 100 caracteres'],
    ['q=a&q=b', 'Pesquisa inválida'],
    ['sort=rating&sort=price', 'Ordenação inválida'],
    ['q=a%00b', 'A pesquisa contém caracteres não permitidos (de controle ou invisíveis)'],
  ];

  for (const [query, message] of cases) {
    it(`when asked ?${query.slice(0, 40)}, then it answers 400 '${message}'`, async () => {
      const res = await request(ctx().app).get(`/api/course/search?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message });
    });
  }

  it('when the largest page and page size are asked, then the answer is an empty page', async () => {
    const result = await search(ctx(), 'page=10000&pageSize=60');
    expect(result).toMatchObject({ courses: [], total: 0, page: 10000, pageSize: 60 });
    const [{ count }] = (
      await ctx().database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from ${courses}`,
      )
    ).rows as [{ count: number }];
    expect(count).toBe(0);
  });
});

describe('GET /api/course/search any parameters', () => {
  const { ctx } = useCatalogue();

  beforeAll(async () => {
    const ana = await educatorNamed(ctx(), 'Ana Gonçalves');
    await addCourses(ctx(), ana, [
      { title: 'Introdução a Docker', category: 'infraestrutura-cloud', level: 'iniciante' },
      { title: 'Python na Prática', category: 'programacao', level: 'intermediario' },
      { title: 'Fotografia de Retrato', isPublished: false },
    ]);
  });

  // Words people type (accents or not, a typo, a prefix, filler) mixed with any text at all.
  const word = fc.oneof(
    fc.constantFrom(
      'docker',
      'dokcer',
      'pyth',
      'Prática',
      'pratica',
      'curso',
      'de',
      'ana',
      'xyzzy',
    ),
    fc.string({ maxLength: 12 }),
  );
  const valueOr = (valid: readonly string[]) =>
    fc.option(fc.oneof(fc.constantFrom(...valid), fc.string({ maxLength: 8 })), { nil: undefined });

  it('when asked with any query, filters, sort and page, then it answers a valid page or 400 in Portuguese, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          q: fc.option(
            fc.array(word, { maxLength: 6 }).map((words) => words.join(' ')),
            { nil: undefined },
          ),
          sort: valueOr(['relevance', 'rating', 'students', 'newest', 'price']),
          category: valueOr(['programacao', 'infraestrutura-cloud']),
          level: valueOr(['iniciante', 'intermediario']),
          page: valueOr(['1', '2', '0', '10000']),
          pageSize: valueOr(['1', '12', '60', '61']),
        }),
        async (params) => {
          const query = Object.fromEntries(
            Object.entries(params).filter(([, value]) => value !== undefined),
          );
          const res = await request(ctx().app).get('/api/course/search').query(query);
          expect([200, 400], JSON.stringify(res.body)).toContain(res.status);
          if (res.status === 400) {
            expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
            return;
          }
          const page = courseSearchResponseSchema.parse(res.body);
          expect(page.courses.length).toBeLessThanOrEqual(page.pageSize);
          expect(page.total).toBeGreaterThanOrEqual(page.courses.length);
          // The unpublished course is never found.
          expect(page.courses.map((course) => course.courseTitle)).not.toContain(
            'Fotografia de Retrato',
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});
