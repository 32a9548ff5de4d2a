export const MENTOR_DESCRIPTION_MAX = 160;
export const COURSE_SUMMARY_MAX = 200;

export function truncateWithEllipsis(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}...`;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntity(entity: string, body: string): string {
  if (body.startsWith('#')) {
    const code =
      body[1] === 'x' || body[1] === 'X'
        ? parseInt(body.slice(2), 16)
        : parseInt(body.slice(1), 10);
    // An out-of-range code point would make String.fromCodePoint throw; keep the text as written.
    return Number.isInteger(code) && code >= 0 && code <= 0x10ffff
      ? String.fromCodePoint(code)
      : entity;
  }
  return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
}

// Tags that sit inside a line of text: removing them must not split '<b>reais</b>.' into 'reais .'.
const INLINE_TAG = /<\/?(a|abbr|b|code|em|i|mark|s|small|span|strong|sub|sup|u)\b[^>]*>/gi;
// A stand-in for the end of a heading while the other tags are removed (private-use, never typed).
const HEADING_END = '\uE000';

/**
 * Plain text of a course description for the 200-character summary. Block ends become spaces so
 * '<p>a</p><p>b</p>' reads 'a b', not 'ab'; a heading ends with a full stop unless it has its own
 * punctuation, so it does not run into the next sentence; entities are decoded after the tags are
 * gone so an escaped '&lt;b&gt;' stays visible text.
 */
export function htmlToText(html: string): string {
  return html
    .replaceAll(HEADING_END, '')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/h[1-6]\s*>/gi, HEADING_END)
    .replace(INLINE_TAG, '')
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    .replace(/([.!?:;…])?\s*\uE000/g, (_, punctuation?: string) => `${punctuation ?? '.'} `)
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
}

const HEADING_ELEMENT = /<h([1-6])\b[^>]*>[\s\S]*?<\/h\1\s*>/gi;

/**
 * The course page's summary: the first 200 characters of the description's text, built from its
 * paragraphs and lists. Its headings ('Sobre este curso') are left out, or the summary would open with
 * one glued to the first sentence; they are read, as sentences, only when there is nothing else.
 */
export function courseSummary(descriptionHtml: string): string {
  const body = htmlToText(descriptionHtml.replace(HEADING_ELEMENT, ' '));
  return truncateWithEllipsis(body || htmlToText(descriptionHtml), COURSE_SUMMARY_MAX);
}

// One top-level block of a description as Quill writes it: a heading or a paragraph.
const LEADING_BLOCK = /^\s*(<h[1-6]\b[^>]*>[\s\S]*?<\/h[1-6]\s*>|<p\b[^>]*>[\s\S]*?<\/p\s*>)/i;

export interface CourseIntro {
  /** The plain-text summary under the course's title. */
  summary: string;
  /** The rich text shown below it ('' when the summary already said all of it). */
  description: string;
}

/**
 * The top of the course page: the summary and the description below it. The spec's summary is the
 * description's first 200 characters, which made the page say its opening paragraph twice, once
 * under the title and again as the description's first lines (issue 45). So when the description
 * opens with a paragraph of at most 200 characters (after any headings), that paragraph is the
 * summary and the description goes on from the next block; a longer opening is cut in the summary
 * and kept whole below, where the reader finds its end. A description that opens with anything
 * else (a list) keeps the spec's summary. Headings left with no text under them are left out too.
 */
export function courseIntro(descriptionHtml: string): CourseIntro {
  let rest = descriptionHtml;
  let headings = '';
  for (let match = LEADING_BLOCK.exec(rest); match; match = LEADING_BLOCK.exec(rest)) {
    const block = match[1]!;
    const text = htmlToText(block);
    rest = rest.slice(match[0].length);
    if (/^<h/i.test(block)) {
      headings += block;
      continue;
    }
    if (!text) continue;
    if (text.length > COURSE_SUMMARY_MAX) break;
    // Headings with nothing under them say nothing more: then there is no description below.
    const saysMore = htmlToText(rest.replace(HEADING_ELEMENT, ' ')) !== '';
    return { summary: text, description: saysMore ? headings + rest : '' };
  }
  return { summary: courseSummary(descriptionHtml), description: descriptionHtml };
}
