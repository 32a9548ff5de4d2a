import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { VideoRendition } from '@aprendiz/contract/videos';
import { runTool, type ToolRun } from './ffmpeg-process';
import { inputArgs, type ProbedVideo } from './video-probe';

/**
 * What ffmpeg makes of an upload: first a quick HLS copy ('source', playable seconds after the
 * upload ends), then the ladder, each rung its own fMP4 HLS playlist in its own folder, and the
 * master playlist that names them by relative URIs (the playback token stays in the path).
 */

export interface Rung {
  name: Exclude<VideoRendition, 'audio'>;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

export const LADDER: readonly Rung[] = [
  { name: '240p', height: 240, videoKbps: 400, audioKbps: 64 },
  { name: '360p', height: 360, videoKbps: 800, audioKbps: 96 },
  { name: '720p', height: 720, videoKbps: 2800, audioKbps: 128 },
];
export const AUDIO_ONLY_KBPS = 64;
/** Segment length: short enough to start fast and switch quality soon, long enough to cache well. */
export const SEGMENT_SECONDS = 4;
/** A rung's folder holds this file once its playlist is complete: a restarted job skips it. */
export const DONE_MARKER = '.done';
export const SOURCE_FOLDER = 'source';

/**
 * The rungs a video gets: never taller than itself, but always the lowest one (a tiny video still
 * gets its data-saver rendition, at its own size).
 */
export function ladderFor(sourceHeight: number): Rung[] {
  const rungs = LADDER.filter((rung) => rung.height <= sourceHeight);
  return rungs.length > 0 ? rungs : [LADDER[0]!];
}

/** An even height no taller than the source, as H.264 in 4:2:0 needs. */
function outputHeight(rung: Rung, sourceHeight: number): number {
  return Math.max(16, Math.floor(Math.min(rung.height, sourceHeight) / 2) * 2);
}

function hlsOutput(folder: string, threads: number): string[] {
  return [
    '-threads',
    String(threads),
    '-progress',
    'pipe:1',
    '-nostats',
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'fmp4',
    '-hls_fmp4_init_filename',
    'init.mp4',
    '-hls_segment_filename',
    path.join(folder, 'seg_%05d.m4s'),
    path.join(folder, 'index.m3u8'),
  ];
}

export interface TranscodeOptions {
  ffmpeg: string;
  threads: number;
  /** Seconds of output written so far, as ffmpeg reports it. */
  onProgress?: (seconds: number) => void;
  /** Called with the running process, so a caller (or a test) can see or stop it. */
  onStart?: (run: ToolRun) => void;
}

async function runFfmpeg(args: string[], timeoutMs: number, options: TranscodeOptions) {
  let pending = '';
  const run = runTool(options.ffmpeg, ['-nostdin', '-hide_banner', '-v', 'error', '-y', ...args], {
    timeoutMs,
    onStdout: (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match) options.onProgress?.(Number(match[1]) / 1e6);
      }
    },
  });
  options.onStart?.(run);
  await run.done;
}

/** A transcode may take this long per second of video before it is taken for stuck and killed. */
function timeoutFor(durationSeconds: number): number {
  return Math.ceil(60_000 + durationSeconds * 20_000);
}

function keyframes(): string[] {
  return ['-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0'];
}

/** Stereo AAC at `kbps`: every rendition's sound. */
function aacAudio(kbps: number): string[] {
  return ['-c:a', 'aac', '-b:a', `${kbps}k`, '-ac', '2'];
}

/** The first video stream and the first sound stream, if the file has one. */
const VIDEO_AND_SOUND = ['-map', '0:v:0', '-map', '0:a:0?'];

/**
 * One HLS rendition into `folder`, made afresh (a half-made folder from a killed run is emptied
 * first) and marked done once ffmpeg has finished, so a rerun skips it.
 */
async function makeHls(
  input: string,
  probe: ProbedVideo,
  folder: string,
  outputArgs: readonly string[],
  options: TranscodeOptions,
): Promise<void> {
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  await runFfmpeg(
    [...inputArgs(probe.demuxer, input), ...outputArgs, ...hlsOutput(folder, options.threads)],
    timeoutFor(probe.durationSeconds),
    options,
  );
  await writeFile(path.join(folder, DONE_MARKER), '');
}

/**
 * The quick pass: H.264 with AAC (or no sound) is copied as it is, in seconds; anything else gets a
 * fast low rendition, so the lecture plays long before the ladder is done.
 */
export async function makeSourceRendition(
  input: string,
  probe: ProbedVideo,
  folder: string,
  options: TranscodeOptions,
): Promise<void> {
  const copyable =
    probe.videoCodec === 'h264' && (probe.audioCodec === null || probe.audioCodec === 'aac');
  const codecs = copyable
    ? ['-c', 'copy']
    : [
        '-vf',
        `scale=-2:${outputHeight(LADDER[0]!, probe.height)}`,
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        ...keyframes(),
        ...aacAudio(64),
      ];
  await makeHls(input, probe, folder, [...VIDEO_AND_SOUND, ...codecs], options);
}

export async function makeRung(
  input: string,
  probe: ProbedVideo,
  rung: Rung,
  folder: string,
  options: TranscodeOptions,
): Promise<void> {
  await makeHls(
    input,
    probe,
    folder,
    [
      ...VIDEO_AND_SOUND,
      '-vf',
      `scale=-2:${outputHeight(rung, probe.height)}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      `${rung.videoKbps}k`,
      '-maxrate',
      `${Math.round(rung.videoKbps * 1.1)}k`,
      '-bufsize',
      `${rung.videoKbps * 2}k`,
      ...keyframes(),
      ...aacAudio(rung.audioKbps),
    ],
    options,
  );
}

export async function makeAudioRendition(
  input: string,
  probe: ProbedVideo,
  folder: string,
  options: TranscodeOptions,
): Promise<void> {
  await makeHls(
    input,
    probe,
    folder,
    ['-map', '0:a:0', '-vn', ...aacAudio(AUDIO_ONLY_KBPS)],
    options,
  );
}

export async function makePoster(
  input: string,
  probe: ProbedVideo,
  file: string,
  options: TranscodeOptions,
): Promise<void> {
  const at = Math.min(1, probe.durationSeconds / 2).toFixed(2);
  await runFfmpeg(
    [
      '-ss',
      at,
      ...inputArgs(probe.demuxer, input),
      '-frames:v',
      '1',
      '-vf',
      `scale=-2:${Math.min(720, Math.floor(probe.height / 2) * 2)}`,
      '-q:v',
      '4',
      '-threads',
      String(options.threads),
      '-f',
      'image2',
      file,
    ],
    60_000,
    options,
  );
}

export interface MasterEntry {
  folder: string;
  name: string;
  kbps: number;
  width: number;
  height: number;
}

/** The master playlist: each rendition by a relative URI, so the token in the path covers it. */
export function masterPlaylist(entries: readonly MasterEntry[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const entry of entries) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${entry.kbps * 1000},RESOLUTION=${entry.width}x${entry.height},NAME="${entry.name}"`,
      `${entry.folder}/index.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The size a rung comes out at, for the master playlist. */
export function rungSize(rung: Rung, probe: ProbedVideo): { width: number; height: number } {
  const height = outputHeight(rung, probe.height);
  const width = Math.round((probe.width * height) / probe.height / 2) * 2;
  return { width, height };
}
