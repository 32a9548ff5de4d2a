import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);

export type FontWeight = 400 | 700;

/** One file of a font package: the code points it draws (its CSS unicode-range). */
interface FontFace {
  /** The name the PDF document registers it under. */
  name: string;
  file: string;
  ranges: [number, number][];
}

/**
 * The families a certificate is printed with, in the order they are asked for a character: Noto
 * Sans (Latin, Greek, Cyrillic, Vietnamese, Devanagari), Noto Sans Arabic, Noto Sans SC (Chinese,
 * with Japanese kana), and the monochrome Noto Emoji (outlines: pdfkit embeds glyf fonts, not the
 * colour bitmaps of Noto Color Emoji). Each ships split by unicode-range; only the files a
 * certificate needs are read, and pdfkit embeds only the glyphs it draws.
 */
const FAMILIES = [
  { pkg: '@fontsource/noto-sans', prefix: 'noto-sans' },
  { pkg: '@fontsource/noto-emoji', prefix: 'noto-emoji' },
  { pkg: '@fontsource/noto-sans-arabic', prefix: 'noto-sans-arabic' },
  { pkg: '@fontsource/noto-sans-sc', prefix: 'noto-sans-sc' },
] as const;

function parseRanges(unicodeRange: string): [number, number][] {
  return unicodeRange.split(',').map((part) => {
    const [from = '', to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = parseInt(from, 16);
    return [start, to === undefined ? start : parseInt(to, 16)];
  });
}

function facesOf(weight: FontWeight): FontFace[] {
  return FAMILIES.flatMap(({ pkg, prefix }) => {
    const unicodeJson = require.resolve(`${pkg}/unicode.json`);
    const subsets = JSON.parse(readFileSync(unicodeJson, 'utf8')) as Record<string, string>;
    return Object.entries(subsets).map(([key, range]) => {
      const subset = key.replace(/^\[(\d+)\]$/, '$1');
      const fileName = `${prefix}-${subset}-${weight}-normal.woff`;
      return {
        name: `${prefix}-${subset}-${weight}`,
        file: path.join(path.dirname(unicodeJson), 'files', fileName),
        ranges: parseRanges(range),
      };
    });
  });
}

const faces: Partial<Record<FontWeight, FontFace[]>> = {};
const fileBytes = new Map<string, Buffer>();

const parsed = new Map<string, fontkit.Font>();

/** Whether the face's file has a glyph for the code point: a unicode-range can promise more. */
function draws(face: FontFace, codePoint: number): boolean {
  let font = parsed.get(face.file);
  if (!font) {
    font = fontkit.create(fontBytes(face)) as fontkit.Font;
    parsed.set(face.file, font);
  }
  return font.hasGlyphForCodePoint(codePoint);
}

/** The first face whose range and file hold the code point; undefined when no family draws it. */
export function faceFor(codePoint: number, weight: FontWeight): FontFace | undefined {
  const list = (faces[weight] ??= facesOf(weight));
  return list.find(
    (face) =>
      face.ranges.some(([from, to]) => codePoint >= from && codePoint <= to) &&
      draws(face, codePoint),
  );
}

/** A face's file, read once per process. */
export function fontBytes(face: FontFace): Buffer {
  let bytes = fileBytes.get(face.file);
  if (!bytes) {
    bytes = readFileSync(face.file);
    fileBytes.set(face.file, bytes);
  }
  return bytes;
}

// Joiners, variation selectors and marks draw nothing alone: they stay with what they follow.
const JOINING =
  /^(?:\u200c|\u200d|[\ufe00-\ufe0f]|[\u{e0020}-\u{e007f}]|[\u{1f3fb}-\u{1f3ff}]|\p{M})$/u;
// Spaces and punctuation every family has: they stay in the run around them, so a run of
// Arabic words stays one right-to-left run.
const NEUTRAL = /[\s.,;:!?'"()\-–—·/&]/u;

export interface TextRun {
  face: FontFace;
  text: string;
}

/** `text` cut into runs, each drawn by one face; characters no family draws are dropped. */
export function runsOf(text: string, weight: FontWeight): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    // The emoji font's space is an emoji wide: a space after an emoji goes back to the text.
    const joins =
      JOINING.test(char) || (NEUTRAL.test(char) && !last?.face.name.startsWith('noto-emoji'));
    if (last && joins) {
      last.text += char;
      continue;
    }
    const face = faceFor(char.codePointAt(0)!, weight);
    if (!face) continue;
    if (last?.face === face) last.text += char;
    else runs.push({ face, text: char });
  }
  return runs;
}

const isRightToLeft = (run: TextRun) => run.face.name.startsWith('noto-sans-arabic');
const isBlank = (run: TextRun) => run.text.trim() === '';

/**
 * A line's runs in the order they are drawn, left to right. pdfkit shapes one Arabic word right
 * to left but misplaces the spaces of a run of several (the space before the last word moves to
 * the run's start), and draws runs in the order given: so Arabic runs are cut into words and each
 * stretch of Arabic words is drawn last word first, as the bidirectional rule orders them in a
 * left-to-right line. Spaces at a stretch's ends stay where they are.
 */
export function visualOrder(runs: readonly TextRun[]): TextRun[] {
  const pieces = runs.flatMap((run) =>
    isRightToLeft(run)
      ? run.text
          .split(/(\s+)/u)
          .filter(Boolean)
          .map((text) => ({ face: run.face, text }))
      : [run],
  );
  const drawn: TextRun[] = [];
  let start = 0;
  while (start < pieces.length) {
    const first = pieces[start]!;
    if (!isRightToLeft(first) || isBlank(first)) {
      drawn.push(first);
      start += 1;
      continue;
    }
    let lastWord = start;
    for (let i = start; i < pieces.length && isRightToLeft(pieces[i]!); i += 1) {
      if (!isBlank(pieces[i]!)) lastWord = i;
    }
    drawn.push(...pieces.slice(start, lastWord + 1).reverse());
    start = lastWord + 1;
  }
  return drawn;
}
