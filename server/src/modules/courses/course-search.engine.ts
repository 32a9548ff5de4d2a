import type { CourseSearchQuery } from '@aprendiz/contract/courses';
import { isLevelWord, TYPO_MIN_LENGTH } from '@aprendiz/contract/rules/search-words';
import type { Db } from '../../db/client';
import {
  readCourseChanges,
  readHorizon,
  readPublishedCourses,
  readWordForms,
  type WordForms,
} from './course-search.changes';
import { CourseSearchIndex, type EducatorMatch, type IndexWord } from './course-search.index';

/** Courses read per statement while the index is built. */
const BUILD_BATCH = 5000;
/**
 * A horizon older than this may have outlived the removals the database keeps (a day, migration
 * 0026): the index is built again instead. An instance nobody searched for half a day pays it once.
 */
const STALE_AFTER_MS = 12 * 60 * 60_000;
/** Typed words whose stems and near words are remembered (they never change; near words grow). */
const MAX_REMEMBERED_WORDS = 10_000;

export interface WordSearch {
  /** The words as `searchWords` gives them. */
  words: readonly string[];
  category?: string;
  level?: string;
  sort: CourseSearchQuery['sort'];
  offset: number;
  limit: number;
}

export interface WordSearchAnswer {
  ids: string[];
  total: number;
  /** The words (as given) no course holds. */
  unmatchedWords: string[];
  /**
   * Every word is held by some course but none holds them all: the list is of courses with some of
   * them, and the page says so.
   */
  partialMatch: boolean;
}

/**
 * The word search of the catalogue: an index in this process's memory kept in step with the
 * database, which stays the truth and the stemmer. Every search first reads what other
 * transactions wrote since the last read (usually nothing, in one small statement), so a course
 * published here or on another instance is found by the very next search.
 */
export interface CourseSearch {
  search(request: WordSearch): Promise<WordSearchAnswer>;
  /**
   * What the search box offers for the words typed so far: the first courses by the search's own
   * order, looked for in the fields a suggestion shows (title, educator, category and level), and
   * the educators of published courses whose name holds every word.
   */
  suggest(
    words: readonly string[],
    limits: { courses: number; educators: number },
  ): Promise<{ ids: string[]; educators: EducatorMatch[] }>;
  /** Reads the writes of every transaction committed before the call. */
  catchUp(): Promise<void>;
  /** Bytes of the index's typed arrays and how many courses it holds, for the bench. */
  size(): { courses: number; bytes: number };
}

interface RememberedWord extends WordForms {
  /** How many lexemes the index had when `near` was read: a grown lexicon may hold more. */
  lexemesThen: number;
}

/**
 * The search over `db`. Its index is built by the first catch-up (the server asks for one once the
 * database is migrated and seeded, before it listens) and kept current by each search's.
 */
export function createCourseSearch(db: Db): CourseSearch {
  let index = new CourseSearchIndex();
  let horizon = '0';
  // Never: the first catch-up builds.
  let caughtUpAt = Number.NEGATIVE_INFINITY;
  const remembered = new Map<string, RememberedWord>();

  const build = async () => {
    const fresh = new CourseSearchIndex();
    // Read before the first batch: whatever a batch misses was written from here on, and is read
    // again by the next catch-up.
    const from = await readHorizon(db);
    let after: string | null = null;
    for (;;) {
      const rows = await readPublishedCourses(db, after, BUILD_BATCH);
      for (const row of rows) fresh.upsert(row);
      if (rows.length < BUILD_BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
    index = fresh;
    horizon = from;
  };

  const readChanges = async () => {
    const startedAt = Date.now();
    if (startedAt - caughtUpAt > STALE_AFTER_MS) {
      await build();
    } else {
      const changes = await readCourseChanges(db, horizon);
      for (const id of changes.removed) index.remove(id);
      for (const row of changes.changed) index.upsert(row);
      horizon = changes.horizon;
    }
    caughtUpAt = startedAt;
  };

  // One read at a time; a caller arriving during one waits for the next, which starts after its
  // own writes committed (several callers share it).
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const start = (): Promise<void> => {
    const read = readChanges().finally(() => {
      if (running === read) running = undefined;
    });
    running = read;
    return read;
  };
  const catchUp = (): Promise<void> => {
    if (!running) return start();
    queued ??= running
      .catch(() => {})
      .then(() => {
        queued = undefined;
        return start();
      });
    return queued;
  };

  /** A word's own lexemes in `current`: its stem, or every stem it starts while it is typed. */
  const ownLexemes = (current: CourseSearchIndex, stem: string, typing: boolean): number[] =>
    typing
      ? current.lexemesStartingWith(stem)
      : [current.lexemeId(stem)].filter((id): id is number => id !== undefined);

  /**
   * Each word's stem and near words, read once. Near words stand in only for a word the catalogue
   * does not hold, so only such a word's are read again, once the catalogue has gained lexemes.
   */
  const formsOf = async (words: readonly string[]): Promise<Map<string, RememberedWord>> => {
    const current = index;
    const lexemes = current.lexemeCount;
    const stale = words.filter((word, position) => {
      const known = remembered.get(word);
      if (!known) return true;
      return (
        known.lexemesThen < lexemes &&
        known.stem !== null &&
        word.length >= TYPO_MIN_LENGTH &&
        ownLexemes(current, known.stem, position === words.length - 1).length === 0
      );
    });
    if (stale.length > 0) {
      const forms = await readWordForms(db, stale, TYPO_MIN_LENGTH);
      if (remembered.size + forms.length > MAX_REMEMBERED_WORDS) remembered.clear();
      for (const form of forms) remembered.set(form.word, { ...form, lexemesThen: lexemes });
    }
    return new Map(words.map((word) => [word, remembered.get(word)!]));
  };

  /**
   * Caught up, then each word as the index looks for it (`searched`, with its place among the
   * words; a word the stemmer drops is left out): its own lexemes and, when the catalogue holds
   * none, the stems of its words one typo away. `current` is the index the lexeme ids belong to:
   * a rebuild meanwhile must not mix two.
   */
  const prepare = async (words: readonly string[]) => {
    await catchUp();
    const forms = await formsOf(words);
    const current = index;
    const searched = words.flatMap((word, position) => {
      const { stem, near } = forms.get(word)!;
      if (stem === null) return [];
      const lexemes = new Set(ownLexemes(current, stem, position === words.length - 1));
      if (lexemes.size === 0 && word.length >= TYPO_MIN_LENGTH) {
        for (const lexeme of near) {
          const id = current.lexemeId(lexeme);
          if (id !== undefined) lexemes.add(id);
        }
      }
      const searchedWord: IndexWord = { lexemes: [...lexemes], ordersOnly: isLevelWord(word) };
      return [{ word: searchedWord, position }];
    });
    return { current, searched, indexWords: searched.map(({ word }) => word) };
  };

  return {
    catchUp,
    async search(request) {
      const { current, searched, indexWords } = await prepare(request.words);
      const answer = current.search({
        words: indexWords,
        fields: 'all',
        category: request.category,
        level: request.level,
        sort: request.sort,
        offset: request.offset,
        limit: request.limit,
      });
      const missing = new Set(
        searched
          .filter((_, bit) => (answer.found & (1 << bit)) === 0)
          .map(({ position }) => position),
      );
      return {
        ids: answer.ids,
        total: answer.total,
        unmatchedWords: request.words.filter((_, position) => missing.has(position)),
        partialMatch:
          searched.length > 1 && answer.total > 0 && missing.size === 0 && !answer.complete,
      };
    },
    async suggest(words, limits) {
      const { current, indexWords } = await prepare(words);
      const { ids } = current.search({
        words: indexWords,
        fields: 'headline',
        sort: 'relevance',
        offset: 0,
        limit: limits.courses,
      });
      return { ids, educators: current.educatorsNamed(indexWords, limits.educators) };
    },
    size: () => ({ courses: index.size, bytes: index.postingBytes() }),
  };
}
