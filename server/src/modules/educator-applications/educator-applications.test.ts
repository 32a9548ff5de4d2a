import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { educatorApplications } from '../../db/schema/educator-applications';
import { notifications } from '../../db/schema/notifications';
import { auditLog } from '../../db/schema/staff';
import { users } from '../../db/schema/users';
import { createStaff } from '../../test/fixtures/staff-fixtures';
import { createTestContext, type TestContext } from '../../test/test-app';
import { APPLY_TO_TEACH, NOW_EDUCATOR } from '../users/users.service';
import {
  ALREADY_DECIDED,
  ALREADY_PENDING,
  APPLICATION_MAIL_JOB,
  APPLICATIONS_CLOSED,
  educatorApplicationMail,
} from './educator-applications.service';

const APPLICATION = {
  about: 'Sou desenvolvedora há dez anos e dou aulas de programação aos sábados.',
  teaching: 'Um curso de TypeScript do zero até uma API com testes.',
};

async function roleOf(ctx: TestContext, userId: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
  return row!.role;
}

async function applicationsOf(ctx: TestContext, userId: string) {
  return ctx.database.db
    .select()
    .from(educatorApplications)
    .where(eq(educatorApplications.userId, userId));
}

async function mailJobsFor(ctx: TestContext, applicationId: string) {
  const jobs = await ctx.deps.jobs.list({ name: APPLICATION_MAIL_JOB });
  return jobs.filter((job) => job.key === `educator-application:${applicationId}`);
}

describe('educator applications, off by default', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('when EDUCATOR_APPLICATIONS is not set, then Tornar-se educador changes the role at once, the user data says nothing of applications and the form is refused without a row', async () => {
    const learner = await ctx.createUser();
    const data = await request(ctx.app).get('/api/user/data').set(learner.auth);
    expect(data.body.user).not.toHaveProperty('educatorApplications');

    const apply = await request(ctx.app)
      .post('/api/educator/application')
      .set(learner.auth)
      .send(APPLICATION);
    expect(apply.status).toBe(404);
    expect(apply.body.message).toBe(APPLICATIONS_CLOSED);
    expect(await applicationsOf(ctx, learner.user.id)).toEqual([]);

    const become = await request(ctx.app).get('/api/educator/update-role').set(learner.auth);
    expect(become.status).toBe(200);
    expect(become.body.message).toBe(NOW_EDUCATOR);
    expect(await roleOf(ctx, learner.user.id)).toBe('educator');
  });
});

describe('educator applications, with EDUCATOR_APPLICATIONS=on', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ EDUCATOR_APPLICATIONS: 'on' });
  });
  afterAll(() => ctx.close());

  it('when a learner applies and an admin approves, then the learner waits in review, becomes an educator, and the decision is audited, notified and mailed', async () => {
    const admin = await createStaff(ctx, 'admin');
    const learner = await ctx.createUser();

    const data = await request(ctx.app).get('/api/user/data').set(learner.auth);
    expect(data.body.user.educatorApplications).toBe(true);
    const oneClick = await request(ctx.app).get('/api/educator/update-role').set(learner.auth);
    expect(oneClick.status).toBe(403);
    expect(oneClick.body.message).toBe(APPLY_TO_TEACH);
    expect(await roleOf(ctx, learner.user.id)).toBe('student');

    const none = await request(ctx.app).get('/api/educator/application').set(learner.auth);
    expect(none.body).toEqual({ success: true, application: null });

    const apply = await request(ctx.app)
      .post('/api/educator/application')
      .set(learner.auth)
      .send(APPLICATION);
    expect(apply.status).toBe(201);
    expect(apply.body.application).toMatchObject({ ...APPLICATION, status: 'pending', note: null });
    const id = apply.body.application._id as string;

    const twice = await request(ctx.app)
      .post('/api/educator/application')
      .set(learner.auth)
      .send(APPLICATION);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(ALREADY_PENDING);
    expect(await applicationsOf(ctx, learner.user.id)).toHaveLength(1);

    const mine = await request(ctx.app).get('/api/educator/application').set(learner.auth);
    expect(mine.body.application).toMatchObject({ _id: id, status: 'pending' });

    const queue = await request(ctx.app)
      .get('/api/admin/educator-applications?status=pending')
      .set(admin.auth);
    expect(queue.status).toBe(200);
    expect(queue.body.applications).toContainEqual(
      expect.objectContaining({ _id: id, userId: learner.user.id, userEmail: learner.user.email }),
    );
    const overview = await request(ctx.app).get('/api/admin/overview').set(admin.auth);
    expect(overview.body.overview.applicationsPending).toBeGreaterThanOrEqual(1);

    const approve = await request(ctx.app)
      .post(`/api/admin/educator-applications/${id}/approve`)
      .set(admin.auth);
    expect(approve.status).toBe(200);
    expect(approve.body.application.status).toBe('approved');
    expect(await roleOf(ctx, learner.user.id)).toBe('educator');
    const after = await request(ctx.app).get('/api/user/data').set(learner.auth);
    expect(after.body.user.role).toBe('educator');

    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetId, learner.user.id),
          eq(auditLog.action, 'educator_application.approved'),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.user.id,
      before: { application: id, status: 'pending' },
      after: { application: id, status: 'approved' },
    });
    const notices = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, learner.user.id));
    expect(notices).toEqual([
      expect.objectContaining({ kind: 'application_approved', subjectId: id }),
    ]);
    expect(await mailJobsFor(ctx, id)).toHaveLength(1);

    const again = await request(ctx.app)
      .post(`/api/admin/educator-applications/${id}/approve`)
      .set(admin.auth);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ALREADY_DECIDED);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, learner.user.id));
    expect(audits).toHaveLength(1);
  });

  it('when an admin declines with a note, then the learner reads it, stays a learner, is notified, and may apply again', async () => {
    const admin = await createStaff(ctx, 'admin');
    const learner = await ctx.createUser();
    const apply = await request(ctx.app)
      .post('/api/educator/application')
      .set(learner.auth)
      .send(APPLICATION);
    const id = apply.body.application._id as string;

    const noNote = await request(ctx.app)
      .post(`/api/admin/educator-applications/${id}/decline`)
      .set(admin.auth)
      .send({ note: ' ' });
    expect(noNote.status).toBe(400);
    expect(noNote.body.message).toMatch(/nota/);
    expect((await applicationsOf(ctx, learner.user.id))[0]!.status).toBe('pending');

    const decline = await request(ctx.app)
      .post(`/api/admin/educator-applications/${id}/decline`)
      .set(admin.auth)
      .send({ note: 'Conte mais sobre a sua experiência como professora.' });
    expect(decline.status).toBe(200);
    const mine = await request(ctx.app).get('/api/educator/application').set(learner.auth);
    expect(mine.body.application).toMatchObject({
      status: 'declined',
      note: 'Conte mais sobre a sua experiência como professora.',
    });
    expect(await roleOf(ctx, learner.user.id)).toBe('student');
    const [notice] = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, learner.user.id));
    expect(notice).toMatchObject({ kind: 'application_declined', subjectId: id });
    expect(await mailJobsFor(ctx, id)).toHaveLength(1);

    const reapply = await request(ctx.app)
      .post('/api/educator/application')
      .set(learner.auth)
      .send(APPLICATION);
    expect(reapply.status).toBe(201);
    expect(await applicationsOf(ctx, learner.user.id)).toHaveLength(2);
  });

  it('when the form is too short, too long or not text, then 400 with a Portuguese message and no row', async () => {
    const learner = await ctx.createUser();
    for (const body of [
      { about: 'Curto', teaching: APPLICATION.teaching },
      { about: APPLICATION.about, teaching: 'x'.repeat(1001) },
      { about: 42, teaching: APPLICATION.teaching },
      {},
    ]) {
      const res = await request(ctx.app)
        .post('/api/educator/application')
        .set(learner.auth)
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Conte|caracteres|obrigatório/);
    }
    expect(await applicationsOf(ctx, learner.user.id)).toEqual([]);
  });

  it('when an educator applies, or the queue is asked for an unknown status, or an unknown id is decided, then 4xx', async () => {
    const admin = await createStaff(ctx, 'admin');
    const educator = await ctx.createUser({ role: 'educator' });
    const apply = await request(ctx.app)
      .post('/api/educator/application')
      .set(educator.auth)
      .send(APPLICATION);
    expect(apply.status).toBe(409);
    const badStatus = await request(ctx.app)
      .get('/api/admin/educator-applications?status=qualquer')
      .set(admin.auth);
    expect(badStatus.status).toBe(400);
    const unknown = await request(ctx.app)
      .post('/api/admin/educator-applications/not-an-id/approve')
      .set(admin.auth);
    expect(unknown.status).toBe(404);
  });

  it('when the decision mail is written, then the admin note is escaped in its HTML', () => {
    const mail = educatorApplicationMail({
      name: 'Ana <b>',
      decision: 'declined',
      note: '<script>x</script>',
      link: 'http://app.test/educator',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('<script>x</script>');
    expect(mail.subject).toMatch(/não foi aprovada/);
  });
});
