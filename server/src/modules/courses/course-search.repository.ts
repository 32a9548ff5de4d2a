import { eq, sql, type SQL } from 'drizzle-orm';
import type { CourseSearchQuery } from '@aprendiz/contract/courses';
import { SEARCH_STOP_WORDS, searchWords } from '@aprendiz/contract/rules/search-words';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { users } from '../../db/schema/users';
import {
  contentTotalColumns,
  courseSummaryBaseColumns,
  type CourseSummaryRow,
} from './courses.repository';
import { commonWordsOf } from './course-search.common-words';
import { textArray, wordMatches, wordsMissing } from './course-search.words';

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
}

/**
 * The columns each order reads, under the names orderFor uses; only those are computed for every
 * match. `stars` and `votes` are the floored mean and the number of ratings from the running
 * totals the courses keep (migration 0015), written as in that migration's index so the rating
 * order can be read along it; `paid` is written as in the price index (migration 0013).
 */
function sortColumns(sort: CourseSearchQuery['sort']): { columns: SQL; names: string[] } {
  const own: Record<CourseSearchQuery['sort'], [SQL, string][]> = {
    relevance: [[sql`c.student_count`, 'student_count']],
    rating: [
      [sql`coalesce(c.rating_total / nullif(c.rating_count, 0), 0) as stars`, 'stars'],
      [sql`c.rating_count as votes`, 'votes'],
      [sql`c.student_count`, 'student_count'],
    ],
    students: [[sql`c.student_count`, 'student_count']],
    newest: [],
    price: [[sql`c.price * (100 - c.discount) as paid`, 'paid']],
  };
  const all: [SQL, string][] = [[sql`c.id`, 'id'], [sql`c.created_at`, 'created_at'], ...own[sort]];
  return {
    columns: sql.join(
      all.map(([column]) => column),
      sql`, `,
    ),
    names: all.map(([, name]) => name),
  };
}

/**
 * Every order ends in the newest first, then the id, so it is total, which paging needs. With a
 * query, the courses holding more of its words come first whatever the order; by relevance they
 * are then ordered by the fields the words are in and how close they stand.
 */
function orderFor(sort: CourseSearchQuery['sort'], searching: boolean): SQL {
  const newest = [sql`created_at desc`, sql`id desc`];
  const keys: Record<CourseSearchQuery['sort'], SQL[]> = {
    relevance: [
      ...(searching ? [sql`weight desc`, sql`closeness desc`] : []),
      sql`student_count desc`,
      ...newest,
    ],
    rating: [sql`stars desc`, sql`votes desc`, sql`student_count desc`, ...newest],
    students: [sql`student_count desc`, ...newest],
    newest,
    // What the buyer pays, cheapest first.
    price: [sql`paid`, ...newest],
  };
  return sql.join([...(searching ? [sql`words desc`] : []), ...keys[sort]], sql`, `);
}

/**
 * The ids of one page, in order (`position`), with the total and `found` (a bit per word some
 * match holds). Without a query the page is read along the index of its sort order (migrations
 * 0013 and 0015) and stops after offset + page size rows, and the total is a count of the admitted
 * rows. With a query the courses holding any of its words are found first, through the GIN indexes
 * of the search documents (migration 0017) and the educators', and only they are scored, sorted
 * and counted.
 */
function pageOf(
  query: CourseSearchQuery,
  words: readonly string[],
  common: ReadonlySet<number>,
): SQL {
  const admitted = sql.join(
    [
      sql`c.is_published`,
      ...(query.category ? [sql`c.category = ${query.category}`] : []),
      ...(query.level ? [sql`c.level = ${query.level}`] : []),
    ],
    sql` and `,
  );
  const order = orderFor(query.sort, words.length > 0);
  const { columns, names } = sortColumns(query.sort);
  const window = sql`order by ${order} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`;

  if (words.length === 0) {
    return sql`select p.id, row_number() over (order by ${order}) as position,
        (select count(*) from ${courses} c where ${admitted}) as total, 0 as found
      from (select ${columns} from ${courses} c where ${admitted} ${window}) p`;
  }
  // Materialized, so the planner finds the matches through their indexes before it orders them;
  // otherwise it may walk a sort index row by row hoping to meet matches soon, which for a rare
  // word reads the whole table.
  return sql`with ${wordMatches(words, admitted, columns, names, 'all', common)}
    select p.id, row_number() over (order by ${order}) as position,
      (select count(*) from matched) as total,
      (select coalesce(bit_or(found), 0) from matched) | (select unsearchable from qall) as found
    from (select * from matched ${window}) p`;
}

/**
 * The one statement of a search page (exported so its plan can be read: `.toSQL()`); `common` are
 * the indexes of the words that only order the courses the others find (commonWordsOf).
 */
export function searchStatement(
  db: Db,
  query: CourseSearchQuery,
  words: readonly string[],
  common: ReadonlySet<number> = new Set(),
) {
  return db
    .select({
      ...courseSummaryBaseColumns,
      studentCount: courses.studentCount,
      // The running totals the rating order reads, rather than two lookups of ratings per course.
      ratingCount: courses.ratingCount,
      averageRating:
        sql<number>`coalesce(${courses.ratingTotal} / nullif(${courses.ratingCount}, 0), 0)`.mapWith(
          Number,
        ),
      ...contentTotalColumns(),
      total: sql<number>`page.total`.mapWith(Number),
      found: sql<number>`page.found`.mapWith(Number),
    })
    .from(sql`(${pageOf(query, words, common)}) page`)
    .innerJoin(courses, eq(courses.id, sql`page.id`))
    .innerJoin(users, eq(users.id, courses.educatorId))
    .orderBy(sql`page.position`);
}

/**
 * One page of published courses for GET /api/course/search, with the total and the words no
 * course holds, in one statement. Every word of the query counts, in any order (see
 * `searchWords`): the courses holding all of them come first, then those holding most.
 */
export async function searchCourses(db: Db, query: CourseSearchQuery): Promise<CourseSearchPage> {
  const { words } = searchWords(query.q);
  return searchPage(db, query, words, await commonWordsOf(db, words));
}

async function searchPage(
  db: Db,
  query: CourseSearchQuery,
  words: readonly string[],
  common: ReadonlySet<number>,
): Promise<CourseSearchPage> {
  const rows = await searchStatement(db, query, words, common);
  // Common words are held by many courses whether or not those the rarer words find hold them.
  const commonBits = [...common].reduce((bits, index) => bits | (1 << index), 0);
  const answer = (carrier: { total: number; found: number }): CourseSearchPage => ({
    rows,
    total: carrier.total,
    unmatchedWords: wordsMissing(words, carrier.found | commonBits),
  });
  const first = rows[0];
  if (first) return answer(first);
  // The rarer words found nothing (a word no course holds): the common ones are searched whole, so
  // one unknown word never empties the page.
  const empty = () =>
    common.size > 0
      ? searchPage(db, query, words, new Set())
      : { rows, total: 0, unmatchedWords: [...words] };
  if (query.page === 1) return empty();
  // A page past the end has no row to carry the total; the first page of one course does.
  const [probe] = await searchStatement(db, { ...query, page: 1, pageSize: 1 }, words, common);
  return probe ? answer(probe) : empty();
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
