import { sql, type SQL } from 'drizzle-orm';
import { COURSE_CATEGORY_SLUGS, COURSE_LEVEL_SLUGS } from '@aprendiz/contract/catalogue';
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
 * - `q`: per word, its tsquery (`q_any`), through the Portuguese stemmer over the same folded
 *   text as the documents;
 * - `qall`: every word's terms joined by OR (`q_or`, what finds candidates) and by AND (`q_and`,
 *   every word, which ts_rank_cd reads for closeness), and the words not in `common` by OR
 *   (`q_rare`, which a common word's hits must also hold: see wordHits);
 * - `named`: the users whose name holds one of the words.
 */
export function wordSearchCtes(words: readonly string[], common: ReadonlySet<number>): SQL {
  // The words that are not common (1-based), whose terms alone find the courses (see wordHits).
  const rare = words.map((_, index) => index + 1).filter((i) => !common.has(i - 1));
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
      select i, ${spell((prefix) => sql`case when ${prefix} then ':*' else '' end`)} as any_text
      from terms group by i
    ),
    q as (select i, to_tsquery(${CONFIG}, any_text) as q_any from spelled),
    qall as (
      select to_tsquery(${CONFIG}, string_agg(any_text, ' | ')) as q_or,
        to_tsquery(${CONFIG}, string_agg('(' || any_text || ')', ' & ')) as q_and,
        to_tsquery(${CONFIG}, coalesce(string_agg(any_text, ' | ')
          filter (where i = any(${sql.raw(`array[${rare.join(',') || 'null'}]::int[]`)})), '')) as q_rare,
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

/**
 * Which fields a word is looked for in: every one (the search), or the title, educator and
 * labels only (suggestions, which show a title and a name: a word only a description holds would
 * suggest a course that seems unrelated, and reading those is most of a search's cost).
 */
export type WordFields = 'all' | 'headline';

/**
 * Per word `i`, the admitted courses holding it with the weight of the field: its title, its
 * educator's name, its category or level label, its document (title, labels, description) or its
 * outline. Each is read from an index (the documents' GIN indexes, the educator and the
 * category/level indexes), never by opening the documents: with a word every description holds
 * ('práticas'), testing 10,000 documents per query was the cost.
 */
function wordHits(
  words: readonly string[],
  admitted: SQL,
  columns: SQL,
  fields: WordFields,
  common: ReadonlySet<number>,
): SQL {
  const labels = [...COURSE_CATEGORY_SLUGS, ...COURSE_LEVEL_SLUGS];
  return sql.join(
    words.map((_, index) => {
      const i = index + 1;
      const word = sql`(select q_any from q where i = ${i})`;
      const hit = (score: SQL, condition: SQL) =>
        sql`select ${columns}, ${sql.raw(String(i))} as i, ${score} as score
          from courses c where ${admitted} and ${condition}`;
      const weight = (value: number) => sql.raw(String(value));
      const labelled = sql`array(select slug from unnest(${textArray(labels)}) as slug
        where search_vector(search_category_label(slug), 'C') @@ ${word})`;
      const inLabel = sql`(c.category = any(${labelled}) or c.level = any(${labelled}))`;
      // A common word is looked for only in the documents that also hold a rarer word: one GIN
      // read of both (an AND inside the query), so the thousands of courses holding it alone are
      // never visited. Its educator, label and outline hits would add courses of its own, so it
      // has none.
      if (common.has(index)) {
        const narrowed = sql`(${word} && (select q_rare from qall))`;
        if (fields === 'headline') {
          return hit(weight(FIELD_WEIGHTS.title), sql`c.search_title_document @@ ${narrowed}`);
        }
        return hit(
          sql`case when c.search_title_document @@ ${word} then ${weight(FIELD_WEIGHTS.title)}
            when ${inLabel} then ${weight(FIELD_WEIGHTS.label)}
            else ${weight(FIELD_WEIGHTS.description)} end`,
          sql`c.search_document @@ ${narrowed}`,
        );
      }
      const educator = hit(
        weight(FIELD_WEIGHTS.educator),
        sql`c.educator_id = any(array(select id from named where document @@ ${word}))`,
      );
      if (fields === 'headline') {
        return sql.join(
          [
            hit(weight(FIELD_WEIGHTS.title), sql`c.search_title_document @@ ${word}`),
            educator,
            // Checked once first: with no label holding the word, no course is read at all.
            hit(weight(FIELD_WEIGHTS.label), sql`cardinality(${labelled}) > 0 and ${inLabel}`),
          ],
          sql` union all `,
        );
      }
      // The document holds the title and the labels too, so one read of its hits tells the three
      // apart by the small title document and the slugs, rather than reading each set again.
      return sql.join(
        [
          hit(
            sql`case when c.search_title_document @@ ${word} then ${weight(FIELD_WEIGHTS.title)}
              when ${inLabel} then ${weight(FIELD_WEIGHTS.label)}
              else ${weight(FIELD_WEIGHTS.description)} end`,
            sql`c.search_document @@ ${word}`,
          ),
          educator,
          hit(weight(FIELD_WEIGHTS.outline), sql`c.search_outline @@ ${word}`),
        ],
        sql` union all `,
      );
    }),
    sql` union all `,
  );
}

/**
 * The common table expressions of a word search followed by `matched`: the admitted courses
 * holding any word, with `columns` (as named in `columnNames`) and `words` (how many of the
 * query's words each holds), `weight` (the sum of each word's best field), `found` (a bit per word
 * held) and `closeness` (`ts_rank_cd` of all the words in the document, only for courses holding
 * every word of a query of several: the tie-breaker there, and costly to read for thousands).
 * `common` are the indexes of the words that only order what the others find (commonWordsOf).
 */
export function wordMatches(
  words: readonly string[],
  admitted: SQL,
  columns: SQL,
  columnNames: readonly string[],
  fields: WordFields = 'all',
  common: ReadonlySet<number> = new Set(),
): SQL {
  const carried = sql.raw(columnNames.join(', '));
  const best = words.map((_, index) => sql.raw(`s${index + 1}`));
  const held = best.map((score) => sql`(${score} > 0)`);
  return sql`${wordSearchCtes(words, common)},
    hits as (${wordHits(words, admitted, columns, fields, common)}),
    per_course as (
      select ${carried},
        ${sql.join(
          best.map(
            (score, index) =>
              sql`coalesce(max(score) filter (where i = ${sql.raw(String(index + 1))}), 0) as ${score}`,
          ),
          sql`, `,
        )}
      from hits group by ${carried}
    ),
    matched as materialized (
      select ${carried},
        ${sql.join(
          held.map((h) => sql`${h}::int`),
          sql` + `,
        )} as words,
        ${sql.join(best, sql` + `)} as weight,
        ${sql.join(
          held.map(
            (h, index) => sql`case when ${h} then ${sql.raw(String(1 << index))} else 0 end`,
          ),
          sql` | `,
        )} as found,
        case when ${sql.raw(String(words.length > 1))} and ${sql.join(held, sql` and `)}
          then ts_rank_cd((select d.search_document from courses d where d.id = per_course.id),
            (select q_and from qall))
          else 0 end as closeness
      from per_course
    )`;
}

/** The words of `words` whose bit is clear in `found`. */
export function wordsMissing(words: readonly string[], found: number): string[] {
  return words.filter((_, index) => (found & (1 << index)) === 0);
}
