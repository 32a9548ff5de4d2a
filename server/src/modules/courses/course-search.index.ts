import type { CourseSearchQuery } from '@aprendiz/contract/courses';
import { coverDensity } from './course-search.closeness';
import { readTsvector, WEIGHT } from './course-search.tsvector';

/**
 * How much finding a word in each field is worth. A course's weight is the sum over the query's
 * words of the best field each is found in, so the title outweighs the educator's name, which
 * outweighs the category and level, then the description, then chapter and lecture titles.
 */
export const FIELD_WEIGHTS = { title: 16, educator: 8, label: 4, description: 2, outline: 1 };

/**
 * A word held by at least this share of the catalogue's courses, and by at least COMMON_MIN_COURSES
 * of them, is common: in a query with rarer words it orders the courses those words find but does
 * not add courses of its own (the common-terms cutoff of full-text engines). 'kubernetes avancado'
 * lists Kubernetes courses, advanced ones first, rather than every advanced course of the catalogue
 * after them; a query of common words only is searched whole.
 */
export const COMMON_WORD_SHARE = 0.2;
/** Below this many courses holding a word, listing them all costs little and helps discovery. */
export const COMMON_MIN_COURSES = 100;

/** A published course as the index reads it from the database (see course-search.changes.ts). */
export interface IndexedCourseRow {
  id: string;
  published: boolean;
  category: string | null;
  level: string | null;
  studentCount: number;
  ratingTotal: number;
  ratingCount: number;
  /** What the buyer pays, in hundredths of a cent: price × (100 − discount) × 100. */
  paid: number;
  /** Microseconds since the epoch: PostgreSQL's own precision, so ties fall as its order had them. */
  createdAt: number;
  educatorId: string;
  educatorName: string;
  /** tsvector texts: title (A), labels (C) and description (D); chapters and lectures; the name. */
  document: string;
  outline: string;
  nameDocument: string;
}

/**
 * One word of a query as the index looks for it: the ids of the lexemes that stand for it (its
 * stem, every stem it starts when it is being typed, the stems of the catalogue's words one typo
 * away from it).
 */
export interface IndexWord {
  lexemes: readonly number[];
  /**
   * A word that orders what the query's other words find without adding courses of its own: a
   * level name ('python avançado' lists Python courses, advanced ones first). Alone, or beside
   * only such words, it is searched as any word.
   */
  ordersOnly?: boolean;
}

export type WordFields = 'all' | 'headline';

export interface IndexQuery {
  words: readonly IndexWord[];
  /**
   * Which fields a word is looked for in: every one (the search), or the title, educator and
   * labels only (suggestions, which show a title and a name: a word only a description holds would
   * suggest a course that seems unrelated).
   */
  fields: WordFields;
  category?: string;
  level?: string;
  sort: CourseSearchQuery['sort'];
  offset: number;
  limit: number;
}

export interface IndexAnswer {
  /** The page's course ids, in order. */
  ids: string[];
  /** Matches across every page. */
  total: number;
  /** A bit per word (by its index in the query) some match holds, or common to the catalogue. */
  found: number;
  /** Whether some admitted course holds every word (false when no course matched at all). */
  complete: boolean;
}

export interface EducatorMatch {
  id: string;
  name: string;
  courseCount: number;
}

// The fields of a document posting: which parts of the document hold the lexeme.
const TITLE = 1;
const LABEL = 2;
const DESCRIPTION = 4;
const FIELD_BITS = 3;

/** What filters and orders a course: replaced in place when nothing else of it changed. */
type CourseKeys = Pick<
  IndexedCourseRow,
  'category' | 'level' | 'studentCount' | 'ratingTotal' | 'ratingCount' | 'paid' | 'createdAt'
>;

function keysOf(row: IndexedCourseRow): CourseKeys {
  const { category, level, studentCount, ratingTotal, ratingCount, paid, createdAt } = row;
  return { category, level, studentCount, ratingTotal, ratingCount, paid, createdAt };
}

/** A course's place in the index. */
interface Course extends CourseKeys {
  id: string;
  alive: boolean;
  educatorId: string;
  /** Its document's positions in order, as pairs (lexeme id, position × 4 + weight). */
  positions: Int32Array;
  /** Each lexeme of its document once, as lexeme id × 8 + the fields holding it. */
  lexemes: Int32Array;
  /** The lexeme ids of its chapters and lectures, each once. */
  outline: Int32Array;
}

interface Educator {
  name: string;
  nameDocument: string;
  lexemes: Int32Array;
  courses: Set<number>;
}

/** A growable list of int32 (a posting list). */
class IntList {
  data = new Int32Array(4);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
}

/** Dead places left by changed or removed courses are reclaimed past this many, and a quarter. */
const COMPACT_AFTER_DEAD = 1000;

function sameInts(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let at = 0; at < a.length; at++) if (a[at] !== b[at]) return false;
  return true;
}

function stars(course: Course): number {
  return course.ratingCount === 0 ? 0 : Math.trunc(course.ratingTotal / course.ratingCount);
}

/** Newest first, then the id (descending), which makes every order total. */
function newest(a: Course, b: Course): number {
  if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

const SORT_ORDERS: Record<
  Exclude<CourseSearchQuery['sort'], 'relevance'>,
  (a: Course, b: Course) => number
> = {
  rating: (a, b) =>
    stars(b) - stars(a) ||
    b.ratingCount - a.ratingCount ||
    b.studentCount - a.studentCount ||
    newest(a, b),
  students: (a, b) => b.studentCount - a.studentCount || newest(a, b),
  newest,
  // What the buyer pays, cheapest first.
  price: (a, b) => a.paid - b.paid || newest(a, b),
};

/**
 * The catalogue's published courses as an inverted index in memory: per lexeme (as PostgreSQL's
 * Portuguese stemmer wrote it in the search documents), the courses holding it and in which field;
 * per educator, their name's lexemes and courses; per course, its positions (for closeness) and
 * sort keys. A search reads only the postings of its words and scores them here; the database
 * then reads the page's rows by id. See docs/decisions/2026-11-26-search-index-in-process.md.
 */
export class CourseSearchIndex {
  private readonly compactAfterDead: number;
  private readonly commonMinCourses: number;
  private readonly lexemeIds = new Map<string, number>();
  private lexemes: string[] = [];
  /** The lexemes in code-unit order, for prefixes; rebuilt when a lexeme was added. */
  private sorted: string[] | undefined;
  private postings: (IntList | undefined)[] = [];
  private outlinePostings: (IntList | undefined)[] = [];
  private namePostings: (Set<string> | undefined)[] = [];
  private courses: Course[] = [];
  private readonly placeOf = new Map<string, number>();
  private readonly educators = new Map<string, Educator>();
  private dead = 0;

  /** The options are the tests' own: small catalogues reach the thresholds. */
  constructor(options: { compactAfterDead?: number; commonMinCourses?: number } = {}) {
    this.compactAfterDead = options.compactAfterDead ?? COMPACT_AFTER_DEAD;
    this.commonMinCourses = options.commonMinCourses ?? COMMON_MIN_COURSES;
  }

  /** How many published courses it holds. */
  get size(): number {
    return this.placeOf.size;
  }

  /** How many lexemes it has met (the lexicon only grows, as the database's does). */
  get lexemeCount(): number {
    return this.lexemes.length;
  }

  /** The id of a lexeme, or undefined when no course or educator holds it. */
  lexemeId(lexeme: string): number | undefined {
    return this.lexemeIds.get(lexeme);
  }

  /** The ids of the lexemes starting with `prefix`. */
  lexemesStartingWith(prefix: string): number[] {
    this.sorted ??= [...this.lexemeIds.keys()].sort();
    const sorted = this.sorted;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sorted[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    const ids: number[] = [];
    for (let at = low; at < sorted.length && sorted[at]!.startsWith(prefix); at++) {
      ids.push(this.lexemeIds.get(sorted[at]!)!);
    }
    return ids;
  }

  /** Adds, changes or (when it is no longer published) drops a course. */
  upsert(row: IndexedCourseRow): void {
    if (!row.published) {
      this.remove(row.id);
      return;
    }
    const { positions, lexemes } = this.readDocument(row.document);
    const outline = this.readLexemes(row.outline);
    const place = this.placeOf.get(row.id);
    const current = place === undefined ? undefined : this.courses[place]!;
    if (
      current &&
      current.educatorId === row.educatorId &&
      sameInts(current.positions, positions) &&
      sameInts(current.outline, outline)
    ) {
      // Most changes are counts (an enrollment, a rating): the postings stay as they are.
      this.educatorOf(row);
      Object.assign(current, keysOf(row));
      return;
    }
    // Dropped first: its educator may lose their last course here and be added again below.
    if (place !== undefined) this.kill(place);
    const course: Course = {
      id: row.id,
      alive: true,
      educatorId: row.educatorId,
      ...keysOf(row),
      positions,
      lexemes,
      outline,
    };
    const added = this.courses.length;
    this.courses.push(course);
    this.placeOf.set(row.id, added);
    this.post(course, added);
    this.educatorOf(row).courses.add(added);
    this.compactWhenWasteful();
  }

  /** Drops a course (deleted or unpublished); unknown ids are ignored. */
  remove(courseId: string): void {
    const place = this.placeOf.get(courseId);
    if (place === undefined) return;
    this.kill(place);
    this.placeOf.delete(courseId);
    this.compactWhenWasteful();
  }

  /**
   * One page of the courses holding any of the words, admitted by the filters, in the query's
   * order: the courses holding more of the words first; by relevance then the weight of the fields
   * they are in, how closely the document holds them all, students, newest.
   */
  search(query: IndexQuery): IndexAnswer {
    const count = query.words.length;
    if (count === 0) return { ids: [], total: 0, found: 0, complete: false };
    const scores = query.words.map(() => new Uint8Array(this.courses.length));
    const hitBy = query.words.map(() => [] as number[]);
    const frequency = query.words.map((word, index) =>
      this.scoreDocuments(word, scores[index]!, hitBy[index]!),
    );
    // Common words only order what the rarer ones find (unless every word is common); so do level
    // words, unless every word is one.
    const threshold = Math.max(this.commonMinCourses, COMMON_WORD_SHARE * this.size);
    const frequent = query.words.map((_, index) => count > 1 && frequency[index]! >= threshold);
    const ordersOnly = query.words.map((word) => count > 1 && word.ordersOnly === true);
    if (ordersOnly.every(Boolean)) ordersOnly.fill(false);
    let common = frequent.map((isFrequent, index) => isFrequent || ordersOnly[index]!);
    if (common.every(Boolean)) common = [...ordersOnly];
    const rareDone = new Set<number>();
    const scoreRare = () => {
      query.words.forEach((word, index) => {
        if (common[index] || rareDone.has(index)) return;
        rareDone.add(index);
        this.scoreElsewhere(word, query.fields, scores[index]!, hitBy[index]!);
      });
    };
    scoreRare();
    let matches = this.match(query, scores, hitBy, common);
    if (matches.length === 0 && common.some(Boolean)) {
      // The rarer words found nothing (a word no course holds): the common ones are searched whole,
      // so one unknown word never empties the page.
      common = common.map(() => false);
      scoreRare();
      matches = this.match(query, scores, hitBy, common);
    }
    let found = common.reduce(
      (bits, isCommon, index) => (isCommon && frequency[index]! > 0 ? bits | (1 << index) : bits),
      0,
    );
    const all = (1 << count) - 1;
    let complete = false;
    for (const match of matches) {
      found |= match.found;
      if (match.found === all) complete = true;
    }
    return {
      ids: this.page(query, matches).map((match) => this.courses[match.place]!.id),
      total: matches.length,
      found,
      complete,
    };
  }

  /**
   * The educators of published courses whose name holds every word, most courses first, then by
   * name.
   */
  educatorsNamed(words: readonly IndexWord[], limit: number): EducatorMatch[] {
    if (words.length === 0) return [];
    const named = new Set<string>();
    for (const lexeme of words[0]!.lexemes) {
      for (const id of this.namePostings[lexeme] ?? []) named.add(id);
    }
    const matches: EducatorMatch[] = [];
    for (const id of named) {
      const educator = this.educators.get(id)!;
      const holds = (word: IndexWord) =>
        word.lexemes.some((lexeme) => this.namePostings[lexeme]?.has(id));
      if (words.every(holds)) {
        matches.push({ id, name: educator.name, courseCount: educator.courses.size });
      }
    }
    return matches
      .sort(
        (a, b) => b.courseCount - a.courseCount || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
      )
      .slice(0, limit);
  }

  /** Bytes held by the typed arrays (positions and postings), for the bench's report. */
  postingBytes(): number {
    let bytes = 0;
    for (const list of [...this.postings, ...this.outlinePostings])
      bytes += list?.data.byteLength ?? 0;
    for (const course of this.courses) {
      bytes += course.positions.byteLength + course.lexemes.byteLength + course.outline.byteLength;
    }
    return bytes;
  }

  /**
   * Marks the documents holding the word with the best field each holds it in (in `scores`, by
   * place; a description counts even for suggestions here, and is discounted there in match), and
   * answers how many courses hold it (for commonness).
   */
  private scoreDocuments(word: IndexWord, scores: Uint8Array, hitBy: number[]): number {
    let holding = 0;
    for (const lexeme of word.lexemes) {
      const list = this.postings[lexeme];
      if (!list) continue;
      const data = list.data;
      for (let at = 0; at < list.length; at++) {
        const entry = data[at]!;
        const place = entry >>> FIELD_BITS;
        if (!this.courses[place]!.alive) continue;
        const score =
          entry & TITLE
            ? FIELD_WEIGHTS.title
            : entry & LABEL
              ? FIELD_WEIGHTS.label
              : FIELD_WEIGHTS.description;
        const before = scores[place]!;
        if (before === 0) {
          holding++;
          hitBy.push(place);
        }
        if (score > before) scores[place] = score;
      }
    }
    return holding;
  }

  /** The educator's name and (for the search) the outline, for a word that is not common. */
  private scoreElsewhere(
    word: IndexWord,
    fields: WordFields,
    scores: Uint8Array,
    hitBy: number[],
  ): void {
    const raise = (place: number, score: number) => {
      if (!this.courses[place]!.alive) return;
      const before = scores[place]!;
      if (before === 0) hitBy.push(place);
      if (score > before) scores[place] = score;
    };
    for (const lexeme of word.lexemes) {
      for (const id of this.namePostings[lexeme] ?? []) {
        for (const place of this.educators.get(id)!.courses) raise(place, FIELD_WEIGHTS.educator);
      }
      if (fields === 'headline') continue;
      const list = this.outlinePostings[lexeme];
      if (!list) continue;
      for (let at = 0; at < list.length; at++) raise(list.data[at]!, FIELD_WEIGHTS.outline);
    }
  }

  /** The admitted courses holding a word that is not common, each with its words, weight and bits. */
  private match(
    query: IndexQuery,
    scores: readonly Uint8Array[],
    hitBy: readonly number[][],
    common: readonly boolean[],
  ): Match[] {
    const seen = new Uint8Array(this.courses.length);
    const matches: Match[] = [];
    hitBy.forEach((places, index) => {
      if (common[index]) return;
      for (const place of places) {
        if (seen[place]) continue;
        seen[place] = 1;
        const course = this.courses[place]!;
        if (query.category && course.category !== query.category) continue;
        if (query.level && course.level !== query.level) continue;
        let words = 0;
        let weight = 0;
        let found = 0;
        scores.forEach((byPlace, wordIndex) => {
          let score = byPlace[place]!;
          if (query.fields === 'headline') {
            // Suggestions: a description is not a field they show, and a common word counts in
            // the title only.
            if (score === FIELD_WEIGHTS.description) score = 0;
            if (common[wordIndex] && score !== FIELD_WEIGHTS.title) score = 0;
          }
          if (score === 0) return;
          words++;
          weight += score;
          found |= 1 << wordIndex;
        });
        if (words > 0) matches.push({ place, words, weight, found, closeness: undefined });
      }
    });
    return matches;
  }

  /** The matches of the query's page, in order, sorting only as much as the page needs. */
  private page(query: IndexQuery, matches: Match[]): Match[] {
    const relevance = query.sort === 'relevance';
    // Courses first grouped by words (and weight, by relevance): small integers, counted.
    const group = (match: Match) => (relevance ? match.words * 256 + match.weight : match.words);
    const groups = new Map<number, Match[]>();
    for (const match of matches) {
      const key = group(match);
      const members = groups.get(key);
      if (members) members.push(match);
      else groups.set(key, [match]);
    }
    const wanted = query.offset + query.limit;
    const order =
      query.sort === 'relevance' ? this.relevanceOrder(query) : this.sortOrder(query.sort);
    const ordered: Match[] = [];
    for (const key of [...groups.keys()].sort((a, b) => b - a)) {
      if (ordered.length >= wanted) break;
      ordered.push(...groups.get(key)!.sort(order));
    }
    return ordered.slice(query.offset, wanted);
  }

  private sortOrder(sort: Exclude<CourseSearchQuery['sort'], 'relevance'>) {
    const byCourse = SORT_ORDERS[sort];
    return (a: Match, b: Match) => byCourse(this.courses[a.place]!, this.courses[b.place]!);
  }

  /** Within a group of equal words and weight: closeness (for every word of several), students, newest. */
  private relevanceOrder(query: IndexQuery) {
    const count = query.words.length;
    const all = (1 << count) - 1;
    const masks = new Map<number, number>();
    query.words.forEach((word, index) => {
      for (const lexeme of word.lexemes) masks.set(lexeme, (masks.get(lexeme) ?? 0) | (1 << index));
    });
    const maskOf = (lexeme: number) => masks.get(lexeme) ?? 0;
    const closeness = (match: Match) =>
      (match.closeness ??=
        count > 1 && match.found === all
          ? coverDensity(this.courses[match.place]!.positions, maskOf, all)
          : 0);
    return (a: Match, b: Match) => {
      const first = this.courses[a.place]!;
      const second = this.courses[b.place]!;
      return (
        closeness(b) - closeness(a) ||
        second.studentCount - first.studentCount ||
        newest(first, second)
      );
    };
  }

  private lexemeOf(lexeme: string): number {
    let id = this.lexemeIds.get(lexeme);
    if (id === undefined) {
      id = this.lexemes.length;
      this.lexemes.push(lexeme);
      this.lexemeIds.set(lexeme, id);
      this.sorted = undefined;
    }
    return id;
  }

  /** A course's document: its positions in order and each lexeme once with its fields. */
  private readDocument(document: string): { positions: Int32Array; lexemes: Int32Array } {
    const pairs: [number, number][] = [];
    const fields = new Map<number, number>();
    readTsvector(document, (lexeme, positions) => {
      const id = this.lexemeOf(lexeme);
      let bits = 0;
      for (let at = 0; at < positions.length; at += 2) {
        const weight = positions[at + 1]!;
        bits |= weight === WEIGHT.A ? TITLE : weight === WEIGHT.C ? LABEL : DESCRIPTION;
        pairs.push([positions[at]!, id * 4 + weight]);
      }
      fields.set(id, (fields.get(id) ?? 0) | bits);
    });
    pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const positions = new Int32Array(pairs.length * 2);
    pairs.forEach(([position, idWeight], at) => {
      positions[at * 2] = idWeight >> 2;
      positions[at * 2 + 1] = position * 4 + (idWeight & 3);
    });
    const lexemes = new Int32Array(fields.size);
    let at = 0;
    for (const [id, bits] of fields) lexemes[at++] = id * (1 << FIELD_BITS) + bits;
    return { positions, lexemes };
  }

  private readLexemes(vector: string): Int32Array {
    const ids: number[] = [];
    readTsvector(vector, (lexeme) => ids.push(this.lexemeOf(lexeme)));
    return Int32Array.from(ids);
  }

  private educatorOf(row: IndexedCourseRow): Educator {
    let educator = this.educators.get(row.educatorId);
    if (educator && educator.nameDocument === row.nameDocument) {
      educator.name = row.educatorName;
      return educator;
    }
    if (educator) this.unpostName(row.educatorId, educator);
    const lexemes = this.readLexemes(row.nameDocument);
    educator = {
      name: row.educatorName,
      nameDocument: row.nameDocument,
      lexemes,
      courses: educator?.courses ?? new Set(),
    };
    this.educators.set(row.educatorId, educator);
    for (const lexeme of lexemes) (this.namePostings[lexeme] ??= new Set()).add(row.educatorId);
    return educator;
  }

  private unpostName(educatorId: string, educator: Educator): void {
    for (const lexeme of educator.lexemes) this.namePostings[lexeme]?.delete(educatorId);
  }

  private post(course: Course, place: number): void {
    for (const entry of course.lexemes) {
      const lexeme = entry >>> FIELD_BITS;
      (this.postings[lexeme] ??= new IntList()).push(
        place * (1 << FIELD_BITS) + (entry & ((1 << FIELD_BITS) - 1)),
      );
    }
    for (const lexeme of course.outline)
      (this.outlinePostings[lexeme] ??= new IntList()).push(place);
  }

  private kill(place: number): void {
    const course = this.courses[place]!;
    course.alive = false;
    this.dead++;
    const educator = this.educators.get(course.educatorId);
    if (!educator) return;
    educator.courses.delete(place);
    if (educator.courses.size === 0) {
      this.unpostName(course.educatorId, educator);
      this.educators.delete(course.educatorId);
    }
  }

  private compactWhenWasteful(): void {
    if (this.dead > this.compactAfterDead && this.dead * 4 > this.courses.length) this.compact();
  }

  /** Rebuilds the postings from the living courses alone. */
  private compact(): void {
    const living = this.courses.filter((course) => course.alive);
    this.courses = living;
    this.dead = 0;
    this.postings = [];
    this.outlinePostings = [];
    this.placeOf.clear();
    for (const educator of this.educators.values()) educator.courses.clear();
    living.forEach((course, place) => {
      this.placeOf.set(course.id, place);
      this.post(course, place);
      this.educators.get(course.educatorId)!.courses.add(place);
    });
  }
}

interface Match {
  place: number;
  words: number;
  weight: number;
  found: number;
  /** Computed only when the order reaches it. */
  closeness: number | undefined;
}
