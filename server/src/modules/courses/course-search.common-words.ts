import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { textArray } from './course-search.words';

/**
 * A word held by at least this share of the catalogue's courses, and by at least COMMON_MIN_COURSES
 * of them, is common: in a query with rarer words it orders the courses those words find but does
 * not add courses of its own (the common-terms cutoff of full-text engines). 'kubernetes avancado'
 * lists Kubernetes courses, advanced ones first, rather than every advanced course of the catalogue
 * after them; a query of common words only is searched as before.
 */
export const COMMON_WORD_SHARE = 0.2;
/** Below this many courses holding a word, listing them all costs little and helps discovery. */
export const COMMON_MIN_COURSES = 100;
/** How long the catalogue's word frequencies are used before they are read again (in the background). */
export const FREQUENCIES_MAX_AGE_MS = 60_000;

interface Frequencies {
  /** The stems (as the Portuguese stemmer writes them in the documents) of common words. */
  commonStems: string[];
  readAt: number;
  refreshing: boolean;
}

// Per database: the tests open many side by side.
const byDatabase = new WeakMap<Db, Frequencies>();
// A word's stem never changes: remembered per word typed, bounded.
const stems = new Map<string, string>();
const MAX_STEMS = 10_000;

/**
 * PostgreSQL's own statistics of the search documents (ANALYZE: autovacuum on PostgreSQL, the
 * maintenance timer on PGlite): the most common stems and the share of courses holding each. Read
 * from `pg_stats` (~10 ms on PGlite, so not per search); before the first ANALYZE there are none,
 * and no word is common.
 */
async function readCommonStems(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ stem: string }>(sql`
    select e.stem from pg_stats s
    cross join lateral unnest(s.most_common_elems::text::text[]) with ordinality as e(stem, n)
    where s.schemaname = current_schema() and s.tablename = 'courses' and s.attname = 'search_document'
      and s.most_common_elem_freqs[e.n] >= ${COMMON_WORD_SHARE}
      and s.most_common_elem_freqs[e.n] * (select reltuples from pg_class where oid = 'courses'::regclass)
        >= ${COMMON_MIN_COURSES}`);
  return rows.map((row) => row.stem);
}

/**
 * Reads the catalogue's word frequencies now (after an ANALYZE), rather than when the ones in
 * memory are a minute old.
 */
export async function refreshCommonWords(db: Db): Promise<void> {
  byDatabase.set(db, {
    commonStems: await readCommonStems(db),
    readAt: Date.now(),
    refreshing: false,
  });
}

/** The common stems; read once, then again in the background once a minute old. */
async function commonStemsOf(db: Db, now = Date.now()): Promise<string[]> {
  const known = byDatabase.get(db);
  if (!known) {
    await refreshCommonWords(db);
    return byDatabase.get(db)!.commonStems;
  }
  if (now - known.readAt > FREQUENCIES_MAX_AGE_MS && !known.refreshing) {
    known.refreshing = true;
    readCommonStems(db)
      .then((commonStems) => Object.assign(known, { commonStems, readAt: Date.now() }))
      // Kept as they were: the next search tries again.
      .catch(() => {})
      .finally(() => (known.refreshing = false));
  }
  return known.commonStems;
}

/** The stems of `words`, through the same stemmer as the documents; one statement for any unknown. */
async function stemsOf(db: Db, words: readonly string[]): Promise<string[]> {
  const missing = words.filter((word) => !stems.has(word));
  if (missing.length > 0) {
    const { rows } = await db.execute<{ word: string; stem: string | null }>(
      sql`select w.word, search_lexeme(w.word) as stem from unnest(${textArray(missing)}) as w(word)`,
    );
    if (stems.size + rows.length > MAX_STEMS) stems.clear();
    // A word the stemmer drops entirely (its own stop words) is kept as typed: it matches nothing.
    for (const row of rows) stems.set(row.word, row.stem ?? row.word);
  }
  return words.map((word) => stems.get(word)!);
}

/**
 * Which of the query's words (by index) are common, for `words` as `searchWords` gives them; the
 * last is a prefix being typed, common when a common stem starts with it. Empty unless some word is
 * not common: a query of common words only is searched whole.
 */
export async function commonWordsOf(db: Db, words: readonly string[]): Promise<Set<number>> {
  if (words.length < 2) return new Set();
  const commonStems = await commonStemsOf(db);
  if (commonStems.length === 0) return new Set();
  const wordStems = await stemsOf(db, words);
  const common = new Set<number>();
  wordStems.forEach((stem, index) => {
    const typing = index === words.length - 1;
    if (commonStems.some((c) => c === stem || (typing && c.startsWith(stem)))) common.add(index);
  });
  return common.size < words.length ? common : new Set();
}
