/**
 * What a search means, word by word, wherever something is searched: the catalogue (in
 * PostgreSQL, which stems with its Portuguese stemmer) and the lists filtered in the browser
 * (mentors, jobs), which use `rankBySearch` below. Every word counts, in any order; accents and case
 * never matter; stop words and the catalogue's filler never exclude anything; word forms meet
 * ('testes' finds 'Teste'); a word of 4+ letters forgives one typo; the last word is a prefix.
 */

import { COURSE_LEVELS } from '../catalogue';

/** Beyond this many words a query is a paste, not a search; the rest are not looked for. */
export const SEARCH_MAX_WORDS = 8;

/** Below this a word has too few letters for a typo to be told from another word ('git', 'css'). */
export const TYPO_MIN_LENGTH = 4;

/**
 * Portuguese stop words (folded) and the catalogue's own filler: words nearly every course or
 * listing holds, or that only glue a query together ('curso de python').
 */
export const SEARCH_STOP_WORDS: ReadonlySet<string> = new Set([
  // articles, prepositions, contractions, conjunctions, pronouns
  'a',
  'o',
  'as',
  'os',
  'um',
  'uma',
  'uns',
  'umas',
  'de',
  'do',
  'da',
  'dos',
  'das',
  'em',
  'no',
  'na',
  'nos',
  'nas',
  'num',
  'numa',
  'ao',
  'aos',
  'pelo',
  'pela',
  'pelos',
  'pelas',
  'por',
  'para',
  'pra',
  'pro',
  'com',
  'sem',
  'sobre',
  'entre',
  'ate',
  'desde',
  'e',
  'ou',
  'mas',
  'que',
  'se',
  'como',
  'mais',
  'menos',
  'muito',
  'meu',
  'minha',
  'seu',
  'sua',
  'eu',
  'voce',
  'tu',
  'ele',
  'ela',
  'isso',
  'isto',
  'este',
  'esta',
  'esse',
  'essa',
  'ja',
  'nao',
  'sim',
  'ser',
  'ter',
  'quero',
  'queria',
  'preciso',
  'aprender',
  'aprenda',
  'sobre',
  'the',
  'and',
  'of',
  'to',
  'for',
  'in',
  'with',
  // the catalogue's filler: every course is a course made of lessons
  'curso',
  'cursos',
  'aula',
  'aulas',
  'licao',
  'licoes',
  'online',
  'gratis',
  'gratuito',
  'gratuitos',
  'completo',
  'completa',
]);

/** Lower case, accents and cedillas removed: 'Programação' and 'PROGRAMACAO' read the same. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The folded words of a text: runs of letters and digits ('Node.js' is 'node', 'js'). */
export function wordsOf(text: string): string[] {
  return foldForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

export interface SearchWords {
  /** The words that count, folded, without repeats, in the order typed. */
  words: string[];
  /** Typed words left out: stop words and filler. */
  ignored: string[];
}

/** The words of a query that count. A query of stop words only counts none (it lists everything). */
export function searchWords(query: string): SearchWords {
  const words: string[] = [];
  const ignored: string[] = [];
  for (const word of wordsOf(query)) {
    if (SEARCH_STOP_WORDS.has(word)) ignored.push(word);
    else if (!words.includes(word) && words.length < SEARCH_MAX_WORDS) words.push(word);
  }
  return { words, ignored };
}

/**
 * Endings stripped so forms of a word meet, longest first; what is left keeps 3+ letters.
 * Light on purpose: it only has to make plurals, genders and the -ção/-ar pairs of one word agree.
 */
const SUFFIXES = [
  'amentos',
  'amento',
  'acoes',
  'acao',
  'icoes',
  'icao',
  'idades',
  'idade',
  'mente',
  'istas',
  'ista',
  'ismos',
  'ismo',
  'aveis',
  'avel',
  'iveis',
  'ivel',
  'adores',
  'ador',
  'antes',
  'ante',
  'entes',
  'ente',
  'ados',
  'adas',
  'ado',
  'ada',
  'idos',
  'idas',
  'ido',
  'ida',
  'oes',
  'ar',
  'er',
  'ir',
  'os',
  'as',
  'es',
  'o',
  'a',
  'e',
  's',
];

/** A folded word reduced to what its forms share: 'testes' and 'teste' are both 'test'. */
export function stemWord(word: string): string {
  if (word.length <= 3) return word;
  const suffix = SUFFIXES.find(
    (ending) => word.endsWith(ending) && word.length - ending.length >= 3,
  );
  return suffix ? word.slice(0, -suffix.length) : word;
}

/**
 * Whether two words are at most one typo apart: a letter missing, added or replaced, or two
 * neighbours swapped ('dokcer' and 'docker').
 */
export function withinOneTypo(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // replaced
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swapped
  }
  const [shorter, longer] = a.length < b.length ? [a, b] : [b, a];
  return shorter.slice(i) === longer.slice(i + 1);
}

/** Whether a query word finds a word of a text; `typing` marks the last word, read as a prefix. */
export function wordFinds(queryWord: string, textWord: string, typing: boolean): boolean {
  if (queryWord === textWord) return true;
  if (typing && textWord.startsWith(queryWord)) return true;
  const queryStem = stemWord(queryWord);
  const textStem = stemWord(textWord);
  if (queryStem === textStem) return true;
  if (queryWord.length < TYPO_MIN_LENGTH) return false;
  return withinOneTypo(queryWord, textWord) || withinOneTypo(queryStem, textStem);
}

/** How many of the query's words (as `searchWords` gives them) the text holds. */
export function countWordsFound(text: string, words: readonly string[]): number {
  const textWords = wordsOf(text);
  return words.filter((word, index) =>
    textWords.some((textWord) => wordFinds(word, textWord, index === words.length - 1)),
  ).length;
}

/**
 * A list filtered by a query as the catalogue is searched: the items holding every word first,
 * then those holding most of them, each group in the list's own order; an item holding none is
 * left out. A query with no word that counts keeps the whole list.
 */
export function rankBySearch<T>(
  items: readonly T[],
  textOf: (item: T) => string,
  query: string,
): T[] {
  const { words } = searchWords(query);
  if (words.length === 0) return [...items];
  return items
    .map((item, index) => ({ item, index, found: countWordsFound(textOf(item), words) }))
    .filter((entry) => entry.found > 0)
    .sort((a, b) => b.found - a.found || a.index - b.index)
    .map((entry) => entry.item);
}

/** The stems of the catalogue's level names ('avancad', 'inici', 'intermediari'). */
const LEVEL_STEMS: ReadonlySet<string> = new Set(
  Object.values(COURSE_LEVELS).flatMap((label) => wordsOf(label).map(stemWord)),
);

/**
 * Whether a folded query word names a level ('avançado', 'iniciantes', 'Intermediária'). Beside
 * other words it says which of their courses come first, as a filter would, rather than adding
 * every course of that level to the list.
 */
export function isLevelWord(word: string): boolean {
  return LEVEL_STEMS.has(stemWord(word));
}
