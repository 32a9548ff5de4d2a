import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/utils';

/**
 * Where a video's bytes live, whatever holds them: the tus upload in progress, the uploaded
 * original, and `media/<videoId>/…` (renditions, poster, master playlist). Two adapters: the disk
 * under DATA_DIR/video (one instance, or a shared volume) and an S3-compatible bucket (several
 * instances). ffmpeg only ever reads and writes local files: the store hands it a local copy of
 * the original and a local folder, and publishes what it made.
 */
export interface VideoStore {
  readonly kind: 'disk' | 's3';
  /** The tus data store uploads stream into (an upload's id is its video's id). */
  readonly uploads: DataStore;
  /** A local file holding the uploaded original, for ffprobe and ffmpeg; null when there is none. */
  openOriginal(videoId: string): Promise<LocalOriginal | null>;
  /** Drops the original and the tus upload's own records (its metadata, unfinished parts). */
  removeOriginal(videoId: string): Promise<void>;
  /** A local folder to make a video's renditions in, published to the store piece by piece. */
  openWorkspace(videoId: string): Promise<Workspace>;
  /** A file of `media/<videoId>/`, or the part of it a byte range asks for. */
  read(videoId: string, file: string, range?: ByteRange): Promise<ReadResult>;
  /** Removes everything of a video: the upload in progress or finished, and its renditions. */
  remove(videoId: string): Promise<void>;
  /** The names the store holds for a video (`uploads/<id>…`, `media/<id>/…`), sorted. */
  filesOf(videoId: string): Promise<string[]>;
  /** Every video id the store holds anything of, sorted: what a sweep compares with the rows. */
  storedVideoIds(): Promise<string[]>;
}

export interface LocalOriginal {
  file: string;
  /** Deletes the local copy (never the stored original). */
  release(): Promise<void>;
  /**
   * Leaves the local copy for the next open of this video on this instance, for a while: the
   * upload's probe hands it to the processing job that follows, so S3 sends the original once.
   */
  keep(): void;
}

export interface Workspace {
  /** The local folder ffmpeg writes into (on disk: the video's media folder itself). */
  dir: string;
  /** Whether `name` (a file of the folder, e.g. `240p/.done`) is already stored. */
  has(name: string): Promise<boolean>;
  /** Makes the finished file or folder `name` of `dir` part of what plays. */
  publish(name: string): Promise<void>;
  /** Removes the published folder or file `name`. */
  discard(name: string): Promise<void>;
  /** Deletes whatever is local only; the published files stay. */
  close(): Promise<void>;
}

/** A single byte range as a request states it: from `start` (to `end`), or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export type ReadResult =
  | { kind: 'found'; body: Readable; size: number; start: number; end: number }
  | { kind: 'unsatisfiable'; size: number }
  | { kind: 'missing' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The video id a stored name starts with (`<id>`, `<id>.json`, `<id>.info`, `<id>/…`). */
const LEADING_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[./]|$)/;

export function videoIdsIn(names: Iterable<string>): string[] {
  const ids = new Set<string>();
  for (const name of names) {
    const match = LEADING_ID.exec(name);
    if (match) ids.add(match[1]!);
  }
  return [...ids].sort();
}

/** Every key or path is built from a video id checked here, so none can leave its folder. */
export function checkedVideoId(videoId: string): string {
  if (!UUID.test(videoId)) throw new Error(`not a video id: ${videoId}`);
  return videoId;
}

/** A relative name inside a video's folder: plain parts, none of them a way up or an absolute path. */
export function checkedMediaName(name: string): string {
  const parts = name.split('/');
  if (parts.some((part) => part === '.' || part === '..' || !/^[A-Za-z0-9_.-]+$/.test(part))) {
    throw new Error(`not a media file name: ${name}`);
  }
  return name;
}

/**
 * Parses a `Range` header into one range; anything else (several ranges, another unit, garbage) is
 * answered as if no range had been asked, which HTTP allows.
 */
export function parseByteRange(header: string | undefined): ByteRange | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') return { suffix: Number(to) };
  const start = Number(from);
  if (to === '') return { start };
  const end = Number(to);
  return end < start ? undefined : { start, end };
}

/** The bytes a range selects of a file of `size` bytes, or null when it selects none. */
export function resolveRange(
  range: ByteRange | undefined,
  size: number,
): { start: number; end: number } | null {
  if (!range) return size === 0 ? { start: 0, end: -1 } : { start: 0, end: size - 1 };
  if ('suffix' in range) {
    if (range.suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) return null;
  return { start: range.start, end: Math.min(size - 1, range.end ?? size - 1) };
}
