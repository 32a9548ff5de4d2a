import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Transform } from 'node:stream';
import { text } from 'node:stream/consumers';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Chapter } from '@aprendiz/contract/courses';
import { videos } from '../../db/schema/videos';
import { enrollments } from '../../db/schema/enrollments';
import { createTestContext, type TestContext } from '../../test/test-app';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { enrollDirectly, insertCourse } from '../../test/fixtures/course-fixtures';
import { testVideo, type TestVideo } from '../../test/fixtures/video-fixtures';
import { VIDEO_REFUSED } from './video-probe';
import { playbackPath } from './video-token';
import { PLAYBACK_MESSAGES, UPLOAD_MESSAGES, UPLOADS_PATH } from './videos.routes';
import { LECTURE_LOCKED } from './videos.service';

const TUS = { 'Tus-Resumable': '1.0.0' };

function metadata(filename: string): string {
  return `filename ${Buffer.from(filename).toString('base64')}`;
}

async function createUpload(
  ctx: TestContext,
  auth: Record<string, string>,
  size: number,
  filename = 'aula.mp4',
) {
  return request(ctx.app)
    .post(UPLOADS_PATH)
    .set({ ...auth, ...TUS, 'Upload-Length': String(size), 'Upload-Metadata': metadata(filename) });
}

function patch(
  ctx: TestContext,
  auth: Record<string, string>,
  location: string,
  offset: number,
  body: Buffer,
) {
  return request(ctx.app)
    .patch(location)
    .set({
      ...auth,
      ...TUS,
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    })
    .send(body);
}

/** Uploads a whole file in one PATCH; answers the video id and the last response. */
async function upload(ctx: TestContext, auth: Record<string, string>, kind: TestVideo) {
  const bytes = await readFile(await testVideo(kind));
  const created = await createUpload(ctx, auth, bytes.length);
  expect(created.status).toBe(201);
  const location = created.headers.location as string;
  const finished = await patch(ctx, auth, location, 0, bytes);
  return { videoId: location.split('/').pop()!, finished, location };
}

async function waitFor<T>(
  what: () => Promise<T | undefined | null | false>,
  ms = 150_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

async function videoRow(ctx: TestContext, videoId: string) {
  const [row] = await ctx.database.db.select().from(videos).where(eq(videos.id, videoId));
  return row;
}

async function untilReady(ctx: TestContext, videoId: string) {
  return waitFor(async () => {
    const row = await videoRow(ctx, videoId);
    if (row?.status === 'failed') throw new Error(`video failed: ${row.error}`);
    return row?.status === 'ready' ? row : null;
  });
}

function contentWith(videoId: string): Chapter[] {
  return [
    {
      chapterId: 'ch-1',
      chapterTitle: 'Introdução',
      chapterOrder: 1,
      chapterContent: [
        {
          lectureId: 'free',
          lectureTitle: 'Amostra',
          lectureDuration: 1,
          lectureUrl: '',
          videoId,
          isPreviewFree: true,
          lectureOrder: 1,
        },
        {
          lectureId: 'locked',
          lectureTitle: 'Aula paga',
          lectureDuration: 1,
          lectureUrl: '',
          videoId,
          isPreviewFree: false,
          lectureOrder: 2,
        },
        {
          lectureId: 'youtube',
          lectureTitle: 'No YouTube',
          lectureDuration: 1,
          lectureUrl: 'https://youtu.be/locked00001',
          isPreviewFree: false,
          lectureOrder: 3,
        },
      ],
    },
  ];
}

/** A stored file's text, from whichever store the app uses. */
async function storedText(ctx: TestContext, videoId: string, file: string): Promise<string> {
  const read = await ctx.deps.video.store.read(videoId, file);
  if (read.kind !== 'found') throw new Error(`${file}: ${read.kind}`);
  return text(read.body);
}

/**
 * The same journeys with video on this machine's disk and in an S3 bucket (s3rver on loopback).
 * What does not depend on where the bytes are (the token matrix, captions, ownership) runs once,
 * on disk, to keep the suite short.
 */
describe.each(['disk', 'S3'] as const)('uploaded videos (%s)', (storage) => {
  let ctx: TestContext;
  let s3: TestS3 | undefined;
  let educator: Awaited<ReturnType<TestContext['createUser']>>;
  const onDisk = storage === 'disk' ? it : it.skip;

  beforeAll(async () => {
    if (storage === 'S3') s3 = await startTestS3();
    ctx = await createTestContext({
      VIDEO_QUOTA_BYTES_PER_EDUCATOR: String(3_000_000),
      ...s3?.env,
    });
    educator = await ctx.createUser({ role: 'educator' });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await s3?.close();
  });

  it('stores video where it is configured', () => {
    expect(ctx.deps.video.store.kind).toBe(storage === 'disk' ? 'disk' : 's3');
  });

  it('when an upload is cut off mid-way, then it resumes from what arrived and the video becomes ready', async () => {
    const bytes = await readFile(await testVideo('mp4'));
    const created = await createUpload(ctx, educator.auth, bytes.length);
    expect(created.status).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/educator\/videos\/uploads\/[0-9a-f-]{36}$/);
    const videoId = location.split('/').pop()!;

    // A real connection dropped half-way through the body, once the store has begun to receive it
    // (S3 asks the bucket about the upload first, which can outlast a fixed pause).
    const uploads = ctx.deps.video.store.uploads;
    const write = uploads.write.bind(uploads);
    let receiving!: () => void;
    const received = new Promise<void>((resolve) => (receiving = resolve));
    const spy = vi.spyOn(uploads, 'write').mockImplementation((source, id, offset) => {
      // Signals when the store consumes the first bytes (a 'data' listener would drop them).
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          receiving();
          done(null, chunk);
        },
      });
      source.on('error', (err) => tap.destroy(err));
      return write(source.pipe(tap), id, offset);
    });
    const server = http.createServer(ctx.app).listen(0);
    const { port } = server.address() as AddressInfo;
    const half = Math.floor(bytes.length / 2);
    await new Promise<void>((resolve) => {
      const req = http.request({
        port,
        method: 'PATCH',
        path: location,
        headers: {
          ...educator.auth,
          ...TUS,
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(bytes.length),
        },
      });
      req.on('error', () => resolve());
      req.write(
        bytes.subarray(0, half),
        () =>
          void received.then(() =>
            setTimeout(() => {
              req.destroy();
              resolve();
            }, 100),
          ),
      );
    });
    spy.mockRestore();
    server.close();

    // What arrived is being stored (S3: put as the upload's unfinished part) while the client
    // reconnects; tus clients ask again after a pause, as this does.
    const head = await waitFor(async () => {
      const res = await request(ctx.app)
        .head(location)
        .set({ ...educator.auth, ...TUS });
      return Number(res.headers['upload-offset']) > 0 && res;
    }, 10_000);
    expect(head.status).toBe(200);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeLessThanOrEqual(half);
    expect((await videoRow(ctx, videoId))?.status).toBe('uploading');

    const rest = await patch(ctx, educator.auth, location, offset, bytes.subarray(offset));
    expect(rest.status).toBe(204);
    const row = await untilReady(ctx, videoId);
    expect(row.renditions).toEqual(['240p', 'audio']);
    expect(row.durationSeconds).toBeCloseTo(2, 0);

    const status = await request(ctx.app).get(`/api/educator/videos/${videoId}`).set(educator.auth);
    expect(status.body.video).toMatchObject({ status: 'ready', progress: 100, playable: true });
    expect(await storedText(ctx, videoId, 'master.m3u8')).toContain('240p/index.m3u8');
    // The original and the quick copy go once the ladder exists: the job removes them just after
    // marking the video ready (in that order, so a crash in between leaves a retry its input).
    const stored = await waitFor(async () => {
      const names = await ctx.deps.video.store.filesOf(videoId);
      return names.some((name) => name.startsWith('uploads/') || name.includes('/source/'))
        ? null
        : names;
    }, 10_000);
    expect(stored).toContain(`media/${videoId}/poster.jpg`);
    expect(stored).toContain(`media/${videoId}/240p/init.mp4`);
  }, 120_000);

  const hostile: [TestVideo, string][] = [
    ['zip-named-mp4', VIDEO_REFUSED.notVideo],
    ['empty', VIDEO_REFUSED.empty],
    ['truncated', VIDEO_REFUSED.unreadable],
    ['hls-local-file', VIDEO_REFUSED.notVideo],
    ['hls-url', VIDEO_REFUSED.notVideo],
    ['absurd-dimensions', VIDEO_REFUSED.dimensions],
  ];
  it.each(hostile)(
    'when the upload is %s, then it is refused and nothing of it is kept',
    async (kind, message) => {
      const before = await ctx.deps.video.store.storedVideoIds();
      const bytes = await readFile(await testVideo(kind));
      // Ids only: a video another test uploaded may still be processing (its progress moves).
      const ids = async () =>
        (await ctx.database.db.select({ id: videos.id }).from(videos)).map((r) => r.id).sort();
      const idsBefore = await ids();
      const created = await createUpload(ctx, educator.auth, bytes.length, 'aula.mp4');
      // An empty upload is complete at creation, so it is judged (and refused) there.
      let finished = created;
      if (bytes.length > 0) {
        expect(created.status).toBe(201);
        finished = await patch(ctx, educator.auth, created.headers.location as string, 0, bytes);
      }
      expect(finished.status).toBe(422);
      expect(finished.text).toBe(message);
      expect(await ids()).toEqual(idsBefore);
      // Nothing new in the store (an earlier video's original may have gone meanwhile).
      const after = await ctx.deps.video.store.storedVideoIds();
      expect(after.filter((id) => !before.includes(id))).toEqual([]);
    },
    // On S3 the original is streamed down to be probed: a busy machine needs more than the default.
    60_000,
  );

  onDisk('when another educator tries to resume an upload, then it is not found', async () => {
    const other = await ctx.createUser({ role: 'educator' });
    const created = await createUpload(ctx, educator.auth, 10);
    const location = created.headers.location as string;
    const resumed = await patch(ctx, other.auth, location, 0, Buffer.alloc(10));
    expect(resumed.status).toBe(404);
    expect(resumed.text).toBe(UPLOAD_MESSAGES.notYours);
    const read = await request(ctx.app).get(location).set(educator.auth);
    expect(read.status).toBe(405);
  });

  onDisk('when a learner tries to upload, then 403', async () => {
    const learner = await ctx.createUser();
    const created = await createUpload(ctx, learner.auth, 10);
    expect(created.status).toBe(403);
  });

  it('when an upload would pass the quota, then it is refused before a byte is sent', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const created = await createUpload(ctx, owner.auth, 3_000_001);
    expect(created.status).toBe(413);
    expect(created.text).toBe(UPLOAD_MESSAGES.quota);
    const limits = await request(ctx.app).get('/api/educator/videos/limits').set(owner.auth);
    expect(limits.body.limits).toMatchObject({
      enabled: true,
      quotaBytes: 3_000_000,
      usedBytes: 0,
    });
  });

  describe('playback', () => {
    let videoId: string;
    let otherVideoId: string;
    let courseId: string;
    let learner: Awaited<ReturnType<TestContext['createUser']>>;

    beforeAll(async () => {
      ({ videoId } = await upload(ctx, educator.auth, 'mp4'));
      await untilReady(ctx, videoId);
      // Only the token matrix (run on disk) needs a second video.
      if (storage === 'disk') {
        ({ videoId: otherVideoId } = await upload(ctx, educator.auth, 'mp4'));
        await untilReady(ctx, otherVideoId);
      }
      const course = await insertCourse(ctx.database.db, educator.user.id, {
        content: contentWith(videoId),
      });
      courseId = course.id;
      learner = await ctx.createUser();
      await enrollDirectly(ctx.database.db, learner.user.id, courseId);
    }, 180_000);

    const playback = (lectureId: string, auth: Record<string, string> = {}) =>
      request(ctx.app).get(`/api/course/${courseId}/lectures/${lectureId}/playback`).set(auth);

    it('when an enrolled learner plays a lecture, then every playlist and segment is served with ranges and private caching', async () => {
      const res = await playback('locked', learner.auth);
      expect(res.status).toBe(200);
      const { url, renditions, dataCost, expiresAt } = res.body.playback;
      expect(url).toMatch(new RegExp(`^/video/[^/]+/\\d+/${videoId}/master\\.m3u8$`));
      expect(renditions).toEqual(['240p', 'audio']);
      expect(dataCost).toBe('≈ 1 MB em 240p');
      expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());

      const master = await request(ctx.app).get(url);
      expect(master.status).toBe(200);
      expect(master.headers['content-type']).toContain('mpegurl');
      const base = url.replace(/master\.m3u8$/, '');
      const variant = await request(ctx.app).get(`${base}240p/index.m3u8`);
      expect(variant.text).toContain('seg_00000.m4s');
      const segment = await request(ctx.app)
        .get(`${base}240p/seg_00000.m4s`)
        .set('Range', 'bytes=0-99');
      expect(segment.status).toBe(206);
      expect(segment.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
      expect(segment.headers['content-length']).toBe('100');
      expect(segment.headers['content-type']).toBe('video/iso.segment');
      expect(segment.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    });

    onDisk(
      'when anyone plays a free preview, then it plays; a locked lecture asks them to sign in',
      async () => {
        const free = await playback('free');
        expect(free.status).toBe(200);
        expect((await request(ctx.app).get(free.body.playback.url)).status).toBe(200);
        expect((await playback('locked')).status).toBe(401);
      },
    );

    onDisk('when a learner who is not enrolled plays a locked lecture, then 403', async () => {
      const other = await ctx.createUser();
      const res = await playback('locked', other.auth);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(LECTURE_LOCKED);
    });

    onDisk("when the course's educator plays a locked lecture, then it plays", async () => {
      const res = await playback('locked', educator.auth);
      expect(res.status).toBe(200);
      expect((await request(ctx.app).get(res.body.playback.url)).status).toBe(200);
    });

    onDisk('when a lecture is a YouTube link, then its address is answered as it is', async () => {
      const res = await playback('youtube', learner.auth);
      expect(res.body.playback).toEqual({ kind: 'youtube', url: 'https://youtu.be/locked00001' });
    });

    onDisk('when the address has expired, then 410', async () => {
      const grant = { videoId, courseId, viewerId: learner.user.id, expires: 1000 };
      const res = await request(ctx.app).get(playbackPath(ctx.deps.video.secret, grant));
      expect(res.status).toBe(410);
      expect(res.body.message).toBe(PLAYBACK_MESSAGES.expired);
    });

    onDisk('when the token is tampered with or names another video, then 403', async () => {
      const { url } = (await playback('locked', learner.auth)).body.playback as { url: string };
      const [, , token, expires] = url.split('/');
      const tampered = url.replace(token!, `${token!.slice(0, -2)}AA`);
      expect((await request(ctx.app).get(tampered)).status).toBe(403);
      const later = url.replace(`/${expires}/`, `/${Number(expires) + 3600}/`);
      expect((await request(ctx.app).get(later)).status).toBe(403);
      const otherVideo = url.replace(videoId, otherVideoId);
      const res = await request(ctx.app).get(otherVideo);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(PLAYBACK_MESSAGES.invalid);
    });

    onDisk('when a path tries to leave the video folder, then 404', async () => {
      const { url } = (await playback('locked', learner.auth)).body.playback as { url: string };
      const base = url.replace(/master\.m3u8$/, '');
      for (const file of ['..%2F..%2Fvideo-token-secret', '240p/..%2F..%2Fx', '.done', 'x.m3u8']) {
        expect((await request(ctx.app).get(`${base}${file}`)).status).toBe(404);
      }
    });

    onDisk(
      'when the educator sends SRT captions, then learners get them as WebVTT through the token; others cannot change them',
      async () => {
        const srt = '1\n00:00:00,500 --> 00:00:01,500\nOlá, turma!\n';
        const path = `/api/educator/videos/${videoId}/captions/pt-BR`;
        const saved = await request(ctx.app).put(path).set(educator.auth).send({ text: srt });
        expect(saved.status).toBe(200);
        expect(saved.body.cues).toBe(1);
        const other = await ctx.createUser({ role: 'educator' });
        expect((await request(ctx.app).put(path).set(other.auth).send({ text: srt })).status).toBe(
          404,
        );
        const bad = await request(ctx.app).put(path).set(educator.auth).send({ text: 'nada' });
        expect(bad.status).toBe(400);
        const badLang = await request(ctx.app)
          .put(`/api/educator/videos/${videoId}/captions/portugues`)
          .set(educator.auth)
          .send({ text: srt });
        expect(badLang.status).toBe(400);

        const { captions } = (await playback('locked', learner.auth)).body.playback;
        expect(captions).toEqual([
          {
            lang: 'pt-BR',
            label: 'Português (Brasil)',
            url: expect.stringMatching(/captions\/pt-BR\.vtt$/),
          },
        ]);
        const vtt = await request(ctx.app).get(captions[0].url);
        expect(vtt.headers['content-type']).toContain('text/vtt');
        expect(vtt.text).toBe('WEBVTT\n\n00:00:00.500 --> 00:00:01.500\nOlá, turma!\n');

        expect((await request(ctx.app).delete(path).set(educator.auth)).status).toBe(200);
        expect((await playback('locked', learner.auth)).body.playback.captions).toEqual([]);
      },
    );

    onDisk('when the learner is refunded, then the next segment is refused', async () => {
      const refunded = await ctx.createUser();
      await enrollDirectly(ctx.database.db, refunded.user.id, courseId);
      const { url } = (await playback('locked', refunded.auth)).body.playback as { url: string };
      expect((await request(ctx.app).get(url)).status).toBe(200);
      await ctx.database.db.delete(enrollments).where(eq(enrollments.userId, refunded.user.id));
      const res = await request(ctx.app).get(url);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(PLAYBACK_MESSAGES.refused);
    });
  });

  // Where the renditions are stored changes nothing here (the store's own test covers skipping a
  // published rendition), and a ladder takes long: once, on disk.
  onDisk(
    'when ffmpeg is killed mid-transcode, then the job starts again and the video becomes ready',
    async () => {
      const { videoId, finished } = await upload(ctx, educator.auth, 'long-mp4');
      expect(finished.status).toBe(204);
      // The quick copy comes first; the ladder's ffmpeg is the one to kill.
      await waitFor(async () => (await videoRow(ctx, videoId))?.playable);
      const run = await waitFor(async () => ctx.deps.video.running());
      run.child.kill('SIGKILL');
      await run.done.catch(() => undefined);
      const row = await untilReady(ctx, videoId);
      expect(row.renditions).toEqual(['240p', '360p', 'audio']);
      const master = await storedText(ctx, videoId, 'master.m3u8');
      expect(master).toContain('360p/index.m3u8');
      expect(master).not.toContain('720p');
      expect(master).not.toContain('source');
    },
    120_000,
  );

  it('when an educator deletes a video, then its row and files go, and its bytes leave the quota', async () => {
    const { videoId } = await upload(ctx, educator.auth, 'mp4');
    await untilReady(ctx, videoId);
    const limits = async () =>
      (await request(ctx.app).get('/api/educator/videos/limits').set(educator.auth)).body.limits
        .usedBytes as number;
    const used = await limits();
    const { bytes } = (await videoRow(ctx, videoId))!;
    expect(used).toBeGreaterThanOrEqual(bytes);
    expect(await ctx.deps.video.store.filesOf(videoId)).toContain(
      `media/${videoId}/240p/seg_00000.m4s`,
    );
    const other = await ctx.createUser({ role: 'educator' });
    expect(
      (await request(ctx.app).delete(`/api/educator/videos/${videoId}`).set(other.auth)).status,
    ).toBe(404);
    const res = await request(ctx.app).delete(`/api/educator/videos/${videoId}`).set(educator.auth);
    expect(res.status).toBe(200);
    expect(await videoRow(ctx, videoId)).toBeUndefined();
    expect(await limits()).toBe(used - bytes);
    await waitFor(async () => (await ctx.deps.video.store.filesOf(videoId)).length === 0);
  }, 120_000);
});

describe('without ffmpeg', () => {
  it('when ffmpeg is missing, then uploads say they are off and why', async () => {
    const ctx = await createTestContext({ VIDEO_FFMPEG: '/nonexistent/ffmpeg' });
    try {
      const educator = await ctx.createUser({ role: 'educator' });
      const limits = await request(ctx.app).get('/api/educator/videos/limits').set(educator.auth);
      expect(limits.body.limits.enabled).toBe(false);
      expect(limits.body.limits.disabledReason).toMatch(/ffmpeg não está instalado/);
      const created = await createUpload(ctx, educator.auth, 10);
      expect(created.status).toBe(403);
    } finally {
      await ctx.close();
    }
  });
});
