import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { users } from '../../db/schema/users';
import { insertUser } from '../users/users.repository';
import { openTestDatabase } from '../../test/test-app';
import { insertCourse } from '../../test/fixtures/course-fixtures';
import { createCourseSearch, type CourseSearch, type WordSearch } from './course-search.engine';

/**
 * The index stays in step with the database whoever writes to it: each search first reads what
 * other transactions committed since the last, so these writes go straight to the tables, as
 * another instance's would.
 */
let database: Database;
let drop: () => Promise<void>;
let educatorId: string;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  educatorId = (
    await insertUser(database.db, {
      id: 'usr_engine_edu',
      name: 'Marta Quintela',
      email: 'marta@engine.test',
      role: 'educator',
    })
  ).id;
});
afterAll(() => drop());
afterEach(() => vi.useRealTimers());

const query = (words: string[], extra: Partial<WordSearch> = {}): WordSearch => ({
  words,
  sort: 'relevance',
  offset: 0,
  limit: 10,
  ...extra,
});

async function titlesFound(search: CourseSearch, words: string[], extra: Partial<WordSearch> = {}) {
  const { ids } = await search.search(query(words, extra));
  if (ids.length === 0) return [];
  const rows = await database.db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(sql`${courses.id} in ${ids}`);
  return ids.map((id) => rows.find((row) => row.id === id)!.title);
}

describe('the course search index and the database', () => {
  let first: CourseSearch;
  let second: CourseSearch;

  beforeAll(async () => {
    await insertCourse(database.db, educatorId, { title: 'Astronomia para Curiosos' });
    first = createCourseSearch(database.db);
    second = createCourseSearch(database.db);
  });

  it('when a course is published after the index was built, then the next search on every index finds it', async () => {
    expect(await titlesFound(first, ['telescopios'])).toEqual([]);
    await insertCourse(database.db, educatorId, { title: 'Telescópios Caseiros' });
    expect(await titlesFound(first, ['telescopios'])).toEqual(['Telescópios Caseiros']);
    expect(await titlesFound(second, ['telescopio'])).toEqual(['Telescópios Caseiros']);
  });

  it('when a course is unpublished, then it is no longer found, and found again once published', async () => {
    const course = await insertCourse(database.db, educatorId, { title: 'Cometas e Meteoros' });
    expect(await titlesFound(first, ['cometas'])).toEqual(['Cometas e Meteoros']);
    await database.db
      .update(courses)
      .set({ status: 'unpublished' })
      .where(eq(courses.id, course.id));
    expect(await titlesFound(first, ['cometas'])).toEqual([]);
    await database.db.update(courses).set({ status: 'published' }).where(eq(courses.id, course.id));
    expect(await titlesFound(second, ['cometas'])).toEqual(['Cometas e Meteoros']);
  });

  it('when a course is deleted, then it is neither found nor counted', async () => {
    const course = await insertCourse(database.db, educatorId, { title: 'Eclipses Explicados' });
    expect((await first.search(query(['eclipses']))).total).toBe(1);
    await database.db.delete(courses).where(eq(courses.id, course.id));
    expect(await first.search(query(['eclipses']))).toEqual({
      ids: [],
      total: 0,
      unmatchedWords: ['eclipses'],
      partialMatch: false,
    });
  });

  it('when a course is retitled, then it is found by the new title and not the old', async () => {
    const course = await insertCourse(database.db, educatorId, { title: 'Nebulosas' });
    expect(await titlesFound(first, ['nebulosas'])).toEqual(['Nebulosas']);
    await database.db
      .update(courses)
      .set({ title: 'Galáxias Distantes' })
      .where(eq(courses.id, course.id));
    expect(await titlesFound(first, ['nebulosas'])).toEqual([]);
    expect(await titlesFound(first, ['galaxias'])).toEqual(['Galáxias Distantes']);
  });

  it('when an educator is renamed, then their courses are found by the new name and not the old', async () => {
    // Every course here is hers: the one holding both words leads.
    expect((await titlesFound(first, ['quintela', 'astronomia']))[0]).toBe(
      'Astronomia para Curiosos',
    );
    await database.db
      .update(users)
      .set({ name: 'Marta Vasconcelos' })
      .where(eq(users.id, educatorId));
    const answer = await first.search(query(['vasconcelos']));
    expect(answer.total).toBeGreaterThan(0);
    expect((await first.search(query(['quintela']))).total).toBe(0);
    expect((await first.suggest(['vasconcelos'], { courses: 5, educators: 3 })).educators).toEqual([
      expect.objectContaining({ name: 'Marta Vasconcelos' }),
    ]);
  });

  it('when a course gains students, then the order by students follows at once', async () => {
    const few = await insertCourse(database.db, educatorId, {
      title: 'Planetas Anões',
      studentCount: 1,
    });
    await insertCourse(database.db, educatorId, { title: 'Planetas Gigantes', studentCount: 5 });
    expect(await titlesFound(first, ['planetas'], { sort: 'students' })).toEqual([
      'Planetas Gigantes',
      'Planetas Anões',
    ]);
    await database.db.update(courses).set({ studentCount: 9 }).where(eq(courses.id, few.id));
    expect(await titlesFound(second, ['planetas'], { sort: 'students' })).toEqual([
      'Planetas Anões',
      'Planetas Gigantes',
    ]);
  });

  it('when an index has not caught up for half a day, then it is built again and misses no deletion', async () => {
    const course = await insertCourse(database.db, educatorId, { title: 'Quasares' });
    expect((await second.search(query(['quasares']))).total).toBe(1);
    await database.db.delete(courses).where(eq(courses.id, course.id));
    // The database keeps deletions for a day; past that only a rebuild can tell.
    await database.db.execute(sql`delete from course_search_removals`);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 13 * 60 * 60_000 });
    expect((await second.search(query(['quasares']))).total).toBe(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the course search index and a transaction still open while it catches up',
  () => {
    it('when a course written before a catch-up commits after it, then the next catch-up still reads it', async () => {
      const search = createCourseSearch(database.db);
      await search.catchUp();
      const schema = (
        await database.db.execute<{ schema: string }>(sql`select current_schema() as schema`)
      ).rows[0]!.schema;
      const writer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await writer.connect();
      try {
        await writer.query(`set search_path to ${schema}`);
        await writer.query('begin');
        await writer.query(
          `insert into courses (educator_id, title, description_html, thumbnail_url, price, status, content)
           values ($1, 'Pulsares Lentos', '<p>x</p>', '/x.webp', 10, 'published', '[]')`,
          [educatorId],
        );
        // The writer's transaction holds an id below the horizon read now.
        expect((await search.search(query(['pulsares']))).total).toBe(0);
        await writer.query('commit');
        expect((await search.search(query(['pulsares']))).total).toBe(1);
      } finally {
        await writer.end();
      }
    });
  },
);
