/**
 * What text from a client may contain. PostgreSQL refuses NUL in text and JSON, and a lone surrogate
 * in JSON; control characters have no business in a name or a title; zero-width characters make two
 * different titles look the same, and bidi controls make text read differently from what it holds
 * (U+202E before 'gpj.exe' shows it as 'exe.jpg'); all of them are refused.
 */

/** C0 controls except tab, line feed and carriage return; DEL; the C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
const TAB_OR_LINE_BREAK = /[\t\n\r]/u;
/** Zero-width space and non-joiner, word joiner, invisible operators, zero-width no-break space. */
const ZERO_WIDTH = /[\u200B\u200C\u2060-\u2064\uFEFF]/u;
/**
 * The zero-width joiner, except inside an emoji sequence (woman technologist, rainbow flag), which
 * it spells: preceded by a pictograph, a skin tone or the emoji variation selector, followed by a
 * pictograph.
 */
const STRAY_JOINER =
  /(?<!\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}]|\uFE0F)\u200D|\u200D(?!\p{Extended_Pictographic})/u;
/** Marks, embeddings, overrides and isolates of the Unicode bidirectional algorithm. */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** With the u flag a surrogate range matches only unpaired halves, which UTF-8 cannot encode. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export interface TextRules {
  /** Descriptions and messages: tabs and line breaks are part of the text there. */
  multiline?: boolean;
}

/** True when the text holds a character refused by the rules above. */
export function hasUnsafeCharacters(text: string, rules: TextRules = {}): boolean {
  if (LONE_SURROGATE.test(text) || ZERO_WIDTH.test(text) || STRAY_JOINER.test(text)) return true;
  if (BIDI_CONTROL.test(text) || CONTROL.test(text)) return true;
  return !rules.multiline && TAB_OR_LINE_BREAK.test(text);
}

/** The refusal, naming the field: 'O título do curso contém caracteres não permitidos (…)'. */
export function unsafeTextMessage(field: string): string {
  return `${field} contém caracteres não permitidos (de controle ou invisíveis)`;
}
