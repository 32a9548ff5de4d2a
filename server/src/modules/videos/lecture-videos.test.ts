import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LECTURE_VIDEO_OR_URL } from '@aprendiz/contract/educator';
import { courses } from '../../db/schema/courses';
import { videos } from '../../db/schema/videos';
import { makeImage, validCourseData } from '../../test/fixtures/educator-fixtures';
import { createTestContext, type TestContext } from '../../test/test-app';
import { LECTURE_VIDEO_NOT_FOUND } from './lecture-videos';

let ctx: TestContext;
let png: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  png = await makeImage('png', 320, 180);
});
afterAll(() => ctx.close());

async function readyVideo(ownerId: string, durationSeconds: number): Promise<string> {
  const [row] = await ctx.database.db
    .insert(videos)
    .values({
      ownerId,
      filename: 'aula.mp4',
      bytes: 1000,
      status: 'ready',
      playable: true,
      durationSeconds,
      renditions: ['240p', 'audio'],
    })
    .returning();
  return row!.id;
}

function courseWithLecture(lecture: Record<string, unknown>) {
  return validCourseData({
    courseContent: [
      {
        chapterTitle: 'Começo',
        chapterContent: [{ lectureTitle: 'Aula', lectureUrl: '', ...lecture }],
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

describe('lectures with an uploaded video', () => {
  it('when a lecture names its educator’s video, then it is stored with it, its duration filled from the file, and the course publishes', async () => {
    const educator = await ctx.createUser({ role: 'educator' });
    const videoId = await readyVideo(educator.user.id, 125);
    const res = await addCourse(educator.auth, courseWithLecture({ videoId, lectureUrl: '' }));
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('published');
    const [row] = await ctx.database.db
      .select()
      .from(courses)
      .where(eq(courses.id, res.body.courseId as string));
    expect(row!.content[0]!.chapterContent[0]).toMatchObject({
      videoId,
      lectureUrl: '',
      lectureDuration: 2.08,
    });
  });

  it('when a lecture names another educator’s video, then 400 and no course', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const thief = await ctx.createUser({ role: 'educator' });
    const videoId = await readyVideo(owner.user.id, 60);
    const res = await addCourse(thief.auth, courseWithLecture({ videoId, lectureUrl: '' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(LECTURE_VIDEO_NOT_FOUND);
    expect(
      await ctx.database.db.select().from(courses).where(eq(courses.educatorId, thief.user.id)),
    ).toEqual([]);
  });

  it('when a lecture has both a video and a YouTube link, then 400', async () => {
    const educator = await ctx.createUser({ role: 'educator' });
    const videoId = await readyVideo(educator.user.id, 60);
    const res = await addCourse(
      educator.auth,
      courseWithLecture({ videoId, lectureUrl: 'https://youtu.be/rfscVS0vtbw' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(LECTURE_VIDEO_OR_URL);
  });

  it('when a lecture’s video is replaced, then the old video and its files go; one still used by another course stays', async () => {
    const educator = await ctx.createUser({ role: 'educator' });
    const first = await readyVideo(educator.user.id, 60);
    const shared = await readyVideo(educator.user.id, 60);
    const second = await readyVideo(educator.user.id, 90);
    const added = await addCourse(educator.auth, courseWithLecture({ videoId: first }));
    await addCourse(educator.auth, courseWithLecture({ videoId: shared }));
    const courseId = added.body.courseId as string;
    const withShared = await request(ctx.app)
      .put(`/api/educator/course/${courseId}`)
      .set(educator.auth)
      .field('courseData', JSON.stringify(courseWithLecture({ videoId: shared })));
    expect(withShared.status).toBe(200);
    // 'first' is named by no course now; 'shared' still is, by the other course and this one.
    const remaining = async () =>
      (
        await ctx.database.db
          .select({ id: videos.id })
          .from(videos)
          .where(eq(videos.ownerId, educator.user.id))
      )
        .map((row) => row.id)
        .sort();
    expect(await remaining()).toEqual([shared, second].sort());
    const replaced = await request(ctx.app)
      .put(`/api/educator/course/${courseId}`)
      .set(educator.auth)
      .field('courseData', JSON.stringify(courseWithLecture({ videoId: second })));
    expect(replaced.status).toBe(200);
    expect(await remaining()).toEqual([shared, second].sort());
  });
});
