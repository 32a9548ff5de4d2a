import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import {
  COURSE_REMOVED_FOR_RIGHTS_CLAIM,
  COURSE_REVIEW_CHECKLIST,
} from '@aprendiz/contract/rules/course-status';
import { auditLog } from '../../db/schema/staff';
import { courses } from '../../db/schema/courses';
import { createStaff } from '../../test/fixtures/staff-fixtures';
import { enrollDirectly, insertCourse } from '../../test/fixtures/course-fixtures';
import { makeImage, validCourseData } from '../../test/fixtures/educator-fixtures';
import { createTestContext, type TestContext } from '../../test/test-app';
import {
  COURSE_BACK_TO_REVIEW,
  COURSE_TAKEN_DOWN,
  COURSE_UPDATED,
} from '../educator/course-management.service';
import { COURSE_REVIEW_MAIL_JOB, NOT_IN_REVIEW } from './course-review';

/** With COURSE_REVIEW=on: publishing sends a course to review; the console decides. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ COURSE_REVIEW: 'on', PUBLISH_QUOTA_PER_DAY: '1000' });
});
afterAll(() => ctx.close());

async function statusOf(courseId: string) {
  const [row] = await ctx.database.db.select().from(courses).where(eq(courses.id, courseId));
  return row!.status;
}

async function inCatalogue(courseId: string): Promise<boolean> {
  const res = await request(ctx.app).get('/api/course/all');
  return (res.body.courses as { _id: string }[]).some((c) => c._id === courseId);
}

async function bell(auth: Record<string, string>) {
  const res = await request(ctx.app).get('/api/notifications').set(auth);
  expect(res.status).toBe(200);
  return res.body as {
    unread: number;
    notifications: { kind: string; courseId: string; courseTitle: string; note: string | null }[];
  };
}

async function reviewMails(courseId: string) {
  const jobs = await ctx.deps.jobs.list({ name: COURSE_REVIEW_MAIL_JOB });
  return jobs.filter((j) => j.key?.startsWith(`course-review:${courseId}:`));
}

describe('course review', () => {
  it('when an educator publishes, then the course waits in review out of the catalogue; asked for changes, fixed and sent again, then approved, it is in the catalogue, each step audited and mailed', async () => {
    const admin = await createStaff(ctx, 'admin');
    const educator = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, educator.user.id, { status: 'draft' });

    const publish = await request(ctx.app)
      .post(`/api/educator/course/${course.id}/publish`)
      .set(educator.auth);
    expect(publish.status).toBe(200);
    expect(publish.body.status).toBe('in_review');
    expect(publish.body.message).toMatch(/revisão/);
    expect(await inCatalogue(course.id)).toBe(false);
    const queue = await request(ctx.app).get('/api/admin/reviews').set(admin.auth);
    expect(queue.body.courses).toContainEqual(
      expect.objectContaining({ _id: course.id, educatorId: educator.user.id, lectureCount: 3 }),
    );

    const badItem = await request(ctx.app)
      .post(`/api/admin/courses/${course.id}/request-changes`)
      .set(admin.auth)
      .send({ checklist: ['Qualquer coisa'], note: 'Ajuste' });
    expect(badItem.status).toBe(400);
    const changes = await request(ctx.app)
      .post(`/api/admin/courses/${course.id}/request-changes`)
      .set(admin.auth)
      .send({
        checklist: [COURSE_REVIEW_CHECKLIST[0]],
        note: 'A descrição não diz o que se aprende.',
      });
    expect(changes.status).toBe(200);
    expect(await statusOf(course.id)).toBe('changes_requested');
    expect(await reviewMails(course.id)).toHaveLength(1);
    const asked = await bell(educator.auth);
    expect(asked.unread).toBe(1);
    expect(asked.notifications[0]).toMatchObject({
      kind: 'course_changes_requested',
      courseId: course.id,
      courseTitle: course.title,
      note: 'A descrição não diz o que se aprende.',
    });

    const again = await request(ctx.app)
      .post(`/api/educator/course/${course.id}/publish`)
      .set(educator.auth);
    expect(again.body.status).toBe('in_review');

    const approve = await request(ctx.app)
      .post(`/api/admin/courses/${course.id}/approve`)
      .set(admin.auth);
    expect(approve.status).toBe(200);
    expect(await statusOf(course.id)).toBe('published');
    expect(await inCatalogue(course.id)).toBe(true);
    expect((await bell(educator.auth)).notifications.map((n) => n.kind)).toEqual([
      'course_approved',
      'course_changes_requested',
    ]);
    const twice = await request(ctx.app)
      .post(`/api/admin/courses/${course.id}/approve`)
      .set(admin.auth);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(NOT_IN_REVIEW);

    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, course.id));
    expect(rows.map((r) => r.action)).toEqual(['course.changes_requested', 'course.approved']);
    expect(rows[0]).toMatchObject({
      actorId: admin.user.id,
      before: { status: 'in_review' },
      after: {
        status: 'changes_requested',
        checklist: [COURSE_REVIEW_CHECKLIST[0]],
        note: 'A descrição não diz o que se aprende.',
      },
    });
    expect(await reviewMails(course.id)).toHaveLength(2);
  });

  it('when an approved course is taken down, then it leaves the catalogue and its educator cannot publish it again', async () => {
    const admin = await createStaff(ctx, 'admin');
    const educator = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, educator.user.id);
    // Written past the API: the catalogue is told, as the educator's own writes tell it.
    ctx.deps.catalogueCache.invalidate();
    expect(await inCatalogue(course.id)).toBe(true);
    const res = await request(ctx.app)
      .post(`/api/admin/courses/${course.id}/takedown`)
      .set(admin.auth)
      .send({ reason: 'Pedido de direitos autorais da editora' });
    expect(res.status).toBe(200);
    expect(await inCatalogue(course.id)).toBe(false);
    const publish = await request(ctx.app)
      .post(`/api/educator/course/${course.id}/publish`)
      .set(educator.auth);
    expect(publish.status).toBe(409);
    expect(publish.body.message).toBe(COURSE_TAKEN_DOWN);
    expect(await statusOf(course.id)).toBe('taken_down');
    expect((await bell(educator.auth)).notifications).toEqual([
      expect.objectContaining({
        kind: 'course_taken_down',
        courseId: course.id,
        note: 'Pedido de direitos autorais da editora',
      }),
    ]);
  });

  it('when a decision cannot be written, then neither the notification nor the audit row exists', async () => {
    const admin = await createStaff(ctx, 'admin');
    const educator = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, educator.user.id, { status: 'draft' });
    const res = await request(ctx.app)
      .post(`/api/admin/courses/${course.id}/takedown`)
      .set(admin.auth)
      .send({ reason: 'Conteúdo proibido' });
    expect(res.status).toBe(409);
    expect((await bell(educator.auth)).notifications).toEqual([]);
    expect(
      await ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, course.id)),
    ).toHaveLength(0);
  });

  it('when an educator edits an approved course, then a new title, description or price sends it back to review and out of the catalogue; an unchanged save keeps it on sale', async () => {
    const educator = await ctx.createUser({ role: 'educator' });
    const png = await makeImage('png', 320, 180);
    const added = await request(ctx.app)
      .post('/api/educator/add-course')
      .set(educator.auth)
      .field('courseData', JSON.stringify(validCourseData()))
      .attach('image', png, { filename: 'thumb.png', contentType: 'image/png' });
    expect(added.status).toBe(201);
    const courseId = String(added.body.courseId);
    // As a reviewer's approval leaves it.
    await ctx.database.db
      .update(courses)
      .set({ status: 'published' })
      .where(eq(courses.id, courseId));
    ctx.deps.catalogueCache.invalidate();
    const edit = (data: object) =>
      request(ctx.app)
        .put(`/api/educator/course/${courseId}`)
        .set(educator.auth)
        .field('courseData', JSON.stringify(data));

    const same = await edit(validCourseData());
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ status: 'published', message: COURSE_UPDATED });
    expect(await inCatalogue(courseId)).toBe(true);

    const dearer = await edit(validCourseData({ coursePrice: 99.9 }));
    expect(dearer.status).toBe(200);
    expect(dearer.body).toMatchObject({ status: 'in_review', message: COURSE_BACK_TO_REVIEW });
    expect(await statusOf(courseId)).toBe('in_review');
    expect(await inCatalogue(courseId)).toBe(false);

    for (const change of [
      { courseTitle: 'TypeScript de verdade' },
      { courseDescription: '<p>Outra promessa.</p>' },
    ]) {
      await ctx.database.db
        .update(courses)
        .set({ status: 'published' })
        .where(eq(courses.id, courseId));
      const res = await edit(validCourseData(change));
      expect(res.body.status).toBe('in_review');
      expect(await statusOf(courseId)).toBe('in_review');
    }
  });

  it('when a reviewer request reaches a course that is not in review, then 409 and no audit row', async () => {
    const admin = await createStaff(ctx, 'admin');
    const educator = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, educator.user.id, { status: 'draft' });
    const res = await request(ctx.app)
      .post(`/api/admin/courses/${course.id}/approve`)
      .set(admin.auth);
    expect(res.status).toBe(409);
    expect(
      await ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, course.id)),
    ).toHaveLength(0);
    expect(await statusOf(course.id)).toBe('draft');
  });

  describe('takedown kinds', () => {
    async function takenDownWithLearner(body: object) {
      const admin = await createStaff(ctx, 'admin');
      const educator = await ctx.createUser({ role: 'educator' });
      const learner = await ctx.createUser();
      const course = await insertCourse(ctx.database.db, educator.user.id);
      await enrollDirectly(ctx.database.db, learner.user.id, course.id);
      const res = await request(ctx.app)
        .post(`/api/admin/courses/${course.id}/takedown`)
        .set(admin.auth)
        .send(body);
      return { res, course, learner, educator };
    }

    /** Every way a learner reaches a course's lectures, each with its status. */
    async function learnerReach(auth: Record<string, string>, courseId: string) {
      const [player, page, playback, progress] = await Promise.all([
        request(ctx.app).get(`/api/user/enrolled-courses/${courseId}`).set(auth),
        request(ctx.app).get(`/api/course/${courseId}`).set(auth),
        request(ctx.app).get(`/api/course/${courseId}/lectures/lec-1/playback`).set(auth),
        request(ctx.app).post('/api/user/get-course-progress').set(auth).send({ courseId }),
      ]);
      return { player, page, playback, progress };
    }

    async function myCourse(auth: Record<string, string>, courseId: string) {
      const res = await request(ctx.app).get('/api/user/enrolled-courses').set(auth);
      return (res.body.enrolledCourses as { _id: string; removedForRightsClaim?: boolean }[]).find(
        (c) => c._id === courseId,
      );
    }

    it('when a course is taken down for a rights claim, then its enrolled learners get a 410 saying why on the player, the course, the lecture and the progress, and My Courses lists it as removed', async () => {
      const { res, course, learner, educator } = await takenDownWithLearner({
        kind: 'rights_claim',
        reason: 'Notificação da editora: capítulos copiados',
      });
      expect(res.status).toBe(200);
      const [row] = await ctx.database.db.select().from(courses).where(eq(courses.id, course.id));
      expect(row).toMatchObject({ status: 'taken_down', takedownKind: 'rights_claim' });

      const reach = await learnerReach(learner.auth, course.id);
      for (const answer of Object.values(reach)) {
        expect(answer.status).toBe(410);
        expect(answer.body.message).toBe(COURSE_REMOVED_FOR_RIGHTS_CLAIM);
      }
      expect(reach.player.body.enrolledCourse).toBeUndefined();
      expect(await myCourse(learner.auth, course.id)).toMatchObject({
        removedForRightsClaim: true,
      });
      // Its educator still sees their own work.
      const own = await request(ctx.app).get(`/api/course/${course.id}`).set(educator.auth);
      expect(own.status).toBe(200);

      const [audit] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, course.id));
      expect(audit).toMatchObject({
        action: 'course.taken_down',
        after: { status: 'taken_down', kind: 'rights_claim' },
      });
    });

    it('when a course is taken down for a broken rule, then its enrolled learners keep the player, the lectures and their progress', async () => {
      const { res, course, learner } = await takenDownWithLearner({
        kind: 'policy',
        reason: 'Promessas de ganhos enganosas',
      });
      expect(res.status).toBe(200);
      const reach = await learnerReach(learner.auth, course.id);
      for (const answer of Object.values(reach)) expect(answer.status).toBe(200);
      expect(reach.player.body.enrolledCourse._id).toBe(course.id);
      expect(await myCourse(learner.auth, course.id)).toMatchObject({
        removedForRightsClaim: false,
      });
      const [row] = await ctx.database.db.select().from(courses).where(eq(courses.id, course.id));
      expect(row).toMatchObject({ status: 'taken_down', takedownKind: 'policy' });
    });

    it('when the kind is unknown, then 400 in Portuguese and the course stays on sale', async () => {
      const { res, course } = await takenDownWithLearner({ kind: 'dmca', reason: 'Motivo longo' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Escolha o tipo: policy ou rights_claim');
      expect(await statusOf(course.id)).toBe('published');
    });
  });
});
