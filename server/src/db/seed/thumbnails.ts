import { sharp } from '../../providers/image-library';
import type { SaveNamedImage } from '../../providers/thumbnail-storage';

export const THUMBNAIL_WIDTH = 1280;
export const THUMBNAIL_HEIGHT = 720;
export const AVATAR_SIZE = 256;
const BRAND = 'Aprendiz';
const MARGIN = 96;
const TILE = 160;
const TILE_TOP = 72;
const BRAND_BASELINE = THUMBNAIL_HEIGHT - 64;
/**
 * We get no font metrics from librsvg; a bold glyph of the usual sans-serif fallbacks (DejaVu,
 * Liberation) averages about this many px of width per px of font size.
 */
const GLYPH_WIDTH_RATIO = 0.62;
/** Big type while the title fits in two lines; longer titles get three smaller lines. */
const TITLE_LAYOUTS = [
  { fontSize: 68, maxLines: 2 },
  { fontSize: 60, maxLines: 2 },
  { fontSize: 56, maxLines: 3 },
  { fontSize: 50, maxLines: 3 },
] as const;

export interface ThumbnailSpec {
  title: string;
  monogram: string;
  colors: readonly [string, string];
}

export interface ImageJob {
  /** The .webp image's name, served at /uploads/<name>. */
  name: string;
  svg: string;
  width: number;
  height: number;
}

export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** Greedy word wrap by character budget; a word longer than the budget gets a line of its own. */
export function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (current === '') current = word;
    else if (current.length + 1 + word.length <= maxChars) current += ` ${word}`;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current !== '') lines.push(current);
  return lines;
}

/**
 * The first layout the title fits in; a title too long even for the last one keeps its lines and
 * ends in an ellipsis rather than overflow the image.
 */
export function layoutTitle(title: string): { fontSize: number; lines: string[] } {
  const available = THUMBNAIL_WIDTH - 2 * MARGIN;
  const wrapAt = (fontSize: number) =>
    wrapWords(title, Math.floor(available / (fontSize * GLYPH_WIDTH_RATIO)));
  for (const { fontSize, maxLines } of TITLE_LAYOUTS) {
    const lines = wrapAt(fontSize);
    if (lines.length <= maxLines) return { fontSize, lines };
  }
  const { fontSize, maxLines } = TITLE_LAYOUTS.at(-1)!;
  const lines = wrapAt(fontSize).slice(0, maxLines);
  lines[maxLines - 1] = `${lines[maxLines - 1]}…`;
  return { fontSize, lines };
}

function monogramFontSize(monogram: string): number {
  return monogram.length <= 2 ? 84 : monogram.length === 3 ? 68 : monogram.length === 4 ? 54 : 44;
}

export function renderThumbnailSvg({ title, monogram, colors }: ThumbnailSpec): string {
  const { fontSize, lines } = layoutTitle(title);
  const lineHeight = Math.round(fontSize * 1.18);
  // The title block is centred in the band between the monogram tile and the brand line.
  const bandTop = TILE_TOP + TILE + 24;
  const bandBottom = BRAND_BASELINE - 56;
  const firstBaseline = Math.round(
    (bandTop + bandBottom - lineHeight * lines.length) / 2 + fontSize * 0.9,
  );
  const titleLines = lines
    .map(
      (line, i) =>
        `<tspan x="${MARGIN}" y="${firstBaseline + i * lineHeight}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${THUMBNAIL_WIDTH}" height="${THUMBNAIL_HEIGHT}" viewBox="0 0 ${THUMBNAIL_WIDTH} ${THUMBNAIL_HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<circle cx="1130" cy="120" r="260" fill="#ffffff" fill-opacity="0.07"/>
<circle cx="1240" cy="640" r="190" fill="#ffffff" fill-opacity="0.05"/>
<rect x="${MARGIN}" y="${TILE_TOP}" width="${TILE}" height="${TILE}" rx="32" fill="#ffffff" fill-opacity="0.16"/>
<text x="${MARGIN + TILE / 2}" y="${TILE_TOP + TILE / 2}" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${monogramFontSize(monogram)}" fill="#ffffff">${escapeXml(monogram)}</text>
<text font-family="sans-serif" font-weight="700" font-size="${fontSize}" fill="#ffffff">${titleLines}</text>
<circle cx="${MARGIN + 13}" cy="${BRAND_BASELINE - 12}" r="13" fill="#ffffff"/>
<text x="${MARGIN + 38}" y="${BRAND_BASELINE}" font-family="sans-serif" font-weight="600" font-size="34" fill="#ffffff" fill-opacity="0.9">${BRAND}</text>
</svg>`;
}

export function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => w !== '');
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

export function renderAvatarSvg(name: string, colors: readonly [string, string]): string {
  const half = AVATAR_SIZE / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" viewBox="0 0 ${AVATAR_SIZE} ${AVATAR_SIZE}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<text x="${half}" y="${half}" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="104" fill="#ffffff">${escapeXml(initials(name))}</text>
</svg>`;
}

/**
 * Encodes every job to WebP and hands it to `save`, a few at a time: sharp already spreads one
 * encode over threads, so more parallelism only adds memory pressure.
 */
export async function writeImages(
  jobs: readonly ImageJob[],
  save: SaveNamedImage,
  concurrency = 4,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      // effort 2 halves the encode time of the default 4 for a file only a few per cent larger.
      const webp = await sharp(Buffer.from(job.svg))
        .resize(job.width, job.height)
        .webp({ quality: 82, effort: 2 })
        .toBuffer();
      await save(job.name, webp);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
}
