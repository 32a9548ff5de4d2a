import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { parseByteRange, resolveRange, type VideoStore } from './video-store';
import { createDiskVideoStore } from './video-store-disk';
import { createS3VideoStore, s3ClientConfig } from './video-store-s3';

describe('byte ranges', () => {
  it('when a request asks one range, then it is read as the bytes it names; anything else is the whole file', () => {
    expect(parseByteRange('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=100-')).toEqual({ start: 100 });
    expect(parseByteRange('bytes=-10')).toEqual({ suffix: 10 });
    for (const whole of [undefined, 'bytes=0-1,5-6', 'items=0-1', 'bytes=5-1', 'bytes=-']) {
      expect(parseByteRange(whole)).toBeUndefined();
    }
    expect(resolveRange({ start: 10, end: 999 }, 50)).toEqual({ start: 10, end: 49 });
    expect(resolveRange({ suffix: 10 }, 50)).toEqual({ start: 40, end: 49 });
    expect(resolveRange({ start: 50 }, 50)).toBeNull();
    expect(resolveRange(undefined, 50)).toEqual({ start: 0, end: 49 });
  });
});

let s3: TestS3;
let root: string;
beforeAll(async () => {
  s3 = await startTestS3('store-test');
  root = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-video-store-'));
});
afterAll(async () => {
  await s3?.close();
  await rm(root, { recursive: true, force: true });
});

const adapters: [string, () => Promise<VideoStore>][] = [
  ['disk', () => createDiskVideoStore(path.join(root, 'disk'))],
  [
    'S3',
    () =>
      createS3VideoStore(loadConfig({ ...s3.env, VIDEO_S3_PREFIX: 'site-a' }).video.s3!, {
        workDir: path.join(root, 's3-work'),
      }),
  ],
];

describe.each(adapters)('the %s video store', (_name, create) => {
  let store: VideoStore;
  beforeAll(async () => {
    store = await create();
  });

  /** A tus upload as an educator's browser leaves it: begun, part of the bytes sent. */
  async function beginUpload(videoId: string, bytes: Buffer, sent: number) {
    await store.uploads.create(
      new Upload({ id: videoId, size: bytes.length, offset: 0, metadata: { filename: 'a.mp4' } }),
    );
    if (sent > 0) await store.uploads.write(Readable.from([bytes.subarray(0, sent)]), videoId, 0);
  }

  it('when renditions are published, then they are read whole or by range, and removing the video leaves nothing', async () => {
    const videoId = randomUUID();
    const bytes = Buffer.from('0123456789'.repeat(10));
    await beginUpload(videoId, bytes, bytes.length);
    const original = await store.openOriginal(videoId);
    expect(original).not.toBeNull();
    await original!.release();

    const work = await store.openWorkspace(videoId);
    await mkdir(path.join(work.dir, '240p'));
    await writeFile(path.join(work.dir, '240p', 'seg_00000.m4s'), bytes);
    await writeFile(path.join(work.dir, '240p', '.done'), '');
    await writeFile(path.join(work.dir, 'master.m3u8'), '#EXTM3U\n');
    expect(await work.has('240p/.done')).toBe(store.kind === 'disk');
    await work.publish('240p');
    await work.publish('master.m3u8');
    expect(await work.has('240p/.done')).toBe(true);
    await work.close();

    const ranged = await store.read(videoId, '240p/seg_00000.m4s', { start: 10, end: 14 });
    expect(ranged).toMatchObject({ kind: 'found', start: 10, end: 14, size: 100 });
    if (ranged.kind === 'found') expect(await text(ranged.body)).toBe('01234');
    const whole = await store.read(videoId, 'master.m3u8');
    if (whole.kind !== 'found') throw new Error(whole.kind);
    expect(await text(whole.body)).toBe('#EXTM3U\n');
    expect(await store.read(videoId, '240p/seg_00000.m4s', { start: 100 })).toEqual({
      kind: 'unsatisfiable',
      size: 100,
    });
    expect(await store.read(videoId, '360p/index.m3u8')).toEqual({ kind: 'missing' });
    expect(await store.filesOf(videoId)).toEqual(
      expect.arrayContaining([
        `uploads/${videoId}`,
        `media/${videoId}/240p/.done`,
        `media/${videoId}/240p/seg_00000.m4s`,
        `media/${videoId}/master.m3u8`,
      ]),
    );

    expect(await store.storedVideoIds()).toContain(videoId);
    await store.remove(videoId);
    expect(await store.filesOf(videoId)).toEqual([]);
    expect(await store.storedVideoIds()).not.toContain(videoId);
  });

  it('when an upload was abandoned half-way, then removing it removes what it had stored', async () => {
    const videoId = randomUUID();
    const bytes = Buffer.alloc(1000, 7);
    await beginUpload(videoId, bytes, 400);
    expect((await store.uploads.getUpload(videoId)).offset).toBe(400);
    expect(await store.filesOf(videoId)).not.toEqual([]);
    await store.remove(videoId);
    expect(await store.filesOf(videoId)).toEqual([]);
    expect(await store.openOriginal(videoId)).toBeNull();
  });
});

describe("the S3 store's local work folder", () => {
  it('when the store opens, then local copies a crash left a day ago go and recent ones stay', async () => {
    const workDir = path.join(root, 's3-work');
    await mkdir(workDir, { recursive: true });
    const old = path.join(workDir, `${randomUUID()}-old`);
    const recent = path.join(workDir, `${randomUUID()}-recent`);
    await writeFile(old, 'x');
    await writeFile(recent, 'x');
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await utimes(old, dayAgo, dayAgo);
    await adapters[1]![1]();
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  });
});

describe("the S3 store's copy of an original", () => {
  const config = () => loadConfig({ ...s3.env, VIDEO_S3_PREFIX: 'site-k' }).video.s3!;
  const workDir = () => path.join(root, 's3-keep-work');

  async function uploaded(store: VideoStore, bytes: Buffer): Promise<string> {
    const videoId = randomUUID();
    await store.uploads.create(
      new Upload({ id: videoId, size: bytes.length, offset: 0, metadata: { filename: 'a.mp4' } }),
    );
    await store.uploads.write(Readable.from([bytes]), videoId, 0);
    return videoId;
  }

  /** Deletes the stored original behind the store's back: what opens next must be the local copy. */
  async function deleteStoredOriginal(videoId: string): Promise<void> {
    const s3Config = config();
    const client = new S3Client(s3ClientConfig(s3Config));
    await client.send(
      new DeleteObjectCommand({
        Bucket: s3Config.bucket,
        Key: `${s3Config.prefix}uploads/${videoId}`,
      }),
    );
    client.destroy();
  }

  it('when the probe keeps its copy, then the job opens it without downloading the original again, and its release deletes it', async () => {
    const store = await createS3VideoStore(config(), { workDir: workDir() });
    const bytes = Buffer.from('vídeo '.repeat(50));
    const videoId = await uploaded(store, bytes);
    const probe = await store.openOriginal(videoId);
    probe!.keep();
    await deleteStoredOriginal(videoId);

    const job = await store.openOriginal(videoId);
    expect(job?.file).toBe(probe!.file);
    expect(await readFile(job!.file)).toEqual(bytes);
    await job!.release();
    expect(existsSync(job!.file)).toBe(false);
    expect(await store.openOriginal(videoId)).toBeNull();
  });

  it('when no job comes for a kept copy, then it goes after its time; removing the video deletes it at once', async () => {
    const store = await createS3VideoStore(config(), { workDir: workDir(), keepOriginalMs: 50 });
    const bytes = Buffer.from('x'.repeat(300));
    const waited = await uploaded(store, bytes);
    const forgotten = await store.openOriginal(waited);
    forgotten!.keep();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(existsSync(forgotten!.file)).toBe(false);

    const removed = await uploaded(store, bytes);
    const kept = await store.openOriginal(removed);
    kept!.keep();
    await store.remove(removed);
    expect(existsSync(kept!.file)).toBe(false);
    expect(await store.openOriginal(removed)).toBeNull();
  });
});
