import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { noteListResponseSchema, noteResponseSchema } from '@aprendiz/contract/notes';
import { lectureNotes } from '../../db/schema/notes';
import { createTestContext, type TestContext } from '../../test/test-app';
import {
  COURSE_ROLES,
  enrolledCourseWorld,
  type CourseRole,
} from '../../test/fixtures/enrollment-fixtures';
import { snapshotStore } from '../../test/fuzz/store-snapshot';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Auth = Record<string, string>;
const world = () => enrolledCourseWorld(ctx);

async function addNote(courseId: string, who: Auth, body: Record<string, unknown> = {}) {
  return request(ctx.app)
    .post(`/api/course/${courseId}/notes`)
    .set(who)
    .send({ lectureId: 'lec-2', positionSeconds: 754, text: 'Rever isto', ...body });
}

describe('who may reach the notes', () => {
  const course: Record<CourseRole, number> = {
    anonymous: 401,
    'not enrolled': 403,
    enrolled: 200,
    'other learner': 200,
    'owning educator': 200,
    'other educator': 403,
  };
  // A note is private: to anyone but its owner it does not exist.
  const own: Record<CourseRole, number> = {
    anonymous: 401,
    'not enrolled': 404,
    enrolled: 200,
    'other learner': 404,
    'owning educator': 404,
    'other educator': 404,
  };
  for (const role of COURSE_ROLES) {
    it(`when ${role} lists and adds notes, then ${course[role]} / ${course[role] === 200 ? 201 : course[role]}`, async () => {
      const w = await world();
      const list = await request(ctx.app).get(`/api/course/${w.course.id}/notes`).set(w.auth[role]);
      const before = await snapshotStore(ctx);
      const added = await addNote(w.course.id, w.auth[role]);
      expect(list.status).toBe(course[role]);
      expect(added.status).toBe(course[role] === 200 ? 201 : course[role]);
      if (added.status >= 400) expect(await snapshotStore(ctx)).toEqual(before);
    });

    it(`when ${role} edits and deletes the learner's note, then ${own[role]} and only the owner changes it`, async () => {
      const w = await world();
      const note = noteResponseSchema.parse((await addNote(w.course.id, w.learner.auth)).body).note;
      const before = await snapshotStore(ctx);
      const edit = await request(ctx.app)
        .patch(`/api/notes/${note._id}`)
        .set(w.auth[role])
        .send({ text: 'Mudado' });
      if (own[role] !== 200) expect(await snapshotStore(ctx)).toEqual(before);
      const removed = await request(ctx.app).delete(`/api/notes/${note._id}`).set(w.auth[role]);
      expect([edit.status, removed.status]).toEqual([own[role], own[role]]);
      const rows = await ctx.database.db
        .select()
        .from(lectureNotes)
        .where(eq(lectureNotes.id, note._id));
      expect(rows).toHaveLength(own[role] === 200 ? 0 : 1);
    });
  }
});

describe('notes at a second of the video', () => {
  it('when a learner adds notes, then each lecture lists its own in video order and the course lists all, only the learner’s', async () => {
    const w = await world();
    await addNote(w.course.id, w.learner.auth, { positionSeconds: 90, text: 'Depois' });
    await addNote(w.course.id, w.learner.auth, { positionSeconds: 12, text: 'Antes' });
    await addNote(w.course.id, w.learner.auth, {
      lectureId: 'lec-3',
      positionSeconds: 5,
      text: 'Outra aula',
    });
    await addNote(w.course.id, w.auth['other learner'], { text: 'De outra pessoa' });

    const lecture = noteListResponseSchema.parse(
      (
        await request(ctx.app)
          .get(`/api/course/${w.course.id}/notes?lectureId=lec-2`)
          .set(w.learner.auth)
      ).body,
    );
    const all = noteListResponseSchema.parse(
      (await request(ctx.app).get(`/api/course/${w.course.id}/notes`).set(w.learner.auth)).body,
    );
    expect(lecture.notes.map((n) => [n.positionSeconds, n.text])).toEqual([
      [12, 'Antes'],
      [90, 'Depois'],
    ]);
    expect(all.notes.map((n) => n.text)).toEqual(['Antes', 'Depois', 'Outra aula']);
  });

  it('when a note has a bad second, lecture or text, then 400 and nothing is stored', async () => {
    const w = await world();
    const before = await snapshotStore(ctx);
    for (const body of [
      { positionSeconds: -1 },
      { positionSeconds: 1.5 },
      { positionSeconds: '12' },
      { lectureId: 'lec-99' },
      { text: '' },
      { text: 'x'.repeat(2001) },
      { text: 'a\u0000' },
    ]) {
      const res = await addNote(w.course.id, w.learner.auth, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await snapshotStore(ctx)).toEqual(before);
  });
});
