import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Chapter } from '@aprendiz/contract/courses';
import { videos } from '../../db/schema/videos';
import { createTestContext, type TestContext } from '../../test/test-app';
import { enrollDirectly, insertCourse } from '../../test/fixtures/course-fixtures';
import {
  FAKE_STATUS,
  startFakeBunnyStream,
  type FakeBunnyStream,
} from '../../test/fakes/bunny-stream-fake';
import { BUNNY_WEBHOOK_MESSAGES } from './bunny-routes';
import { BUNNY_MESSAGES, REFRESH_AFTER_SECONDS } from './bunny-videos';
import { LECTURE_LOCKED, SIGN_IN_TO_WATCH } from './videos.service';

/** The webhook's own Status numbers (they differ from the API's). */
const WEBHOOK = { finished: 3, resolutionFinished: 4, uploadFinished: 7 };
const DIRECT = '/api/educator/videos/direct-uploads';
const WEBHOOK_PATH = '/api/webhooks/bunny-stream';
const MAX_BYTES = 50_000;
const QUOTA = 120_000;

type User = Awaited<ReturnType<TestContext['createUser']>>;

function lectures(videoId: string): Chapter[] {
  return [
    {
      chapterId: 'ch-1',
      chapterTitle: 'Introdução',
      chapterOrder: 1,
      chapterContent: [
        {
          lectureId: 'locked',
          lectureTitle: 'Aula paga',
          lectureDuration: 1,
          lectureUrl: '',
          videoId,
          isPreviewFree: false,
          lectureOrder: 1,
        },
      ],
    },
  ];
}

async function waitFor<T>(what: () => Promise<T | null | undefined | false>, ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Bunny Stream videos', () => {
  let ctx: TestContext;
  let bunny: FakeBunnyStream;
  let educator: User;

  beforeAll(async () => {
    bunny = await startFakeBunnyStream();
    ctx = await createTestContext({
      BUNNY_STREAM_LIBRARY_ID: bunny.libraryId,
      BUNNY_STREAM_API_KEY: bunny.apiKey,
      BUNNY_STREAM_TOKEN_KEY: bunny.tokenKey,
      BUNNY_STREAM_CDN_HOST: bunny.cdnOrigin,
      BUNNY_STREAM_WEBHOOK_SECRET: bunny.readOnlyKey,
      BUNNY_STREAM_API_URL: bunny.apiUrl,
      VIDEO_MAX_BYTES: String(MAX_BYTES),
      VIDEO_QUOTA_BYTES_PER_EDUCATOR: String(QUOTA),
    });
    educator = await ctx.createUser({ role: 'educator' });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await bunny?.close();
  });

  const row = async (videoId: string) =>
    (await ctx.database.db.select().from(videos).where(eq(videos.id, videoId)))[0];

  const startUpload = (user: User, body: unknown) =>
    request(ctx.app)
      .post(DIRECT)
      .set(user.auth)
      .send(body as object);

  const postWebhook = (body: string, signature?: string) => {
    const req = request(ctx.app).post(WEBHOOK_PATH).set('Content-Type', 'application/json');
    if (signature) req.set('X-BunnyStream-Signature', signature);
    return req.send(body);
  };

  const notify = (guid: string, status: number) => {
    const { body, signature } = bunny.webhook(guid, status);
    return postWebhook(body, signature);
  };

  /** A presigned tus upload to the fake's endpoint, as the browser's tus client makes it. */
  async function tusUpload(
    upload: { endpoint: string; headers: Record<string, string>; metadata: Record<string, string> },
    bytes: Buffer,
  ) {
    const metadata = Object.entries(upload.metadata)
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');
    const tus = { ...upload.headers, 'Tus-Resumable': '1.0.0' };
    const created = await fetch(upload.endpoint, {
      method: 'POST',
      headers: { ...tus, 'Upload-Length': String(bytes.length), 'Upload-Metadata': metadata },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const half = Math.floor(bytes.length / 2);
    const patch = (offset: number, part: Buffer) =>
      fetch(location, {
        method: 'PATCH',
        headers: {
          ...tus,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(part),
      });
    expect((await patch(0, bytes.subarray(0, half))).status).toBe(204);
    // As after a dropped connection: ask where it stands, then send the rest.
    const head = await fetch(location, { method: 'HEAD', headers: tus });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(half);
    expect((await patch(offset, bytes.subarray(offset))).status).toBe(204);
    return location;
  }

  it('when an educator uploads to Bunny, then the file goes straight there, the webhook moves the video to ready, and the learner plays it from the pull zone with a token that expires', async () => {
    const bytes = Buffer.alloc(20_000, 7);
    const started = await startUpload(educator, {
      filename: 'Aula 1.mp4',
      bytes: bytes.length,
      type: 'video/mp4',
    });
    expect(started.status).toBe(201);
    const { upload } = started.body;
    // The library's key never reaches the browser; only this video's signature does.
    expect(JSON.stringify(started.body)).not.toContain(bunny.apiKey);
    expect(upload.endpoint).toBe(`${bunny.apiUrl}/tusupload`);
    expect(upload.headers).toMatchObject({ VideoId: upload.videoId, LibraryId: bunny.libraryId });
    expect(upload.metadata).toEqual({ title: 'Aula 1.mp4', filetype: 'video/mp4' });
    const guid: string = upload.videoId;
    expect(bunny.videos.get(guid)?.title).toBe('Aula 1.mp4');
    expect(await row(guid)).toMatchObject({
      provider: 'bunny',
      status: 'uploading',
      ownerId: educator.user.id,
      bytes: bytes.length,
    });

    await tusUpload(upload, bytes);
    expect(bunny.videos.get(guid)?.uploaded.equals(bytes)).toBe(true);

    // Upload finished: Bunny's API says 'uploaded', which is our 'processing'.
    expect((await notify(guid, WEBHOOK.uploadFinished)).status).toBe(200);
    expect(await row(guid)).toMatchObject({ status: 'processing', playable: false });

    // The first resolution is out: it plays already, at Bunny's percent.
    bunny.encode(guid, {
      status: FAKE_STATUS.transcoding,
      encodeProgress: 40,
      availableResolutions: '240p',
    });
    expect((await notify(guid, WEBHOOK.resolutionFinished)).status).toBe(200);
    const status = await request(ctx.app).get(`/api/educator/videos/${guid}`).set(educator.auth);
    expect(status.body.video).toMatchObject({ status: 'processing', progress: 40, playable: true });

    bunny.encode(guid, {
      status: FAKE_STATUS.finished,
      encodeProgress: 100,
      length: 20.5,
      availableResolutions: '240p,360p,480p,720p',
    });
    const done = await notify(guid, WEBHOOK.finished);
    expect(done.body).toEqual({ success: true, result: 'saved' });
    expect(await row(guid)).toMatchObject({
      status: 'ready',
      progress: 100,
      playable: true,
      durationSeconds: 20.5,
      renditions: ['240p', '360p', '720p'],
      error: null,
    });
    // Bunny says it again (it retries): nothing moves.
    expect((await notify(guid, WEBHOOK.finished)).status).toBe(200);
    expect((await row(guid))?.status).toBe('ready');

    const course = await insertCourse(ctx.database.db, educator.user.id, {
      content: lectures(guid),
    });
    const learner = await ctx.createUser();
    await enrollDirectly(ctx.database.db, learner.user.id, course.id);
    const playback = (auth: Record<string, string> = {}) =>
      request(ctx.app).get(`/api/course/${course.id}/lectures/locked/playback`).set(auth);

    const res = await playback(learner.auth);
    expect(res.status).toBe(200);
    const { url, expiresAt, renditions, dataCost, captions } = res.body.playback;
    expect(res.body.playback.kind).toBe('hls');
    expect(url.startsWith(`${bunny.cdnOrigin}/bcdn_token=HS256-`)).toBe(true);
    expect(url.endsWith(`/${guid}/playlist.m3u8`)).toBe(true);
    expect(renditions).toEqual(['240p', '360p', '720p']);
    expect(dataCost).toMatch(/MB em 240p/);
    expect(captions).toEqual([]);
    const expires = Math.floor(Date.parse(expiresAt) / 1000);
    expect(expires - Date.now() / 1000).toBeGreaterThan(ctx.config.video.tokenSeconds - 60);

    // The pull zone serves the playlist and, by the same token, every file under the video.
    const playlist = await fetch(url);
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toContain('720p/video.m3u8');
    expect((await fetch(new URL('720p/video.m3u8', url))).status).toBe(200);
    // Tampered, or pointed at another folder, or past its expiry: 403.
    expect(
      (
        await fetch(
          url.replace(/HS256-(.)/, (_: string, c: string) => `HS256-${c === 'A' ? 'B' : 'A'}`),
        )
      ).status,
    ).toBe(403);
    expect(
      (await fetch(url.replace(`/${guid}/playlist`, `/${crypto.randomUUID()}/playlist`))).status,
    ).toBe(403);
    expect(
      (await fetch(url.replace(`&expires=${expires}`, `&expires=${expires + 3600}`))).status,
    ).toBe(403);
    bunny.setNow(expires + 1);
    try {
      expect((await fetch(url)).status).toBe(403);
    } finally {
      bunny.setNow(null);
    }

    // The access rules are today's: anonymous 401, another learner 403, the educator plays it.
    expect((await playback()).body.message).toBe(SIGN_IN_TO_WATCH);
    const other = await ctx.createUser();
    const refused = await playback(other.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(LECTURE_LOCKED);
    expect((await playback(educator.auth)).status).toBe(200);

    // Deleting the video deletes it at Bunny too, through the removal job.
    const deleted = await request(ctx.app)
      .delete(`/api/educator/videos/${guid}`)
      .set(educator.auth);
    expect(deleted.status).toBe(200);
    expect(await row(guid)).toBeUndefined();
    await waitFor(async () => !bunny.videos.has(guid));
  }, 60_000);

  it("when a webhook says a video finished but Bunny's API says it is still encoding, then the API wins", async () => {
    const started = await startUpload(educator, { filename: 'b.mp4', bytes: 1000 });
    const guid: string = started.body.upload.videoId;
    bunny.encode(guid, { status: FAKE_STATUS.transcoding, encodeProgress: 10 });
    expect((await notify(guid, WEBHOOK.finished)).status).toBe(200);
    expect(await row(guid)).toMatchObject({ status: 'processing', progress: 10, playable: false });
  });

  it('when a webhook is forged, names another library or an unknown video, or is not JSON, then nothing changes', async () => {
    const started = await startUpload(educator, { filename: 'c.mp4', bytes: 1000 });
    const guid: string = started.body.upload.videoId;
    bunny.encode(guid, { status: FAKE_STATUS.finished, availableResolutions: '240p' });
    const before = await row(guid);
    const requestsBefore = bunny.requests.length;

    const { body } = bunny.webhook(guid, WEBHOOK.finished);
    const unsigned = await postWebhook(body);
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.message).toBe(BUNNY_WEBHOOK_MESSAGES.signature);
    const wrongKey = await postWebhook(body, 'ab'.repeat(32));
    expect(wrongKey.status).toBe(401);
    // A signature for another body does not carry over.
    const other = bunny.webhook(guid, WEBHOOK.uploadFinished);
    expect((await postWebhook(body, other.signature)).status).toBe(401);

    const foreign = bunny.webhook(guid, WEBHOOK.finished, 999);
    expect((await postWebhook(foreign.body, foreign.signature)).body).toEqual({
      success: true,
      result: 'unknown',
    });
    const unknown = bunny.webhook(crypto.randomUUID(), WEBHOOK.finished);
    expect((await postWebhook(unknown.body, unknown.signature)).body).toEqual({
      success: true,
      result: 'unknown',
    });
    expect(bunny.requests.length).toBe(requestsBefore);
    expect(await row(guid)).toEqual(before);

    for (const bad of ['not json', JSON.stringify({ VideoGuid: 'x', Status: 3 })]) {
      const signed = (await import('./bunny-stream')).bunnyWebhookSignature(
        bunny.readOnlyKey,
        Buffer.from(bad),
      );
      const res = await postWebhook(bad, signed);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(BUNNY_WEBHOOK_MESSAGES.body);
    }
    expect(await row(guid)).toEqual(before);
  });

  it('when Bunny is down as a webhook arrives, then it answers 503 so Bunny retries, and the row is untouched', async () => {
    const started = await startUpload(educator, { filename: 'd.mp4', bytes: 1000 });
    const guid: string = started.body.upload.videoId;
    const before = await row(guid);
    bunny.failWith(503);
    try {
      const res = await notify(guid, WEBHOOK.uploadFinished);
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(BUNNY_WEBHOOK_MESSAGES.unavailable);
      const refused = await startUpload(educator, { filename: 'e.mp4', bytes: 1000 });
      expect(refused.status).toBe(503);
      expect(refused.body.message).toBe(BUNNY_MESSAGES.unavailable);
    } finally {
      bunny.failWith(null);
    }
    expect(await row(guid)).toEqual(before);
  });

  it('when a presigned upload is tampered with or expired, then Bunny refuses it', async () => {
    const started = await startUpload(educator, { filename: 'f.mp4', bytes: 10 });
    const { upload } = started.body;
    const post = (headers: Record<string, string>) =>
      fetch(upload.endpoint, {
        method: 'POST',
        headers: { ...headers, 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' },
      });
    const other = await startUpload(educator, { filename: 'g.mp4', bytes: 10 });
    // This video's signature does not open another video.
    expect((await post({ ...upload.headers, VideoId: other.body.upload.videoId })).status).toBe(
      401,
    );
    bunny.setNow(Number(upload.headers.AuthorizationExpire) + 1);
    try {
      expect((await post(upload.headers)).status).toBe(401);
    } finally {
      bunny.setNow(null);
    }
    expect((await post(upload.headers)).status).toBe(201);
  });

  it('when an upload is resumed, then only its educator gets new headers, and only while it is unfinished', async () => {
    const started = await startUpload(educator, { filename: 'h.mp4', bytes: 10 });
    const guid: string = started.body.upload.videoId;
    const renew = (user: User, id = guid) =>
      request(ctx.app).post(`/api/educator/videos/${id}/direct-upload`).set(user.auth);
    const renewed = await renew(educator);
    expect(renewed.status).toBe(200);
    expect(renewed.body.upload).toMatchObject({
      videoId: guid,
      endpoint: `${bunny.apiUrl}/tusupload`,
    });

    const stranger = await ctx.createUser({ role: 'educator' });
    expect((await renew(stranger)).status).toBe(404);
    expect((await renew(educator, 'not-a-uuid')).status).toBe(404);

    bunny.encode(guid, { status: FAKE_STATUS.uploaded });
    await notify(guid, WEBHOOK.uploadFinished);
    const finished = await renew(educator);
    expect(finished.status).toBe(409);
    expect(finished.body.message).toBe(BUNNY_MESSAGES.finished);
  });

  it('when the upload asked for is bad, too large or past the quota, then it is refused in Portuguese and nothing is made at Bunny', async () => {
    const someone = await ctx.createUser({ role: 'educator' });
    const count = bunny.videos.size;
    const cases: [unknown, number][] = [
      [{ bytes: 10 }, 400],
      [{ filename: '', bytes: 10 }, 400],
      [{ filename: 'a.mp4', bytes: 0 }, 400],
      [{ filename: 'a.mp4', bytes: 'muito' }, 400],
      [{ filename: 'a.mp4', bytes: 10, type: 'application/zip' }, 400],
      [{ filename: 'a.mp4', bytes: MAX_BYTES + 1 }, 413],
    ];
    for (const [body, status] of cases) {
      const res = await startUpload(someone, body);
      expect(res.status).toBe(status);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/[a-zà-ú]/);
    }
    expect(
      (await startUpload(someone, { filename: 'a.mp4', bytes: MAX_BYTES + 1 })).body.message,
    ).toBe(BUNNY_MESSAGES.tooLarge);

    // The quota: two of 50 kB fit in 120 kB, the third does not.
    expect((await startUpload(someone, { filename: '1.mp4', bytes: MAX_BYTES })).status).toBe(201);
    expect((await startUpload(someone, { filename: '2.mp4', bytes: MAX_BYTES })).status).toBe(201);
    const over = await startUpload(someone, { filename: '3.mp4', bytes: MAX_BYTES });
    expect(over.status).toBe(413);
    expect(over.body.message).toBe(BUNNY_MESSAGES.quota);
    expect(bunny.videos.size).toBe(count + 2);

    const learner = await ctx.createUser();
    expect((await startUpload(learner, { filename: 'a.mp4', bytes: 10 })).status).toBe(403);
    expect(
      (await request(ctx.app).post(DIRECT).send({ filename: 'a.mp4', bytes: 10 })).status,
    ).toBe(401);
  });

  it("when no webhook arrives, then the editor's poll reads the video back from Bunny once our row has not moved for a while", async () => {
    const started = await startUpload(educator, { filename: 'i.mp4', bytes: 10 });
    const guid: string = started.body.upload.videoId;
    bunny.encode(guid, { status: FAKE_STATUS.finished, length: 3, availableResolutions: '360p' });
    const poll = () => request(ctx.app).get(`/api/educator/videos/${guid}`).set(educator.auth);
    // Just written: Bunny is not asked yet.
    expect((await poll()).body.video.status).toBe('uploading');
    await ctx.database.db
      .update(videos)
      .set({ updatedAt: new Date(Date.now() - (REFRESH_AFTER_SECONDS + 1) * 1000) })
      .where(eq(videos.id, guid));
    expect((await poll()).body.video).toMatchObject({
      status: 'ready',
      renditions: ['360p'],
      durationSeconds: 3,
    });
    // Another educator's poll of it reads nothing from Bunny and learns nothing.
    const stranger = await ctx.createUser({ role: 'educator' });
    const before = bunny.requests.length;
    expect(
      (await request(ctx.app).get(`/api/educator/videos/${guid}`).set(stranger.auth)).status,
    ).toBe(404);
    expect(bunny.requests.length).toBe(before);
  });

  it("when pages are served, then their policy lets the player stream from Bunny's pull zone", async () => {
    const res = await request(ctx.app).get('/api/health');
    expect(res.headers['content-security-policy']).toContain(
      `media-src 'self' blob: ${bunny.cdnOrigin}`,
    );
  });

  it('when the editor asks for the limits, then it is told uploads go straight to the host', async () => {
    const res = await request(ctx.app).get('/api/educator/videos/limits').set(educator.auth);
    expect(res.body.limits).toMatchObject({ enabled: true, direct: true, maxBytes: MAX_BYTES });
  });
});
