import sanitizeHtml from 'sanitize-html';

/** Quill classes (alignment, indentation, code blocks, list UI); nothing else may style the page. */
const QUILL_CLASSES = ['ql-*'];

/**
 * The allow-list of what Quill's snow editor produces: headings, paragraphs, lists, inline marks,
 * links, quotes and code blocks. Scripts, event handlers, styles and unknown schemes are dropped.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ol',
    'ul',
    'li',
    'a',
    'pre',
    'code',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    // Quill 2 writes bullet and ordered items alike as <ol><li data-list="…">.
    li: ['class', { name: 'data-list', values: ['bullet', 'ordered', 'checked', 'unchecked'] }],
    span: ['class'],
    p: ['class'],
    h1: ['class'],
    h2: ['class'],
    h3: ['class'],
    pre: ['class'],
    blockquote: ['class'],
  },
  allowedClasses: {
    li: QUILL_CLASSES,
    span: QUILL_CLASSES,
    p: QUILL_CLASSES,
    h1: QUILL_CLASSES,
    h2: QUILL_CLASSES,
    h3: QUILL_CLASSES,
    pre: QUILL_CLASSES,
    blockquote: QUILL_CLASSES,
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Quill's export writes typed spaces as &nbsp;, which would wrap descriptions mid-word and hide
  // their words from search; the text arrives here with entities decoded, in whatever spelling.
  textFilter: (text) => text.replaceAll('\u00a0', ' '),
  transformTags: {
    a: (tagName, attribs) => {
      const link: Record<string, string> = { rel: 'noopener noreferrer' };
      if (attribs.href) link.href = attribs.href;
      // A link may open a new tab, but never name a window another page could script.
      if (attribs.target === '_blank') link.target = '_blank';
      return { tagName, attribs: link };
    },
  },
};

/** The course description as stored and served: only Quill's own markup survives. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
