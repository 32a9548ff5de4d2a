import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CourseSearchQuery } from '@aprendiz/contract/courses';
import { SEARCH_STOP_WORDS, searchWords } from '@aprendiz/contract/rules/search-words';
import { arrayLiteral } from '../../db/array-param';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { courses } from '../../db/schema/courses';
import { users } from '../../db/schema/users';
import {
  contentTotalColumns,
  courseSummaryBaseColumns,
  perCourseStatColumns,
  type CourseSummaryRow,
} from './courses.repository';
import { textArray } from './course-search.changes';
import type { CourseSearch } from './course-search.engine';

/**
 * How alike (pg_trgm similarity) a word of the catalogue must be to a word nobody holds to be
 * offered as 'Você quis dizer': looser than a typo, since it is only a suggestion.
 */
const DID_YOU_MEAN_SIMILARITY = 0.3;

export interface CourseSearchPage {
  rows: CourseSummaryRow[];
  /** Matches across every page. */
  total: number;
  /** The query's words (as `searchWords` gives them) that no course holds. */
  unmatchedWords: string[];
  /** Every word is held by some course, none holds them all (see `WordSearchAnswer`). */
  partialMatch: boolean;
}

/**
 * The columns each order reads, under the names orderFor uses; only those are computed for every
 * admitted course. `stars` and `votes` are the floored mean and the number of ratings from the
 * running totals the courses keep (migration 0015), written as in that migration's index so the
 * rating order can be read along it; `paid` is written as in the price index (migration 0013).
 */
function sortColumns(sort: CourseSearchQuery['sort']): SQL {
  const own: Record<CourseSearchQuery['sort'], SQL[]> = {
    relevance: [sql`c.student_count`],
    rating: [
      sql`coalesce(c.rating_total / nullif(c.rating_count, 0), 0) as stars`,
      sql`c.rating_count as votes`,
      sql`c.student_count`,
    ],
    students: [sql`c.student_count`],
    newest: [],
    price: [sql`c.price * (100 - c.discount) as paid`],
  };
  return sql.join([sql`c.id`, sql`c.created_at`, ...own[sort]], sql`, `);
}

/**
 * Every order ends in the newest first, then the id, so it is total, which paging needs; the same
 * orders as the word search's (CourseSearchIndex), whose relevance without words is students.
 */
function orderFor(sort: CourseSearchQuery['sort']): SQL {
  const newest = [sql`created_at desc`, sql`id desc`];
  const keys: Record<CourseSearchQuery['sort'], SQL[]> = {
    relevance: [sql`student_count desc`, ...newest],
    rating: [sql`stars desc`, sql`votes desc`, sql`student_count desc`, ...newest],
    students: [sql`student_count desc`, ...newest],
    newest,
    // What the buyer pays, cheapest first.
    price: [sql`paid`, ...newest],
  };
  return sql.join(keys[sort], sql`, `);
}

/** The summary columns of the course list, with the running totals the rating order reads. */
export function summaryColumns() {
  return { ...courseSummaryBaseColumns, ...perCourseStatColumns(), ...contentTotalColumns() };
}

/**
 * One page of the admitted courses without a query, with the total, in one statement: read along
 * the index of its order (migrations 0013 and 0015), stopping after offset + page size rows; the
 * total is a count of the admitted rows (exported so its plan can be read: `.toSQL()`).
 */
export function browseStatement(db: Db, query: CourseSearchQuery) {
  const admitted = sql.join(
    [
      sql`c.is_published`,
      ...(query.category ? [sql`c.category = ${query.category}`] : []),
      ...(query.level ? [sql`c.level = ${query.level}`] : []),
    ],
    sql` and `,
  );
  const order = orderFor(query.sort);
  const page = sql`select p.id, row_number() over (order by ${order}) as position,
      (select count(*) from ${courses} c where ${admitted}) as total
    from (select ${sortColumns(query.sort)} from ${courses} c where ${admitted}
      order by ${order} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}) p`;
  return db
    .select({ ...summaryColumns(), total: sql<number>`page.total`.mapWith(Number) })
    .from(sql`(${page}) page`)
    .innerJoin(courses, eq(courses.id, sql`page.id`))
    .innerJoin(users, eq(users.id, courses.educatorId))
    .orderBy(sql`page.position`);
}

async function browse(db: Db, query: CourseSearchQuery): Promise<CourseSearchPage> {
  const rows = await browseStatement(db, query);
  // A page past the end has no row to carry the total; the first page of one course does.
  const carrier =
    rows[0] ??
    (query.page > 1
      ? (await browseStatement(db, { ...query, page: 1, pageSize: 1 }))[0]
      : undefined);
  return {
    rows: rows.map(({ total: _, ...row }) => row),
    total: carrier?.total ?? 0,
    unmatchedWords: [],
    partialMatch: false,
  };
}

/**
 * A page's courses by id, prepared: planning it (its content totals read the course's outline)
 * cost PostgreSQL 2 ms on every search, three times what running it took (docs/scale-explain.md).
 */
const publishedSummaries = prepared('published_summaries', (db) =>
  db
    .select(summaryColumns())
    .from(courses)
    .innerJoin(users, eq(users.id, courses.educatorId))
    .where(
      and(
        sql`${courses.id} = any(${sql.placeholder('ids')}::uuid[])`,
        eq(courses.isPublished, true),
      ),
    ),
);

/** The published courses of `ids`, in that order (a course unpublished meanwhile is left out). */
async function summariesOf(db: Db, ids: readonly string[]): Promise<CourseSummaryRow[]> {
  if (ids.length === 0) return [];
  const rows = await publishedSummaries(db).execute({ ids: arrayLiteral(ids) });
  return inIdOrder(ids, rows);
}

/** `rows` in the order of `ids` (the index's), leaving out ids no row answers. */
export function inIdOrder<T extends { id: string }>(
  ids: readonly string[],
  rows: readonly T[],
): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * One page of published courses for GET /api/course/search, with the total and the words no
 * course holds. Every word of the query counts, in any order (see `searchWords`): the courses
 * holding all of them come first, then those holding most (CourseSearchIndex); without words the
 * page is read along the database's sort indexes.
 */
export async function searchCourses(
  db: Db,
  search: CourseSearch,
  query: CourseSearchQuery,
): Promise<CourseSearchPage> {
  const { words } = searchWords(query.q);
  if (words.length === 0) return browse(db, query);
  const answer = await search.search({
    words,
    category: query.category,
    level: query.level,
    sort: query.sort,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    rows: await summariesOf(db, answer.ids),
    total: answer.total,
    unmatchedWords: answer.unmatchedWords,
    partialMatch: answer.partialMatch,
  };
}

/**
 * For a query nothing matched: per word no course holds, the nearest word of the catalogue's
 * lexicon (trigram similarity) that a published course does hold, best first, at most `limit`.
 */
export async function nearestCatalogueWords(
  db: Db,
  words: readonly string[],
  limit = 3,
): Promise<string[]> {
  if (words.length === 0) return [];
  const result = await db.execute<{ word: string }>(sql`
    select near.word from unnest(${textArray(words)}) with ordinality as t(typed, i)
    cross join lateral (
      select l.word, public.similarity(l.word, t.typed) as closeness from search_lexicon l
      where public.similarity(l.word, t.typed) >= ${DID_YOU_MEAN_SIMILARITY}
        and l.lexeme is not null
        and exists (
          select 1 from ${courses} c where c.is_published
            and c.search_document @@ to_tsquery('pg_catalog.portuguese'::regconfig, search_words_text(l.word))
        )
      order by closeness desc, l.word
      limit ${limit}
    ) near
    order by near.closeness desc, t.i
    limit ${limit}`);
  return [...new Set(result.rows.map((row) => row.word))].filter(
    (word) => !SEARCH_STOP_WORDS.has(word),
  );
}
