/**
 * Captions are kept as WebVTT. An educator may send WebVTT or SRT (what most subtitle tools
 * export); SRT becomes WebVTT by its header and the decimal point of its times. A track must have
 * at least one cue, each with a start before its end; the player and the transcript panel read the
 * cues this returns.
 */

export const CAPTIONS_MAX_CHARS = 1_000_000;

export const CAPTION_PROBLEMS = {
  empty: 'A legenda está vazia: envie um arquivo WebVTT (.vtt) ou SRT (.srt) com falas.',
  timing:
    'A legenda tem um tempo inválido: cada fala precisa de início e fim (00:00:01.000 --> 00:00:03.000), com o início antes do fim.',
  tooLong: `A legenda pode ter no máximo ${CAPTIONS_MAX_CHARS.toLocaleString('pt-BR')} caracteres.`,
} as const;

export interface Cue {
  startSeconds: number;
  endSeconds: number;
  text: string;
}

export type CaptionsResult =
  { ok: true; vtt: string; cues: Cue[] } | { ok: false; problem: string };

const TIME = String.raw`(?:(\d{1,3}):)?(\d{2}):(\d{2})[.,](\d{3})`;
const TIMING = new RegExp(`^${TIME}\\s+-->\\s+${TIME}(?:\\s+.*)?$`);

function seconds(h: string | undefined, m: string, s: string, ms: string): number {
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;
}

function stamp(total: number): string {
  const ms = Math.round(total * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** Reads WebVTT or SRT text; answers clean WebVTT and its cues, or the problem in Portuguese. */
export function parseCaptions(input: string): CaptionsResult {
  if (input.length > CAPTIONS_MAX_CHARS) return { ok: false, problem: CAPTION_PROBLEMS.tooLong };
  const lines = input
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  if (lines[0]?.startsWith('WEBVTT')) lines.shift();
  const cues: Cue[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!.trim();
    const timing = TIMING.exec(line);
    if (!timing) {
      // Cue numbers (SRT), identifiers, NOTE and STYLE blocks: skipped up to the next timing line,
      // but a line that looks like a timing and is not one is an error, not something to skip.
      if (line.includes('-->')) return { ok: false, problem: CAPTION_PROBLEMS.timing };
      index += 1;
      continue;
    }
    const start = seconds(timing[1], timing[2]!, timing[3]!, timing[4]!);
    const end = seconds(timing[5], timing[6]!, timing[7]!, timing[8]!);
    if (!(end > start) || Number(timing[3]) > 59 || Number(timing[7]) > 59) {
      return { ok: false, problem: CAPTION_PROBLEMS.timing };
    }
    index += 1;
    const text: string[] = [];
    while (index < lines.length && lines[index]!.trim() !== '') {
      text.push(lines[index]!.trim());
      index += 1;
    }
    if (text.length > 0) cues.push({ startSeconds: start, endSeconds: end, text: text.join('\n') });
  }
  if (cues.length === 0) return { ok: false, problem: CAPTION_PROBLEMS.empty };
  const body = cues
    .map((cue) => `${stamp(cue.startSeconds)} --> ${stamp(cue.endSeconds)}\n${cue.text}`)
    .join('\n\n');
  return { ok: true, vtt: `WEBVTT\n\n${body}\n`, cues };
}
