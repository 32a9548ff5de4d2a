import { sql, type SQL } from 'drizzle-orm';
import { TYPO_MIN_LENGTH } from '@aprendiz/contract/rules/search-words';

/**
 * How much finding a word in each field is worth. A course's weight is the sum over the query's
 * words of the best field each is found in, so the title outweighs the educator's name, which
 * outweighs the category and level, then the description, then chapter and lecture titles.
 */
export const FIELD_WEIGHTS = { title: 16, educator: 8, label: 4, description: 2, outline: 1 };

const CONFIG = sql.raw(`'pg_catalog.portuguese'::regconfig`);

/** A text[] parameter (drizzle would otherwise spread an array into a row). */
export function textArray(values: readonly string[]): SQL {
  return sql`${`{${values.map((value) => `"${value}"`).join(',')}}`}::text[]`;
}

/**
 * The common table expressions every word search starts from, for `words` as `searchWords` gives
 * them (folded, letters and digits only, so nothing in them is tsquery syntax):
 * - `typed`: each word with its position `i` (1-based) and whether it is the last (`typing`);
 * - `terms`: what each word is looked for as: itself (a prefix when it is the last one) and, when
 *   the catalogue's lexicon has neither it nor a word of the same stem (or, for the last, a word it
 *   starts), the lexicon's words one typo away from it;
 * - `q`: per word, tsqueries for anywhere (`q_any`), the title only (`q_title`) and the labels
 *   only (`q_label`), through the Portuguese stemmer over the same folded text as the documents;
 * - `qall`: every word's terms joined by OR (`q_or`, what finds candidates) and by AND (`q_and`,
 *   every word, which ts_rank_cd reads for closeness);
 * - `named`: the users whose name holds one of the words.
 */
export function wordSearchCtes(words: readonly string[]): SQL {
  const spell = (suffix: (prefix: SQL) => SQL) =>
    sql`string_agg(search_words_text(term) || ${suffix(sql`prefix`)}, ' | ')`;
  return sql`typed as (
      select t.word, t.i::int as i, t.i = ${words.length} as typing
      from unnest(${textArray(words)}) with ordinality as t(word, i)
    ),
    known as (
      select typed.*, exists (
        select 1 from search_lexicon l
        where l.lexeme = search_lexeme(typed.word)
          or (typed.typing and l.word like typed.word || '%')
      ) as known
      from typed
    ),
    terms as (
      select i, word as term, typing as prefix from known
      union
      select k.i, l.word, false from known k
      cross join lateral (
        select l.word from search_lexicon l
        where l.deletions && (word_deletions(k.word) || k.word)
           or l.word = any(word_deletions(k.word))
      ) l
      where not k.known and length(k.word) >= ${TYPO_MIN_LENGTH}
    ),
    spelled as (
      select i,
        ${spell((prefix) => sql`case when ${prefix} then ':*' else '' end`)} as any_text,
        ${spell((prefix) => sql`case when ${prefix} then ':*A' else ':A' end`)} as title_text,
        ${spell((prefix) => sql`case when ${prefix} then ':*C' else ':C' end`)} as label_text
      from terms group by i
    ),
    q as (
      select i, to_tsquery(${CONFIG}, any_text) as q_any, to_tsquery(${CONFIG}, title_text) as q_title,
        to_tsquery(${CONFIG}, label_text) as q_label
      from spelled
    ),
    qall as (
      select to_tsquery(${CONFIG}, string_agg(any_text, ' | ')) as q_or,
        to_tsquery(${CONFIG}, string_agg('(' || any_text || ')', ' & ')) as q_and,
        -- Words the stemmer itself drops (a stop word of its list that ours lacks) cannot be found
        -- and are not reported as missing.
        (select coalesce(bit_or(1 << (q.i - 1)), 0) from q where numnode(q.q_any) = 0) as unsearchable
      from spelled
    ),
    named as (
      select id, search_name_document as document from users
      where search_name_document @@ (select q_or from qall)
    )`;
}

/** Courses `c` that hold at least one of the words, read through the documents' GIN indexes. */
export const holdsAWord = sql`(c.search_document @@ (select q_or from qall)
  or c.search_outline @@ (select q_or from qall)
  or c.educator_id in (select id from named))`;

/**
 * For a course `c` (with its educator as `n` from `named`, left-joined): `words`, how many of the
 * query's words it holds; `weight`, the sum of the best field of each; `found`, a bit per word held.
 */
export const wordScores = sql`lateral (
    select count(*) filter (where score > 0)::int as words, coalesce(sum(score), 0)::int as weight,
      coalesce(bit_or(case when score > 0 then 1 << (i - 1) else 0 end), 0) as found
    from (
      select q.i, case
        when c.search_document @@ q.q_title then ${FIELD_WEIGHTS.title}
        when n.document @@ q.q_any then ${FIELD_WEIGHTS.educator}
        when c.search_document @@ q.q_label then ${FIELD_WEIGHTS.label}
        when c.search_document @@ q.q_any then ${FIELD_WEIGHTS.description}
        when c.search_outline @@ q.q_any then ${FIELD_WEIGHTS.outline}
        else 0 end as score
      from q
    ) per_word
  ) s`;

/** How close the words stand in the course's document (0 unless it holds them all). */
export const closeness = sql`ts_rank_cd(c.search_document, (select q_and from qall))`;

/** The words of `words` whose bit is clear in `found`. */
export function wordsMissing(words: readonly string[], found: number): string[] {
  return words.filter((_, index) => (found & (1 << index)) === 0);
}
