import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COURSE_SEARCH_SORTS } from '@aprendiz/contract/catalogue';
import { coverDensity } from './course-search.closeness';
import {
  COMMON_WORD_SHARE,
  CourseSearchIndex,
  FIELD_WEIGHTS,
  type IndexedCourseRow,
  type IndexQuery,
  type WordFields,
} from './course-search.index';
import { readTsvector } from './course-search.tsvector';

/**
 * The index against a model that reads every course's documents for every query (no postings, no
 * places, no compaction): after any sequence of courses added, changed, unpublished and removed,
 * both must give the same page, total and words found.
 */

/** Small catalogues reach commonness here (the index is given the same). */
const COMMON_MIN_COURSES_HERE = 3;

const VOCABULARY = ['ab', 'abc', 'abd', 'b', 'bc', 'c', 'cd', 'd', 'e', 'f'];
const WEIGHT_LETTERS = { title: 'A', label: 'C', description: '' } as const;

interface Token {
  lexeme: string;
  field: keyof typeof WEIGHT_LETTERS;
}

/** A tsvector's text as PostgreSQL prints it, tokens at positions 1, 2, 3… */
function tsvectorText(tokens: readonly Token[]): string {
  const byLexeme = new Map<string, string[]>();
  tokens.forEach((token, at) => {
    const positions = byLexeme.get(token.lexeme) ?? [];
    positions.push(`${at + 1}${WEIGHT_LETTERS[token.field]}`);
    byLexeme.set(token.lexeme, positions);
  });
  return [...byLexeme]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([lexeme, positions]) => `'${lexeme}':${positions.join(',')}`)
    .join(' ');
}

const lexeme = fc.constantFrom(...VOCABULARY);
const educators = [
  { educatorId: 'usr_1', educatorName: 'Ab Cd', nameDocument: "'ab':1B 'cd':2B" },
  { educatorId: 'usr_2', educatorName: 'E', nameDocument: "'e':1B" },
  { educatorId: 'usr_3', educatorName: 'Bc Bc', nameDocument: "'bc':1B,2B" },
];

const course = fc
  .record({
    id: fc.integer({ min: 1, max: 12 }),
    published: fc.boolean(),
    category: fc.constantFrom(null, 'design', 'programacao'),
    level: fc.constantFrom(null, 'iniciante', 'avancado'),
    studentCount: fc.integer({ min: 0, max: 3 }),
    ratingTotal: fc.integer({ min: 0, max: 10 }),
    ratingCount: fc.integer({ min: 0, max: 3 }),
    paid: fc.integer({ min: 0, max: 3 }),
    createdAt: fc.integer({ min: 0, max: 3 }),
    educator: fc.constantFrom(...educators),
    title: fc.array(lexeme, { minLength: 1, maxLength: 3 }),
    labels: fc.array(lexeme, { maxLength: 2 }),
    description: fc.array(lexeme, { maxLength: 5 }),
    outline: fc.uniqueArray(lexeme, { maxLength: 3 }),
  })
  .map((c): IndexedCourseRow => ({
    id: `00000000-0000-4000-8000-${String(c.id).padStart(12, '0')}`,
    published: c.published || c.id % 3 !== 0,
    category: c.category,
    level: c.level,
    studentCount: c.studentCount,
    ratingTotal: c.ratingCount === 0 ? 0 : c.ratingTotal,
    ratingCount: c.ratingCount,
    paid: c.paid,
    createdAt: c.createdAt,
    ...c.educator,
    document: tsvectorText([
      ...c.title.map((lexeme) => ({ lexeme, field: 'title' as const })),
      ...c.labels.map((lexeme) => ({ lexeme, field: 'label' as const })),
      ...c.description.map((lexeme) => ({ lexeme, field: 'description' as const })),
    ]),
    outline: c.outline.map((lexeme, at) => `'${lexeme}':${at + 1}`).join(' '),
  }));

const change = fc.oneof(
  { weight: 4, arbitrary: course.map((row) => ({ upsert: row })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 12 }).map((id) => ({ remove: id })) },
);

const query = fc.record({
  words: fc.array(fc.uniqueArray(lexeme, { minLength: 1, maxLength: 2 }), {
    minLength: 1,
    maxLength: 3,
  }),
  fields: fc.constantFrom<WordFields>('all', 'headline'),
  category: fc.constantFrom(undefined, 'design'),
  level: fc.constantFrom(undefined, 'avancado'),
  sort: fc.constantFrom(...COURSE_SEARCH_SORTS),
  offset: fc.integer({ min: 0, max: 6 }),
  limit: fc.integer({ min: 1, max: 6 }),
});

/** Every lexeme of a tsvector with the weights it has. */
function lexemesOf(text: string): Map<string, Set<number>> {
  const all = new Map<string, Set<number>>();
  readTsvector(text, (lexeme, positions) => {
    const weights = all.get(lexeme) ?? new Set();
    for (let at = 1; at < positions.length; at += 2) weights.add(positions[at]!);
    all.set(lexeme, weights);
  });
  return all;
}

/** The same search, course by course, from the rows alone. */
function modelSearch(
  rows: readonly IndexedCourseRow[],
  words: readonly (readonly string[])[],
  q: Omit<IndexQuery, 'words'>,
) {
  const docs = rows.map((row) => lexemesOf(row.document));
  const holds = (doc: Map<string, Set<number>>, word: readonly string[], weight: number) =>
    word.some((lexeme) => doc.get(lexeme)?.has(weight));
  const documentScore = (at: number, word: readonly string[]) => {
    const doc = docs[at]!;
    if (holds(doc, word, 3)) return FIELD_WEIGHTS.title;
    if (holds(doc, word, 1)) return FIELD_WEIGHTS.label;
    if (holds(doc, word, 0)) return FIELD_WEIGHTS.description;
    return 0;
  };
  const frequency = words.map((word) => rows.filter((_, at) => documentScore(at, word) > 0).length);
  const threshold = Math.max(COMMON_MIN_COURSES_HERE, COMMON_WORD_SHARE * rows.length);
  const score = (at: number, word: readonly string[], common: boolean) => {
    const row = rows[at]!;
    let best = documentScore(at, word);
    if (!common) {
      if (word.some((lexeme) => lexemesOf(row.nameDocument).has(lexeme))) {
        best = Math.max(best, FIELD_WEIGHTS.educator);
      }
      if (q.fields === 'all' && word.some((lexeme) => lexemesOf(row.outline).has(lexeme))) {
        best = Math.max(best, FIELD_WEIGHTS.outline);
      }
    }
    if (q.fields === 'headline') {
      if (best === FIELD_WEIGHTS.description) best = 0;
      if (common && best !== FIELD_WEIGHTS.title) best = 0;
    }
    return best;
  };
  const run = (common: readonly boolean[]) =>
    rows.flatMap((row, at) => {
      if (q.category && row.category !== q.category) return [];
      if (q.level && row.level !== q.level) return [];
      // Found by a word that is not common: in its document (a description too, which only
      // suggestions then discount), its educator's name or (searching) its outline.
      const candidate = words.some(
        (word, index) =>
          !common[index] && (documentScore(at, word) > 0 || score(at, word, false) > 0),
      );
      if (!candidate) return [];
      const scores = words.map((word, index) => score(at, word, common[index]!));
      const found = scores.reduce((bits, s, index) => (s > 0 ? bits | (1 << index) : bits), 0);
      const held = scores.filter((s) => s > 0).length;
      if (held === 0) return [];
      return [{ row, held, weight: scores.reduce((a, b) => a + b, 0), found }];
    });
  let common = words.map((_, index) => words.length > 1 && frequency[index]! >= threshold);
  if (common.every(Boolean)) common = common.map(() => false);
  let matches = run(common);
  if (matches.length === 0 && common.some(Boolean)) {
    common = common.map(() => false);
    matches = run(common);
  }
  return { matches, common };
}

describe('CourseSearchIndex', () => {
  it('when courses are added, changed, unpublished and removed in any order, then every search answers as reading each course would', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 30 }), query, (changes, q) => {
        // Compacts after two dead places, so rebuilding the postings is exercised too; a word in
        // three courses (and a fifth of them) is common.
        const index = new CourseSearchIndex({
          compactAfterDead: 2,
          commonMinCourses: COMMON_MIN_COURSES_HERE,
        });
        const live = new Map<string, IndexedCourseRow>();
        for (const step of changes) {
          if ('upsert' in step) {
            index.upsert(step.upsert);
            if (step.upsert.published) live.set(step.upsert.id, step.upsert);
            else live.delete(step.upsert.id);
          } else {
            const id = `00000000-0000-4000-8000-${String(step.remove).padStart(12, '0')}`;
            index.remove(id);
            live.delete(id);
          }
        }
        const rows = [...live.values()];
        const words = q.words.map((word) => ({
          lexemes: word.flatMap((lexeme) => index.lexemeId(lexeme) ?? []),
        }));
        const answer = index.search({ ...q, words });
        const { matches, common } = modelSearch(rows, q.words, q);

        const documents = new Map(rows.map((row) => [row.id, row]));
        const ids = new Map<string, number>();
        const maskOf = (lexemeText: string) =>
          q.words.reduce(
            (bits, word, index) => (word.includes(lexemeText) ? bits | (1 << index) : bits),
            0,
          );
        const all = (1 << q.words.length) - 1;
        const closeness = (row: IndexedCourseRow, found: number) => {
          if (q.words.length < 2 || found !== all) return 0;
          // The document in position order, with ids private to this model.
          const pairs: [number, number, number][] = [];
          readTsvector(documents.get(row.id)!.document, (lexemeText, positions) => {
            if (!ids.has(lexemeText)) ids.set(lexemeText, ids.size);
            for (let at = 0; at < positions.length; at += 2) {
              pairs.push([positions[at]!, ids.get(lexemeText)!, positions[at + 1]!]);
            }
          });
          pairs.sort((a, b) => a[0] - b[0]);
          const document = Int32Array.from(pairs.flatMap(([p, id, w]) => [id, p * 4 + w]));
          const names = [...ids.keys()];
          return coverDensity(document, (id) => maskOf(names[id]!), all);
        };
        const newest = (a: IndexedCourseRow, b: IndexedCourseRow) =>
          b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1);
        const stars = (r: IndexedCourseRow) =>
          r.ratingCount === 0 ? 0 : Math.trunc(r.ratingTotal / r.ratingCount);
        const sorted = [...matches].sort((a, b) => {
          if (a.held !== b.held) return b.held - a.held;
          const x = a.row;
          const y = b.row;
          switch (q.sort) {
            case 'relevance':
              return (
                b.weight - a.weight ||
                closeness(y, b.found) - closeness(x, a.found) ||
                y.studentCount - x.studentCount ||
                newest(x, y)
              );
            case 'rating':
              return (
                stars(y) - stars(x) ||
                y.ratingCount - x.ratingCount ||
                y.studentCount - x.studentCount ||
                newest(x, y)
              );
            case 'students':
              return y.studentCount - x.studentCount || newest(x, y);
            case 'newest':
              return newest(x, y);
            case 'price':
              return x.paid - y.paid || newest(x, y);
          }
        });
        const commonBits = common.reduce((bits, c, index) => (c ? bits | (1 << index) : bits), 0);
        const modelFound = matches.reduce((bits, match) => bits | match.found, commonBits);
        // A word whose lexemes no course holds has no lexeme id: it is found nowhere in both.
        expect(answer.total).toBe(matches.length);
        expect(answer.found).toBe(modelFound);
        expect(answer.ids).toEqual(
          sorted.slice(q.offset, q.offset + q.limit).map((match) => match.row.id),
        );
      }),
      { numRuns: 1500 },
    );
  });

  it('when educators are named, then those whose name holds every word come first by courses, then name', () => {
    const index = new CourseSearchIndex();
    const row = (id: number, educator: (typeof educators)[number]): IndexedCourseRow => ({
      id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
      published: true,
      category: null,
      level: null,
      studentCount: 0,
      ratingTotal: 0,
      ratingCount: 0,
      paid: 0,
      createdAt: 0,
      ...educator,
      document: "'x':1A",
      outline: '',
    });
    index.upsert(row(1, educators[0]!));
    index.upsert(row(2, educators[2]!));
    index.upsert(row(3, educators[2]!));
    const word = (...lexemes: string[]) => ({
      lexemes: lexemes.flatMap((lexeme) => index.lexemeId(lexeme) ?? []),
    });
    expect(index.educatorsNamed([word('ab', 'bc')], 3)).toEqual([
      { id: 'usr_3', name: 'Bc Bc', courseCount: 2 },
      { id: 'usr_1', name: 'Ab Cd', courseCount: 1 },
    ]);
    expect(index.educatorsNamed([word('ab'), word('cd')], 3).map((e) => e.id)).toEqual(['usr_1']);
    index.remove(row(1, educators[0]!).id);
    expect(index.educatorsNamed([word('ab')], 3)).toEqual([]);
  });
});

describe('readTsvector', () => {
  it('when lexemes carry weights, quotes, backslashes or no positions, then each is read as PostgreSQL wrote it', () => {
    const read: [string, number[]][] = [];
    readTsvector(`'dock':3A,7 'it''s':2C 'a\\\\b':1 'solo'`, (lexeme, positions) =>
      read.push([lexeme, [...positions]]),
    );
    expect(read).toEqual([
      ['dock', [3, 3, 7, 0]],
      ["it's", [2, 1]],
      ['a\\b', [1, 0]],
      ['solo', [0, 0]],
    ]);
  });
});
