import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { S3Store, type Options as S3StoreOptions } from '@tus/s3-store';
import type { VideoS3Config } from '../../config';
import {
  checkedMediaName,
  checkedVideoId,
  type ByteRange,
  type ReadResult,
  type VideoStore,
  videoIdsIn,
} from './video-store';

/**
 * Video in an S3-compatible bucket, so every instance sees every upload and rendition. Keys mirror
 * the disk: `<prefix>uploads/<id>` is the original (tus keeps `<id>.info` and, between requests,
 * `<id>.part` beside it, and a multipart upload while it is unfinished), `<prefix>media/<id>/…`
 * what plays. ffmpeg works on local files under `<workDir>`: the original is streamed down to a
 * temporary file, renditions are made in a temporary folder and streamed up, and both go after.
 */

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
};
/** Files uploaded at once when a rendition is published: enough to fill the pipe, few sockets. */
const PUBLISH_CONCURRENCY = 4;
/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1000;
const DONE_NAME = '.done';
/** How long a kept copy of an original waits for its processing job before it goes. */
export const KEEP_ORIGINAL_MS = 15 * 60 * 1000;

export function s3ClientConfig(s3: VideoS3Config): S3ClientConfig {
  return {
    region: s3.region,
    ...(s3.endpoint && { endpoint: s3.endpoint }),
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // The SDK's default checksums (CRC32 on every upload, aws-chunked bodies) are not understood by
    // every S3-compatible service; asking them only where S3 requires them works everywhere.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** tus's S3 store names objects by the upload id alone; this puts them under `keyPrefix`. */
class PrefixedS3Store extends S3Store {
  constructor(options: S3StoreOptions, keyPrefix: string) {
    super(options);
    this.client.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { Key?: unknown };
        if (typeof input.Key === 'string') input.Key = `${keyPrefix}${input.Key}`;
        return next(args);
      },
      { step: 'initialize', name: 'videoUploadKeyPrefix' },
    );
  }
}

function errorName(err: unknown): string {
  if (typeof err !== 'object' || err === null) return '';
  const { name, Code } = err as { name?: unknown; Code?: unknown };
  return typeof Code === 'string' ? Code : typeof name === 'string' ? name : '';
}

const isMissing = (err: unknown) =>
  ['NoSuchKey', 'NotFound', 'NoSuchUpload'].includes(errorName(err));

function rangeHeader(range: ByteRange | undefined): string | undefined {
  if (!range) return undefined;
  if ('suffix' in range) return `bytes=-${range.suffix}`;
  return `bytes=${range.start}-${range.end ?? ''}`;
}

/** `bytes 0-99/1234` → its numbers. */
function parseContentRange(value: string | undefined) {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value ?? '');
  if (!match) return null;
  return { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) };
}

/**
 * Local copies a crashed process left behind. Only old ones: another instance sharing this
 * DATA_DIR may be transcoding now, and no attempt runs longer than the job's expiry.
 */
export const STALE_WORK_MS = 7 * 60 * 60 * 1000;
async function removeStaleWork(workDir: string, now: number): Promise<void> {
  for (const name of await readdir(workDir)) {
    const entry = path.join(workDir, name);
    const { mtimeMs } = await stat(entry).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs > STALE_WORK_MS) await rm(entry, { recursive: true, force: true });
  }
}

export async function createS3VideoStore(
  s3: VideoS3Config,
  options: { workDir: string; keepOriginalMs?: number },
): Promise<VideoStore> {
  const client = new S3Client(s3ClientConfig(s3));
  const { bucket, prefix } = s3;
  const uploadKey = (videoId: string) => `${prefix}uploads/${checkedVideoId(videoId)}`;
  const mediaKey = (videoId: string, name = '') =>
    `${prefix}media/${checkedVideoId(videoId)}/${name === '' ? '' : checkedMediaName(name)}`;
  // Not the system's temporary folder: that is often memory (tmpfs), and an original can be 4 GB.
  await mkdir(options.workDir, { recursive: true });
  await removeStaleWork(options.workDir, Date.now());

  const keepOriginalMs = options.keepOriginalMs ?? KEEP_ORIGINAL_MS;
  /** The one local copy of a video's original on this instance; kept ones wait on a timer. */
  const localOriginal = (videoId: string) =>
    path.join(options.workDir, `${checkedVideoId(videoId)}.original`);
  const keptTimers = new Map<string, NodeJS.Timeout>();
  /** A kept copy claimed or dropped: its timer no longer runs. */
  function stopKeeping(videoId: string): void {
    clearTimeout(keptTimers.get(videoId));
    keptTimers.delete(videoId);
  }
  async function dropLocalOriginal(videoId: string): Promise<void> {
    stopKeeping(videoId);
    await rm(localOriginal(videoId), { force: true });
  }

  /** Keys under `keyPrefix`; with `folders`, only the next level's 'folders' (`…/<id>/`). */
  async function keysUnder(keyPrefix: string, folders = false): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: keyPrefix,
          ContinuationToken: token,
          ...(folders && { Delimiter: '/' }),
        }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      for (const folder of page.CommonPrefixes ?? []) if (folder.Prefix) keys.push(folder.Prefix);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async function deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const result = await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (result.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length > 0) {
        throw new Error(`S3 kept ${failed.length} object(s): ${failed[0]!.Code} ${failed[0]!.Key}`);
      }
    }
  }

  /** An unfinished tus upload is an open multipart upload whose parts take space until aborted. */
  async function abortUpload(videoId: string): Promise<void> {
    let uploadId: string | undefined;
    try {
      const info = await client.send(
        new HeadObjectCommand({ Bucket: bucket, Key: `${uploadKey(videoId)}.info` }),
      );
      uploadId = info.Metadata?.['upload-id'];
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    if (!uploadId) return;
    try {
      await client.send(
        new AbortMultipartUploadCommand({
          Bucket: bucket,
          Key: uploadKey(videoId),
          UploadId: uploadId,
        }),
      );
    } catch (err) {
      // Finished (completed into the original) or already aborted.
      if (!isMissing(err)) throw err;
    }
  }

  async function removeOriginal(videoId: string): Promise<void> {
    await dropLocalOriginal(videoId);
    await abortUpload(videoId);
    // The original, `.info` and `.part`: a video id is a UUID, so no other upload shares the prefix.
    await deleteKeys(await keysUnder(uploadKey(videoId)));
  }

  async function putFile(key: string, file: string): Promise<void> {
    const { size } = await stat(file);
    await new Upload({
      client,
      params: {
        Bucket: bucket,
        Key: key,
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      },
    }).done();
  }

  return {
    kind: 's3',
    uploads: new PrefixedS3Store(
      { s3ClientConfig: { bucket, ...s3ClientConfig(s3) } },
      `${prefix}uploads/`,
    ),

    async openOriginal(videoId) {
      const file = localOriginal(videoId);
      stopKeeping(videoId);
      // A copy kept by the upload's probe (a copy is renamed into place only once whole).
      if (!existsSync(file)) {
        let body: Readable;
        try {
          const object = await client.send(
            new GetObjectCommand({ Bucket: bucket, Key: uploadKey(videoId) }),
          );
          body = object.Body as Readable;
        } catch (err) {
          if (isMissing(err)) return null;
          throw err;
        }
        const partial = path.join(options.workDir, `${videoId}-${randomUUID()}.download`);
        try {
          await pipeline(body, createWriteStream(partial));
          await rename(partial, file);
        } finally {
          await rm(partial, { force: true });
        }
      }
      return {
        file,
        release: () => dropLocalOriginal(videoId),
        keep() {
          const timer = setTimeout(() => void dropLocalOriginal(videoId), keepOriginalMs);
          timer.unref();
          keptTimers.set(videoId, timer);
        },
      };
    },

    removeOriginal,

    async openWorkspace(videoId) {
      const dir = await mkdtemp(path.join(options.workDir, `${checkedVideoId(videoId)}-`));
      const local = (name: string) => path.join(dir, checkedMediaName(name));
      return {
        dir,
        async has(name) {
          try {
            await client.send(
              new HeadObjectCommand({ Bucket: bucket, Key: mediaKey(videoId, name) }),
            );
            return true;
          } catch (err) {
            if (isMissing(err)) return false;
            throw err;
          }
        },
        async publish(name) {
          const source = local(name);
          if (!(await stat(source)).isDirectory()) {
            await putFile(mediaKey(videoId, name), source);
            await rm(source, { force: true });
            return;
          }
          const files = (await readdir(source)).sort();
          const body = files.filter((f) => f !== DONE_NAME);
          for (let i = 0; i < body.length; i += PUBLISH_CONCURRENCY) {
            await Promise.all(
              body
                .slice(i, i + PUBLISH_CONCURRENCY)
                .map((f) => putFile(mediaKey(videoId, `${name}/${f}`), path.join(source, f))),
            );
          }
          // The marker goes last: once it is stored, so is every file of the folder.
          if (files.includes(DONE_NAME)) {
            await putFile(mediaKey(videoId, `${name}/${DONE_NAME}`), path.join(source, DONE_NAME));
          }
          await rm(source, { recursive: true, force: true });
        },
        async discard(name) {
          const key = mediaKey(videoId, name);
          await deleteKeys([...(await keysUnder(`${key}/`)), key]);
        },
        close: () => rm(dir, { recursive: true, force: true }),
      };
    },

    async read(videoId, file, range): Promise<ReadResult> {
      const Key = mediaKey(videoId, file);
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key, Range: rangeHeader(range) }),
        );
        const body = object.Body as Readable;
        const ranged = parseContentRange(object.ContentRange);
        if (ranged) return { kind: 'found', body, ...ranged };
        const size = object.ContentLength ?? 0;
        return { kind: 'found', body, size, start: 0, end: size - 1 };
      } catch (err) {
        if (isMissing(err)) return { kind: 'missing' };
        if (errorName(err) !== 'InvalidRange') throw err;
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
        return { kind: 'unsatisfiable', size: head.ContentLength ?? 0 };
      }
    },

    async remove(videoId) {
      await removeOriginal(videoId);
      await deleteKeys(await keysUnder(mediaKey(videoId)));
    },

    async filesOf(videoId) {
      const keys = [
        ...(await keysUnder(uploadKey(videoId))),
        ...(await keysUnder(mediaKey(videoId))),
      ];
      return keys.map((key) => key.slice(prefix.length)).sort();
    },

    async storedVideoIds() {
      const uploads = `${prefix}uploads/`;
      const media = `${prefix}media/`;
      const [uploadKeys, mediaFolders] = await Promise.all([
        keysUnder(uploads, true),
        keysUnder(media, true),
      ]);
      return videoIdsIn([
        ...uploadKeys.map((key) => key.slice(uploads.length)),
        ...mediaFolders.map((key) => key.slice(media.length)),
      ]);
    },
  };
}
