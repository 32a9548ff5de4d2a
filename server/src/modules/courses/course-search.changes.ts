import { sql, type SQL } from 'drizzle-orm';
import { arrayParam } from '../../db/array-param';
import type { Db } from '../../db/client';
import { epochMicros } from '../../db/epoch-micros';
import type { IndexedCourseRow } from './course-search.index';

/** A text[] parameter of folded words. */
export const textArray = (values: readonly string[]): SQL => arrayParam(values, 'text');

/** What the index needs of a course, its educator and its search documents (migration 0018). */
const COLUMNS = sql`c.id::text as id, c.is_published as published, c.category, c.level,
  c.student_count, c.rating_total, c.rating_count,
  (c.price * (100 - c.discount) * 100)::bigint::text as paid,
  ${epochMicros(sql`c.created_at`)} as created_at,
  c.educator_id, u.name as educator_name, c.search_document::text as document,
  c.search_outline::text as outline, u.search_name_document::text as name_document`;

interface CourseRecord extends Record<string, unknown> {
  id: string;
  published: boolean;
  category: string | null;
  level: string | null;
  student_count: number;
  rating_total: number;
  rating_count: number;
  paid: string;
  created_at: string;
  educator_id: string;
  educator_name: string;
  document: string;
  outline: string;
  name_document: string;
}

function toIndexed(record: CourseRecord): IndexedCourseRow {
  return {
    id: record.id,
    published: record.published,
    category: record.category,
    level: record.level,
    studentCount: Number(record.student_count),
    ratingTotal: Number(record.rating_total),
    ratingCount: Number(record.rating_count),
    paid: Number(record.paid),
    createdAt: Number(record.created_at),
    educatorId: record.educator_id,
    educatorName: record.educator_name,
    document: record.document,
    outline: record.outline,
    nameDocument: record.name_document,
  };
}

/**
 * The oldest transaction the current snapshot cannot see yet (as text: an xid8). Every write
 * not visible now is stamped with an id at or above it (migration 0026), so reading from it later
 * misses nothing.
 */
export async function readHorizon(db: Db): Promise<string> {
  const { rows } = await db.execute<{ horizon: string }>(
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`,
  );
  return rows[0]!.horizon;
}

/** Published courses after `afterId` in id order, at most `limit`: the index is built in batches. */
export async function readPublishedCourses(
  db: Db,
  afterId: string | null,
  limit: number,
): Promise<IndexedCourseRow[]> {
  const { rows } = await db.execute<CourseRecord>(sql`select ${COLUMNS}
    from courses c join users u on u.id = c.educator_id
    where c.is_published ${afterId === null ? sql`` : sql`and c.id > ${afterId}::uuid`}
    order by c.id limit ${limit}`);
  return rows.map(toIndexed);
}

export interface CourseChanges {
  /** Where the next read starts. */
  horizon: string;
  /** Courses written since (published or not: an unpublished one leaves the index). */
  changed: IndexedCourseRow[];
  /** Ids of courses deleted since. */
  removed: string[];
}

/** In one statement, the courses written and deleted by the transactions from `since` on. */
export async function readCourseChanges(db: Db, since: string): Promise<CourseChanges> {
  const { rows } = await db.execute<
    { horizon: string; removed: string[] } & Partial<CourseRecord> & Record<string, unknown>
  >(sql`select h.horizon, h.removed, c.*
    from (select pg_snapshot_xmin(pg_current_snapshot())::text as horizon,
        array(select r.course_id::text from course_search_removals r
          where r.search_xid >= ${since}::xid8) as removed) h
    left join lateral (select ${COLUMNS} from courses c join users u on u.id = c.educator_id
      where c.search_xid >= ${since}::xid8) c on true`);
  const first = rows[0]!;
  return {
    horizon: first.horizon,
    removed: first.removed,
    changed: rows.filter((row) => row.id != null).map((row) => toIndexed(row as CourseRecord)),
  };
}

export interface WordForms {
  word: string;
  /** The stem the documents index it under; null for a word the stemmer drops (its stop words). */
  stem: string | null;
  /** The stems of the catalogue's words one typo away (only for words long enough to have one). */
  near: string[];
}

/**
 * The stems of the typed words, through the same Portuguese stemmer and folding as the documents,
 * and the stems of the lexicon's words one typo away from each (a letter missing, added, replaced
 * or two swapped: they share one of the words' single-letter deletions).
 */
export async function readWordForms(
  db: Db,
  words: readonly string[],
  typoMinLength: number,
): Promise<WordForms[]> {
  const { rows } = await db.execute<{ word: string; stem: string | null; near: string[] }>(sql`
    select t.word, search_lexeme(t.word) as stem,
      case when length(t.word) >= ${typoMinLength} then array(
        select distinct l.lexeme from search_lexicon l
        where (l.deletions && (word_deletions(t.word) || t.word) or l.word = any(word_deletions(t.word)))
          and l.lexeme is not null
      ) else '{}'::text[] end as near
    from unnest(${textArray(words)}) as t(word)`);
  return rows;
}
