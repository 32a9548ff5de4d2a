import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { VideoStatus } from '@aprendiz/contract/videos';
import { videos } from '../../db/schema/videos';
import { makeImage, validCourseData } from '../../test/fixtures/educator-fixtures';
import { createTestContext, type TestContext } from '../../test/test-app';
import { STALLED_UPLOAD_HOURS, UNSAVED_VIDEO_DAYS, sweepOrphanVideos } from './orphan-videos';

let ctx: TestContext;
let png: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  png = await makeImage('png', 320, 180);
});
afterAll(() => ctx.close());

const HOUR = 60 * 60 * 1000;

/** A video row with files on disk, as an upload or a finished transcode leaves them. */
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
  const files = ctx.deps.video.files;
  await mkdir(path.dirname(files.upload(id)), { recursive: true });
  await writeFile(files.upload(id), 'bytes');
  await mkdir(files.media(id), { recursive: true });
  await writeFile(path.join(files.media(id), 'master.m3u8'), '#EXTM3U');
  return id;
}

const filesLeft = (id: string) =>
  existsSync(ctx.deps.video.files.upload(id)) || existsSync(ctx.deps.video.files.media(id));

async function until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
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

describe('uploads nobody saved into a course', () => {
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
    await until(() => ![unsaved, failed, stalled].some(filesLeft));
    expect([inCourse, recent, uploading].every(filesLeft)).toBe(true);
    expect(await remaining(other.user.id)).toEqual([othersVideo]);
    // A second run finds nothing more to do.
    expect(await sweepOrphanVideos(ctx.deps, now)).toBe(0);
  });

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
    await until(() => !filesLeft(own));
    expect(filesLeft(shared)).toBe(true);
  });
});
