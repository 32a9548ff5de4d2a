import { open } from 'node:fs/promises';
import { runTool, ToolFailed } from './ffmpeg-process';

/**
 * Judges an uploaded file by what it is, never by its name. Its first bytes must open one of the
 * allowed containers; ffprobe then reads it with that demuxer forced (so a playlist, a script or an
 * image sequence is never interpreted as one) and only the `file` protocol allowed (so nothing the
 * file names, a local path or a URL, is ever opened). It must hold a video stream of sane size and a
 * duration.
 */

/** The allowed containers: their ffmpeg demuxer and how their first bytes look. */
export const VIDEO_CONTAINERS = {
  /** MP4 and QuickTime: an ISO base media box (ftyp, or moov/mdat/free/wide in older files). */
  mov: 'mov',
  /** Matroska and WebM: the EBML header. */
  matroska: 'matroska',
} as const;
export type VideoDemuxer = keyof typeof VIDEO_CONTAINERS;

export const VIDEO_REFUSED = {
  empty: 'O arquivo está vazio.',
  notVideo:
    'Este arquivo não é um vídeo que possamos usar. Envie um MP4, MOV, WebM ou MKV (o nome do arquivo não conta, só o conteúdo).',
  unreadable:
    'Não conseguimos ler este vídeo: ele parece incompleto ou corrompido. Exporte-o de novo e envie outra vez.',
  noVideoStream: 'O arquivo não tem imagem: envie um vídeo (um arquivo só de áudio não serve).',
  noDuration: 'Não conseguimos saber a duração deste vídeo. Exporte-o de novo e envie outra vez.',
  tooLong: 'O vídeo pode ter no máximo 24 horas.',
  dimensions: 'As dimensões deste vídeo não são válidas (máximo 7680 × 4320, mínimo 16 × 16).',
} as const;

export class VideoRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VideoRefused';
  }
}

const MAX_WIDTH = 7680;
const MAX_HEIGHT = 4320;
const MIN_SIDE = 16;
const MAX_DURATION_SECONDS = 24 * 60 * 60;
const PROBE_TIMEOUT_MS = 30_000;
const ISO_BOXES = new Set(['ftyp', 'moov', 'mdat', 'free', 'wide', 'skip', 'pnot']);

/** Which allowed container the first bytes open, or null. */
export function sniffContainer(head: Buffer): VideoDemuxer | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'matroska';
  if (head.length >= 8 && ISO_BOXES.has(head.toString('latin1', 4, 8))) return 'mov';
  return null;
}

export interface ProbedVideo {
  demuxer: VideoDemuxer;
  durationSeconds: number;
  width: number;
  height: number;
  videoCodec: string;
  /** Null: the video has no sound, so no audio-only rendition. */
  audioCodec: string | null;
}

interface ProbeOutput {
  format?: { format_name?: string; duration?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    duration?: string;
    disposition?: { attached_pic?: number };
  }[];
}

/** The arguments every ffmpeg and ffprobe run on an upload starts with: the demuxer, the file alone. */
export function inputArgs(demuxer: VideoDemuxer, file: string): string[] {
  return ['-protocol_whitelist', 'file', '-f', VIDEO_CONTAINERS[demuxer], '-i', `file:${file}`];
}

export async function probeVideo(ffprobe: string, file: string): Promise<ProbedVideo> {
  const handle = await open(file, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, 16, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (head.length === 0) throw new VideoRefused(VIDEO_REFUSED.empty);
  const demuxer = sniffContainer(head);
  if (!demuxer) throw new VideoRefused(VIDEO_REFUSED.notVideo);

  let output: ProbeOutput;
  try {
    const stdout = await runTool(
      ffprobe,
      [
        '-v',
        'error',
        ...inputArgs(demuxer, file),
        '-show_entries',
        'format=format_name,duration:stream=codec_type,codec_name,width,height,duration:stream_disposition=attached_pic',
        '-of',
        'json',
      ],
      { timeoutMs: PROBE_TIMEOUT_MS },
    ).done;
    output = JSON.parse(stdout) as ProbeOutput;
  } catch (err) {
    if (err instanceof ToolFailed || err instanceof SyntaxError) {
      throw new VideoRefused(VIDEO_REFUSED.unreadable);
    }
    throw err;
  }
  const streams = output.streams ?? [];
  // A cover picture is a 'video' stream of one frame: the moving one is what counts.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video) throw new VideoRefused(VIDEO_REFUSED.noVideoStream);
  const width = video.width ?? 0;
  const height = video.height ?? 0;
  if (
    !Number.isInteger(width) ||
    !Number.isInteger(height) ||
    width < MIN_SIDE ||
    height < MIN_SIDE ||
    width > MAX_WIDTH ||
    height > MAX_HEIGHT
  ) {
    throw new VideoRefused(VIDEO_REFUSED.dimensions);
  }
  const duration = Number(output.format?.duration ?? video.duration);
  if (!Number.isFinite(duration) || duration <= 0) throw new VideoRefused(VIDEO_REFUSED.noDuration);
  if (duration > MAX_DURATION_SECONDS) throw new VideoRefused(VIDEO_REFUSED.tooLong);
  const audio = streams.find((s) => s.codec_type === 'audio');
  return {
    demuxer,
    durationSeconds: duration,
    width,
    height,
    videoCodec: video.codec_name ?? 'unknown',
    audioCodec: audio?.codec_name ?? null,
  };
}
