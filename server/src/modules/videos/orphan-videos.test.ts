import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { VideoStatus } from '@aprendiz/contract/videos';
import { videos } from '../../db/schema/videos';
import { makeImage, validCourseData } from '../../test/fixtures/educator-fixtures';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { createTestContext, type TestContext } from '../../test/test-app';
import { STALLED_UPLOAD_HOURS, UNSAVED_VIDEO_DAYS, sweepOrphanVideos } from './orphan-videos';

let ctx: TestContext;
let png: Buffer;
beforeAll(async () => {
  png = await makeImage('png', 320, 180);
});

const HOUR = 60 * 60 * 1000;

/** A video row with stored files, as an upload or a finished transcode leaves them. */
async function videoWithFiles(ownerId: string, status: VideoStatus, createdAt = new Date()) {
  const [row] = await ctx.database.db
    .insert(videos)
    .values({
      ownerId,
      filename: 'aula.mp4',
      bytes: 1000,
      status,
      playable: status === 'ready',
      durationSeconds: status === 'ready' ? 60 : null,
      renditions: status === 'ready' ? ['240p'] : [],
      createdAt,
    })
    .returning();
  const id = row!.id;
  const store = ctx.deps.video.store;
  // An upload half sent (tus's records, its bytes so far) and a published playlist.
  await store.uploads.create(new Upload({ id, size: 1000, offset: 0, metadata: {} }));
  await store.uploads.write(Readable.from([Buffer.from('bytes')]), id, 0);
  const work = await store.openWorkspace(id);
  await writeFile(path.join(work.dir, 'master.m3u8'), '#EXTM3U');
  await work.publish('master.m3u8');
  await work.close();
  return id;
}

const filesLeft = async (id: string) => (await ctx.deps.video.store.filesOf(id)).length > 0;

async function none(ids: string[]): Promise<boolean> {
  for (const id of ids) if (await filesLeft(id)) return false;
  return true;
}

async function until(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('not removed in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function remaining(ownerId: string): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ id: videos.id })
    .from(videos)
    .where(eq(videos.ownerId, ownerId));
  return rows.map((r) => r.id).sort();
}

function courseNaming(videoId: string) {
  return validCourseData({
    courseContent: [
      {
        chapterTitle: 'Começo',
        chapterContent: [{ lectureTitle: 'Aula', lectureUrl: '', videoId }],
      },
    ],
  });
}

function addCourse(auth: Record<string, string>, data: unknown) {
  return request(ctx.app)
    .post('/api/educator/add-course')
    .set(auth)
    .field('courseData', JSON.stringify(data))
    .attach('image', png, { filename: 'thumb.png', contentType: 'image/png' });
}

describe.each(['disk', 'S3'] as const)('uploads nobody saved into a course (%s)', (storage) => {
  let s3: TestS3 | undefined;
  beforeAll(async () => {
    if (storage === 'S3') s3 = await startTestS3('orphan-videos');
    ctx = await createTestContext({ ...s3?.env });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await s3?.close();
  });

  it('when a finished video has been in no course for a week, or an upload stalled for a day, then the sweep deletes it and its files; the rest stays', async () => {
    const educator = await ctx.createUser({ role: 'educator' });
    const now = new Date();
    const weekAgo = new Date(now.getTime() - UNSAVED_VIDEO_DAYS * 24 * HOUR - HOUR);
    const unsaved = await videoWithFiles(educator.user.id, 'ready', weekAgo);
    const failed = await videoWithFiles(educator.user.id, 'failed', weekAgo);
    const stalled = await videoWithFiles(
      educator.user.id,
      'uploading',
      new Date(now.getTime() - STALLED_UPLOAD_HOURS * HOUR - HOUR),
    );
    // Kept: named by a course, uploaded days ago but within the week, an upload begun this morning.
    const inCourse = await videoWithFiles(educator.user.id, 'ready');
    expect((await addCourse(educator.auth, courseNaming(inCourse))).status).toBe(201);
    await ctx.database.db.update(videos).set({ createdAt: weekAgo }).where(eq(videos.id, inCourse));
    const recent = await videoWithFiles(
      educator.user.id,
      'ready',
      new Date(now.getTime() - 3 * 24 * HOUR),
    );
    const uploading = await videoWithFiles(
      educator.user.id,
      'uploading',
      new Date(now.getTime() - 2 * HOUR),
    );
    // Another educator's course naming the same id protects nothing: a video is its owner's.
    const other = await ctx.createUser({ role: 'educator' });
    const othersVideo = await videoWithFiles(other.user.id, 'ready');

    expect(await sweepOrphanVideos(ctx.deps, now)).toBe(3);

    expect(await remaining(educator.user.id)).toEqual([inCourse, recent, uploading].sort());
    await until(() => none([unsaved, failed, stalled]));
    for (const kept of [inCourse, recent, uploading]) expect(await filesLeft(kept)).toBe(true);
    expect(await remaining(other.user.id)).toEqual([othersVideo]);
    // A second run finds nothing more to do.
    expect(await sweepOrphanVideos(ctx.deps, now)).toBe(0);
    // Seven videos stored through the store (on S3, a few requests each): longer than the default.
  }, 120_000);

  it('when a course is deleted, then its uploaded videos go with it, except one another of its courses still names', async () => {
    const educator = await ctx.createUser({ role: 'educator' });
    const own = await videoWithFiles(educator.user.id, 'ready');
    const shared = await videoWithFiles(educator.user.id, 'ready');
    const doomed = await addCourse(educator.auth, {
      ...courseNaming(own),
      courseContent: [
        {
          chapterTitle: 'Começo',
          chapterContent: [
            { lectureTitle: 'Aula 1', lectureUrl: '', videoId: own },
            { lectureTitle: 'Aula 2', lectureUrl: '', videoId: shared },
          ],
        },
      ],
    });
    expect(doomed.status).toBe(201);
    expect((await addCourse(educator.auth, courseNaming(shared))).status).toBe(201);

    const res = await request(ctx.app)
      .delete(`/api/educator/course/${doomed.body.courseId as string}`)
      .set(educator.auth);
    expect(res.status).toBe(200);

    expect(await remaining(educator.user.id)).toEqual([shared]);
    await until(() => none([own]));
    expect(await filesLeft(shared)).toBe(true);
  });
});
