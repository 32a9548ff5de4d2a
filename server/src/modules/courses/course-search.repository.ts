import { eq, sql, type SQL } from 'drizzle-orm';
import type { CourseSearchQuery } from '@aprendiz/contract/courses';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { users } from '../../db/schema/users';
import {
  contentTotalColumns,
  courseSummaryBaseColumns,
  type CourseSummaryRow,
} from './courses.repository';

/**
 * Up to this many characters a query is a short one: it finds titles with a word that starts with
 * it ('ia' finds 'Dados e IA' but not 'Experiência'; 'js' finds 'Node.js') and educators with a
 * name of which it is a whole word ('sa' finds Rui Sá). Found anywhere, one or two letters are in
 * nearly every title, name and description, and no trigram index can narrow them down.
 */
export const SHORT_QUERY_MAX_LENGTH = 2;

/** Below this a query has too few trigrams for a near-miss to mean anything ('a' resembles half the titles). */
const NEAR_MISS_MIN_LENGTH = 4;

/**
 * What may come before a word of a folded title. Each gives its own LIKE pattern: pg_trgm reads a
 * pattern's word starts and answers it from the trigram index, which a regular expression with a
 * class of separators defeats.
 */
const WORD_SEPARATORS = [' ', '-', '/', '.', '('];

export interface CourseSearchPage {
  rows: CourseSummaryRow[];
  /** Matches across every page. */
  total: number;
}

/** LIKE reads %, _ and \ as wildcards and escape; a query means them as the characters themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function anyOf(conditions: SQL[]): SQL {
  return sql`(${sql.join(conditions, sql` or `)})`;
}

/**
 * A word of the folded title starts with the short query. Without a separator in the query, the
 * title's word starts (migration 0016) answer it from their GIN index; a query that holds one, rare,
 * is matched with LIKE patterns, which the trigram index serves.
 */
function aWordStartsWith(q: string, folded: SQL): SQL {
  if (!WORD_SEPARATORS.some((separator) => q.includes(separator))) {
    return sql`c.search_title_starts @> array[search_fold(${q})]`;
  }
  const column = sql`c.search_title`;
  return anyOf([
    sql`${column} like ${folded} || '%'`,
    ...WORD_SEPARATORS.map(
      (separator) => sql`${column} like '%' || ${separator} || ${folded} || '%'`,
    ),
  ]);
}

/**
 * A near-miss: the title has a word that resembles a word of the query (pg_trgm similarity, as
 * set for the session: 'pyton' finds Python) without holding it — a title holding it is found
 * by the title rule already. The words are looked up in the vocabulary of titles (migration 0016),
 * a few thousand rows, and the courses through the index of their title words.
 */
function aWordResembles(q: string): SQL | null {
  const words = [...new Set(q.split(/\s+/).filter((word) => word.length >= NEAR_MISS_MIN_LENGTH))];
  if (words.length === 0) return null;
  const resembling = words.map(
    (word) => sql`select v.word from search_title_vocabulary v
      where v.word operator(public.%) search_fold(${word})
        and strpos(v.word, search_fold(${word})) = 0`,
  );
  return sql`c.search_title_words && array(${sql.join(resembling, sql` union `)})`;
}

/** The query is a whole word of the folded name (names separate their words with spaces). */
function aWordIs(column: SQL, folded: SQL): SQL {
  return anyOf([
    sql`${column} like ${folded}`,
    sql`${column} like ${folded} || ' %'`,
    sql`${column} like '% ' || ${folded}`,
    sql`${column} like '% ' || ${folded} || ' %'`,
  ]);
}

/**
 * How a query matches, best first: 0 the title, 1 the educator's name, 2 the description's text,
 * 3 a near-miss of a word of the title (trigram word similarity, so 'pyton' finds Python). Each is
 * a condition on courses `c` that one index answers (the trigram indexes on the folded copies of
 * migration 0006, or the courses' educator index), and it leaves out the courses a better one
 * finds, so every course is found once, at its best. `named` selects the users whose name
 * matches; the statement keeps them as a CTE of that name.
 */
function matchRule(q: string): { named: SQL; ranks: SQL[] } {
  const folded = sql`search_fold(${escapeLike(q)})`;
  const short = q.length <= SHORT_QUERY_MAX_LENGTH;
  const contains = (column: SQL) => sql`${column} like '%' || ${folded} || '%'`;
  const title = short ? aWordStartsWith(q, folded) : contains(sql`c.search_title`);
  const description = contains(sql`c.search_description`);
  const nearMiss = aWordResembles(q);
  const found = [
    title,
    // An array reads the courses' educator index.
    sql`c.educator_id = any(array(select id from named))`,
    ...(short ? [] : [description]),
    ...(nearMiss ? [nearMiss] : []),
  ];
  // Where a course is only tested, IN hashes the educators once rather than comparing each
  // course with every one of them.
  const better = [title, sql`c.educator_id in (select id from named)`, description];
  const name = sql`named.search_name`;
  return {
    named: sql`select id from ${users} named where ${short ? aWordIs(name, folded) : contains(name)}`,
    ranks: found.map((condition, rank) =>
      sql.join(
        [condition, ...better.slice(0, rank).map((earlier) => sql`not ${earlier}`)],
        sql` and `,
      ),
    ),
  };
}

/**
 * The columns each order reads, under the names orderFor uses; only those are computed for every
 * match. `stars` and `votes` are the floored mean and the number of ratings from the running
 * totals the courses keep (migration 0015), written as in that migration's index so the rating
 * order can be read along it; `paid` is written as in the price index (migration 0013).
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

/** Every order ends in the newest first, then the id, so it is total, which paging needs. */
function orderFor(sort: CourseSearchQuery['sort']): SQL {
  const newest = [sql`created_at desc`, sql`id desc`];
  const keys: Record<CourseSearchQuery['sort'], SQL[]> = {
    relevance: [sql`rank`, sql`student_count desc`, ...newest],
    rating: [sql`stars desc`, sql`votes desc`, sql`student_count desc`, ...newest],
    students: [sql`student_count desc`, ...newest],
    newest,
    // What the buyer pays, cheapest first.
    price: [sql`paid`, ...newest],
  };
  return sql.join(keys[sort], sql`, `);
}

/**
 * The ids of one page, in order (`position`), with the total. Without a query the page is read
 * along the index of its sort order (migrations 0013 and 0015) and stops after offset + page size rows, and
 * the total is a count of the admitted rows. With a query the matches are found first, through
 * the trigram and educator indexes, and only they are sorted and counted.
 */
function pageOf(query: CourseSearchQuery): SQL {
  const admitted = sql.join(
    [
      sql`c.is_published`,
      ...(query.category ? [sql`c.category = ${query.category}`] : []),
      ...(query.level ? [sql`c.level = ${query.level}`] : []),
    ],
    sql` and `,
  );
  const order = orderFor(query.sort);
  const columns = sortColumns(query.sort);
  const window = sql`order by ${order} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`;

  if (query.q === '') {
    return sql`select p.id, row_number() over (order by ${order}) as position,
        (select count(*) from ${courses} c where ${admitted}) as total
      from (select ${columns}, 0 as rank from ${courses} c where ${admitted} ${window}) p`;
  }
  const { named, ranks } = matchRule(query.q);
  const matches = ranks.map(
    (condition, rank) =>
      sql`select ${columns}, ${sql.raw(String(rank))} as rank from ${courses} c where ${admitted} and ${condition}`,
  );
  // Materialized, so the planner finds the matches through their indexes before it orders them;
  // otherwise it may walk a sort index row by row hoping to meet matches soon, which for a rare
  // word reads the whole table.
  return sql`with named as (${named}),
      matched as materialized (${sql.join(matches, sql` union all `)})
    select p.id, row_number() over (order by ${order}) as position,
      (select count(*) from matched) as total
    from (select * from matched ${window}) p`;
}

/** The one statement of a search page (exported so its plan can be read: `.toSQL()`). */
export function searchStatement(db: Db, query: CourseSearchQuery) {
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
    })
    .from(sql`(${pageOf(query)}) page`)
    .innerJoin(courses, eq(courses.id, sql`page.id`))
    .innerJoin(users, eq(users.id, courses.educatorId))
    .orderBy(sql`page.position`);
}

/** One page of published courses for GET /api/course/search, with the total, in one statement. */
export async function searchCourses(db: Db, query: CourseSearchQuery): Promise<CourseSearchPage> {
  const rows = await searchStatement(db, query);
  if (rows.length > 0 || query.page === 1) return { rows, total: rows[0]?.total ?? 0 };
  // A page past the end has no row to carry the total; the first page of one course does.
  return { rows: [], total: (await searchCourses(db, { ...query, page: 1, pageSize: 1 })).total };
}
