import { randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { authResponseSchema } from '@aprendiz/contract/auth';
import {
  deletionScheduledResponseSchema,
  EXPORT_FAILED_MESSAGE,
  exportStatusResponseSchema,
  privacyStateResponseSchema,
  REMOVED_PERSON_NAME,
} from '@aprendiz/contract/privacy';
import { courseReviewsResponseSchema } from '@aprendiz/contract/reviews';
import { certificateResponseSchema } from '@aprendiz/contract/certificates';
import { certificates } from '../../db/schema/certificates';
import { ledgerEntries } from '../../db/schema/ledger';
import { lectureNotes } from '../../db/schema/notes';
import { notifications } from '../../db/schema/notifications';
import { privacyRequests } from '../../db/schema/privacy';
import { purchases } from '../../db/schema/purchases';
import { users } from '../../db/schema/users';
import { createLocalTokens } from '../../providers/auth-local';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture';
import { createTestContext, TEST_AUTH_SECRET, type TestContext } from '../../test/test-app';
import { insertCourse } from '../../test/fixtures/course-fixtures';
import { makeImage } from '../../test/fixtures/educator-fixtures';
import { snapshotStore } from '../../test/fuzz/store-snapshot';
import { getEducatorTotals } from '../educator/educator.repository';
import {
  buildExport,
  EXPORT_LINK_INVALID,
  PASSWORD_OR_RECENT_SIGN_IN,
  requestExport,
  retireAccount,
  sweepPrivacy,
  WRONG_PASSWORD,
} from './privacy.service';

const PASSWORD = 'senha-bem-secreta-1';
const OPS_TOKEN = 'ops-token-for-privacy-tests-0123456789';
const DAY = 24 * 60 * 60 * 1000;

let smtp: SmtpCapture;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestContext({
    SMTP_URL: smtp.url,
    AUTH_RATE_LIMIT_MAX: '10000',
    OPS_TOKEN,
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

async function signUp(name: string) {
  const email = `pessoa-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const res = await request(ctx.app)
    .post('/api/auth/sign-up')
    .send({ name, email, password: PASSWORD })
    .expect(201);
  const body = authResponseSchema.parse(res.body);
  return { email, name, id: body.user._id, auth: bearer(body.token) };
}

async function userRow(id: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function waitForExport(auth: Record<string, string>, requestId: string) {
  await vi.waitFor(
    async () => {
      const res = await request(ctx.app).get(`/api/account/export/${requestId}`).set(auth);
      expect(res.body.status).toBe('ready');
    },
    { timeout: 15_000, interval: 200 },
  );
  const res = await request(ctx.app).get(`/api/account/export/${requestId}`).set(auth).expect(200);
  return exportStatusResponseSchema.parse(res.body);
}

function pathOf(url: string): string {
  return url.replace('http://app.test', '');
}

async function download(url: string) {
  return request(ctx.app)
    .get(pathOf(url))
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

/** A learner who bought a course, reviewed it, asked, answered, took a note and has a photo. */
async function learnerWorld(name: string) {
  const db = ctx.database.db;
  const educator = await ctx.createUser({ role: 'educator', name: 'Profa. Helena' });
  const course = await insertCourse(db, educator.user.id, { title: 'Curso de Privacidade' });
  const lectureId = course.content[0]!.chapterContent[0]!.lectureId;
  const learner = await signUp(name);
  const other = await signUp('Outra Pessoa');
  const start = await request(ctx.app)
    .post('/api/user/purchase')
    .set(learner.auth)
    .send({ courseId: course.id })
    .expect(200);
  const purchaseId = String(start.body.session_url).split('/').pop()!;
  await request(ctx.app)
    .post(`/api/payments/sandbox/${purchaseId}/complete`)
    .set(learner.auth)
    .expect(200);
  await request(ctx.app)
    .post('/api/user/enroll-free-course')
    .set(other.auth)
    .send({ courseId: course.id });
  await db.execute(
    sql`insert into enrollments (user_id, course_id) values (${other.id}, ${course.id}) on conflict do nothing`,
  );
  await request(ctx.app)
    .post('/api/user/add-rating')
    .set(learner.auth)
    .send({ courseId: course.id, rating: 5, review: 'Curso excelente, recomendo.' })
    .expect(200);
  const note = `Nota secreta ${randomUUID().slice(0, 6)}`;
  await request(ctx.app)
    .post(`/api/course/${course.id}/notes`)
    .set(learner.auth)
    .send({ lectureId, positionSeconds: 42, text: note })
    .expect(201);
  const asked = await request(ctx.app)
    .post(`/api/course/${course.id}/questions`)
    .set(learner.auth)
    .send({ lectureId, title: 'Dúvida sobre a aula', body: 'Como funciona o consentimento?' })
    .expect(201);
  const othersQuestion = await request(ctx.app)
    .post(`/api/course/${course.id}/questions`)
    .set(other.auth)
    .send({ lectureId, title: 'Outra dúvida', body: 'E o prazo de quinze dias?' })
    .expect(201);
  await request(ctx.app)
    .post(`/api/questions/${othersQuestion.body.question._id}/answers`)
    .set(learner.auth)
    .send({ body: 'São quinze dias pela LGPD.' })
    .expect(201);
  await request(ctx.app)
    .post(`/api/questions/${asked.body.question._id}/answers`)
    .set(other.auth)
    .send({ body: 'Também quero saber.' })
    .expect(201);
  const photo = await makeImage('png', 300, 300);
  const profile = await request(ctx.app)
    .patch('/api/user/profile')
    .set(learner.auth)
    .attach('image', photo, { filename: 'eu.png', contentType: 'image/png' })
    .expect(200);
  const certificateId = randomBytes(16).toString('base64url');
  await db.insert(certificates).values({
    id: certificateId,
    userId: learner.id,
    courseId: course.id,
    learnerName: name,
    courseTitle: course.title,
    educatorName: 'Profa. Helena',
    hours: '1.00',
    completedAt: new Date(),
  });
  return {
    educator,
    course,
    learner,
    other,
    note,
    purchaseId,
    certificateId,
    photoUrl: String(profile.body.user.imageUrl),
  };
}

describe('POST /api/account/export and the mailed link', () => {
  it('when a learner asks for their data, then a job builds a ZIP with one JSON per kind, the photo, a LEIA-ME and the note written earlier; the link is mailed and lasts 7 days', async () => {
    const world = await learnerWorld('Clarice Exportadora');
    const { learner } = world;
    const started = await request(ctx.app)
      .post('/api/account/export')
      .set(learner.auth)
      .expect(201);
    const requestId = String(started.body.requestId);
    const ready = await waitForExport(learner.auth, requestId);
    expect(ready.url).toMatch(
      /^http:\/\/app\.test\/api\/account\/export\/[0-9a-f-]+\/file\?token=/,
    );
    expect(new Date(ready.expiresAt!).getTime() - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    const mail = await smtp.waitFor((m) => m.to === learner.email && m.subject.includes('dados'));
    expect(mail.text).toContain(ready.url);

    const res = await download(ready.url!);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('no-store');
    const files = unzipSync(new Uint8Array(res.body as Buffer));
    const names = Object.keys(files);
    for (const file of [
      'perfil.json',
      'matriculas.json',
      'compras-e-reembolsos.json',
      'progresso-e-posicoes.json',
      'avaliacoes.json',
      'perguntas.json',
      'respostas.json',
      'notas.json',
      'notificacoes.json',
      'certificados.json',
      'questionarios.json',
      'cupons-usados.json',
      'sessoes.json',
      'consentimentos.json',
      'pedidos-de-privacidade.json',
      'LEIA-ME.txt',
    ]) {
      expect(names).toContain(file);
    }
    expect(names.some((n) => /^foto-do-perfil\.webp$/.test(n))).toBe(true);
    expect(names).not.toContain('vendas.json');
    const json = (file: string) => JSON.parse(strFromU8(files[file]!)) as Record<string, unknown[]>;
    expect(JSON.stringify(json('notas.json'))).toContain(world.note);
    const profile = json('perfil.json').users as Record<string, unknown>[];
    expect(profile[0]).toMatchObject({ email: learner.email, name: 'Clarice Exportadora' });
    expect(profile[0]).not.toHaveProperty('password_hash');
    expect(JSON.stringify(json('compras-e-reembolsos.json'))).toContain(world.purchaseId);
    expect(JSON.stringify(json('avaliacoes.json'))).toContain('Curso excelente');
    expect(JSON.stringify(json('respostas.json'))).toContain('quinze dias pela LGPD');
    expect(JSON.stringify(json('certificados.json'))).toContain(world.certificateId);
    expect(JSON.stringify(json('notificacoes.json'))).toContain('answer');
    const readme = strFromU8(files['LEIA-ME.txt']!);
    expect(readme).toContain('notas.json');
    expect(readme).toContain(learner.email);
  });

  it('when the same person asks again the same day, then 429 saying when; another person cannot read the request; a wrong token downloads nothing', async () => {
    const a = await signUp('Bruna Repetida');
    const b = await signUp('Caio Curioso');
    const started = await request(ctx.app).post('/api/account/export').set(a.auth).expect(201);
    const requestId = String(started.body.requestId);
    const again = await request(ctx.app).post('/api/account/export').set(a.auth);
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/Você já pediu uma cópia dos seus dados hoje/);
    const rows = await ctx.database.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.userId, a.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.dueAt.getTime() - rows[0]!.requestedAt.getTime()).toBe(15 * DAY);

    await request(ctx.app).get(`/api/account/export/${requestId}`).set(b.auth).expect(404);
    await request(ctx.app).get(`/api/account/export/${requestId}`).expect(401);
    await request(ctx.app).get('/api/account/export/nao-e-um-id').set(a.auth).expect(404);
    const ready = await waitForExport(a.auth, requestId);
    const wrong = await request(ctx.app).get(
      `/api/account/export/${requestId}/file?token=${'x'.repeat(43)}`,
    );
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe(EXPORT_LINK_INVALID);
    await request(ctx.app).get(`/api/account/export/${requestId}/file`).expect(404);
    expect((await download(ready.url!)).status).toBe(200);
  });

  it('when the link is past its 7 days, then it downloads nothing and the sweep drops the file', async () => {
    const a = await signUp('Dora Atrasada');
    const started = await request(ctx.app).post('/api/account/export').set(a.auth).expect(201);
    const requestId = String(started.body.requestId);
    const ready = await waitForExport(a.auth, requestId);
    await ctx.database.db
      .update(privacyRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(privacyRequests.id, requestId));
    expect((await download(ready.url!)).status).toBe(404);
    const status = await request(ctx.app).get(`/api/account/export/${requestId}`).set(a.auth);
    expect(status.body).toEqual({ success: true, status: 'expired' });
    await sweepPrivacy(ctx.deps);
    const { rows } = await ctx.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from privacy_export_files where request_id = ${requestId}`,
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });
});

describe('an export whose job died', () => {
  /** The app's deps, but the job that should build the export is lost with its process. */
  function withLostJobs() {
    return { ...ctx.deps, jobs: { ...ctx.deps.jobs, send: async () => {} } };
  }

  async function exportRow(requestId: string) {
    const [row] = await ctx.database.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.id, requestId));
    return row!;
  }

  it('when nothing built it for 30 minutes, then its status says in Portuguese that it failed, the person may ask again at once, and the lost job woken late changes nothing', async () => {
    const a = await signUp('Gil Interrompido');
    const askedAt = Date.now();
    const { requestId } = await requestExport(
      withLostJobs(),
      await userRow(a.id),
      new Date(askedAt),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    let againId: string;
    try {
      vi.setSystemTime(askedAt + 29 * 60_000);
      const waiting = await request(ctx.app)
        .get(`/api/account/export/${requestId}`)
        .set(a.auth)
        .expect(200);
      expect(waiting.body).toEqual({ success: true, status: 'pending' });
      expect((await request(ctx.app).post('/api/account/export').set(a.auth)).status).toBe(429);

      vi.setSystemTime(askedAt + 31 * 60_000);
      const failed = await request(ctx.app)
        .get(`/api/account/export/${requestId}`)
        .set(a.auth)
        .expect(200);
      expect(exportStatusResponseSchema.parse(failed.body)).toEqual({
        success: true,
        status: 'failed',
        message: EXPORT_FAILED_MESSAGE,
      });
      const profile = await request(ctx.app).get('/api/account/privacy').set(a.auth).expect(200);
      const state = privacyStateResponseSchema.parse(profile.body);
      expect(state.export).toMatchObject({ requestId, status: 'failed' });
      expect(state.export?.nextAllowedAt).toBeUndefined();

      const again = await request(ctx.app).post('/api/account/export').set(a.auth).expect(201);
      againId = String(again.body.requestId);
      expect(againId).not.toBe(requestId);
      expect((await exportRow(requestId)).status).toBe('failed');

      await buildExport(ctx.deps, requestId);
      expect((await exportRow(requestId)).status).toBe('failed');
      const { rows } = await ctx.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from privacy_export_files where request_id = ${requestId}`,
      );
      expect(Number(rows[0]!.n)).toBe(0);
    } finally {
      vi.useRealTimers();
    }
    // The new request is the queue's as usual.
    expect((await waitForExport(a.auth, againId)).url).toBeDefined();
  });

  it('when the hourly sweep runs, then an export pending past 30 minutes is given up and one asked for minutes ago is left to its job', async () => {
    const now = new Date();
    const stuck = await requestExport(
      withLostJobs(),
      await userRow((await signUp('Helena Esquecida')).id),
      new Date(now.getTime() - 31 * 60_000),
    );
    const fresh = await requestExport(
      withLostJobs(),
      await userRow((await signUp('Iara Recente')).id),
      new Date(now.getTime() - 5 * 60_000),
    );
    await sweepPrivacy(ctx.deps, now);
    expect((await exportRow(stuck.requestId)).status).toBe('failed');
    expect((await exportRow(fresh.requestId)).status).toBe('pending');
  });

  it('when its job wakes up past 30 minutes, before any sweep, then it gives the export up instead of building it', async () => {
    const now = new Date();
    const late = await requestExport(
      withLostJobs(),
      await userRow((await signUp('Joana Tardia')).id),
      new Date(now.getTime() - 31 * 60_000),
    );
    await buildExport(ctx.deps, late.requestId, now);
    const row = await exportRow(late.requestId);
    expect(row).toMatchObject({ status: 'failed', downloadToken: null, completedAt: null });
  });
});

describe('POST /api/account/delete and its cancellation', () => {
  it('when the password is wrong, or missing on an older session, then 400 and nothing is scheduled', async () => {
    const a = await signUp('Elisa Cautelosa');
    const wrong = await request(ctx.app)
      .post('/api/account/delete')
      .set(a.auth)
      .send({ password: 'nao-e-esta' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(WRONG_PASSWORD);
    // A token issued 11 minutes ago: no longer a recent sign-in.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 11 * 60_000);
    const old = await createLocalTokens(TEST_AUTH_SECRET).issue(a.id);
    vi.useRealTimers();
    const missing = await request(ctx.app).post('/api/account/delete').set(bearer(old)).send({});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(PASSWORD_OR_RECENT_SIGN_IN);
    expect((await userRow(a.id)).deletionScheduledFor).toBeNull();
  });

  it('when a learner confirms with the password, then the deletion is scheduled after 14 days, every session ends, a mail says how to cancel, and signing in cancels it', async () => {
    const a = await signUp('Fábio Arrependido');
    const res = await request(ctx.app)
      .post('/api/account/delete')
      .set(a.auth)
      .send({ password: PASSWORD })
      .expect(200);
    const body = deletionScheduledResponseSchema.parse(res.body);
    const scheduled = new Date(body.scheduledFor).getTime();
    expect(Math.abs(scheduled - (Date.now() + 14 * DAY))).toBeLessThan(60_000);
    expect((await userRow(a.id)).deletionScheduledFor?.getTime()).toBe(scheduled);
    await request(ctx.app).get('/api/user/data').set(a.auth).expect(401);
    const mail = await smtp.waitFor((m) => m.to === a.email && m.subject.includes('excluída'));
    expect(mail.text).toContain('entrar de novo antes dessa data');

    const signIn = await request(ctx.app)
      .post('/api/auth/sign-in')
      .send({ email: a.email, password: PASSWORD })
      .expect(200);
    expect(signIn.body.deletionCancelled).toBe(true);
    expect((await userRow(a.id)).deletionScheduledFor).toBeNull();
    const [logged] = await ctx.database.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.userId, a.id));
    expect(logged).toMatchObject({ kind: 'deletion', status: 'cancelled' });
    const again = await request(ctx.app)
      .post('/api/auth/sign-in')
      .send({ email: a.email, password: PASSWORD })
      .expect(200);
    expect(again.body).not.toHaveProperty('deletionCancelled');
  });

  it('when the sign-in is minutes old, then no password is needed; once a sign-in cancelled it, cancelling again is 409', async () => {
    const a = await signUp('Gil Recente');
    // The sign-up token is seconds old: a recent sign-in stands in for the password.
    await request(ctx.app).post('/api/account/delete').set(a.auth).send({}).expect(200);
    const fresh = authResponseSchema.parse(
      (
        await request(ctx.app)
          .post('/api/auth/sign-in')
          .send({ email: a.email, password: PASSWORD })
      ).body,
    );
    await request(ctx.app).post('/api/account/delete/cancel').set(bearer(fresh.token)).expect(409);
  });

  it('when an educator has a published course, learners and a balance, then 409 naming each thing to settle, and nothing is scheduled', async () => {
    const world = await learnerWorld('Hugo Comprador');
    const educatorToken = world.educator.auth;
    const state = privacyStateResponseSchema.parse(
      (await request(ctx.app).get('/api/account/privacy').set(educatorToken).expect(200)).body,
    );
    expect(state.blockers.map((b) => b.kind)).toEqual(['published-course', 'learners', 'balance']);
    // The money written the market's way, as every amount for people is.
    expect(state.blockers.find((b) => b.kind === 'balance')?.message).toMatch(
      /Você tem saldo a receber: Kz \d{1,3}(\.\d{3})*,\d{2} disponível e Kz \d{1,3}(\.\d{3})*,\d{2} pendente/,
    );
    const res = await request(ctx.app).post('/api/account/delete').set(educatorToken).send({});
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('“Curso de Privacidade”');
    expect(res.body.message).toMatch(/2 alunos/);
    expect(res.body.message).toMatch(/Saque o saldo/);
    expect((await userRow(world.educator.user.id)).deletionScheduledFor).toBeNull();
  });
});

/** Every row of the app's tables, as text, that mentions any of `needles`. */
async function rowsMentioning(needles: string[]): Promise<string[]> {
  const { rows: tables } = await ctx.database.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  // One scan per table for all the needles: each row's text is made once.
  const lowered = `{${needles.map((n) => `"${n.toLowerCase().replaceAll(/["\\]/g, '\\$&')}"`).join(',')}}`;
  for (const { name } of tables) {
    const { rows } = await ctx.database.db.execute<{ row: string }>(
      sql`select r.row from (select lower(t::text) as row from ${sql.identifier(name)} t) r
          where exists (select 1 from unnest(${lowered}::text[]) n where strpos(r.row, n) > 0)`,
    );
    found.push(...rows.map((r) => `${name}: ${r.row.slice(0, 120)}`));
  }
  return found;
}

describe('the retirement job', () => {
  it('when the cool-off ends, then no row holds the name, e-mail or photo, the public posts are signed "Pessoa removida", money is unchanged, old tokens are refused, and a second run changes nothing', async () => {
    const name = `Zuleica Retirante ${randomUUID().slice(0, 4)}`;
    const world = await learnerWorld(name);
    const { learner, educator, course } = world;
    const db = ctx.database.db;
    const ledgerSum = async () =>
      (
        await db.execute<{ s: string }>(
          sql`select coalesce(sum(amount), 0)::text as s from ${ledgerEntries}`,
        )
      ).rows[0]!.s;
    const beforeLedger = await ledgerSum();
    const beforeBalance = await getEducatorTotals(db, educator.user.id, new Date());
    expect(await rowsMentioning([name, learner.email])).not.toEqual([]);

    const res = await request(ctx.app)
      .post('/api/account/delete')
      .set(learner.auth)
      .send({ password: PASSWORD })
      .expect(200);
    const scheduledFor = new Date(String(res.body.scheduledFor));
    const [deletion] = await db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.userId, learner.id));
    // Before the date the job leaves everything alone.
    await retireAccount(ctx.deps, deletion!.id, new Date(scheduledFor.getTime() - 1000));
    expect((await userRow(learner.id)).retiredAt).toBeNull();

    await retireAccount(ctx.deps, deletion!.id, new Date(scheduledFor.getTime() + 1000));
    const retired = await userRow(learner.id);
    expect(retired).toMatchObject({
      name: REMOVED_PERSON_NAME,
      imageUrl: '',
      passwordHash: null,
      deletionScheduledFor: null,
    });
    expect(retired.email).toMatch(/@retired\.invalid$/);
    expect(retired.retiredAt).not.toBeNull();
    expect(await rowsMentioning([name, learner.email, world.photoUrl])).toEqual([]);
    const uploads = await readdir(
      ctx.config.storage.provider === 'disk' ? ctx.config.storage.uploadDir : '.',
    );
    expect(uploads).not.toContain(world.photoUrl.split('/').pop());

    expect(await ledgerSum()).toBe(beforeLedger);
    // The balance is the ledger's; the learner count drops, as the person is no longer a learner.
    expect((await getEducatorTotals(db, educator.user.id, new Date())).balance).toEqual(
      beforeBalance.balance,
    );
    const [purchase] = await db.select().from(purchases).where(eq(purchases.id, world.purchaseId));
    expect(purchase).toMatchObject({ userId: learner.id, status: 'completed' });
    expect(await db.select().from(lectureNotes).where(eq(lectureNotes.userId, learner.id))).toEqual(
      [],
    );
    expect(
      await db.select().from(notifications).where(eq(notifications.actorId, learner.id)),
    ).toEqual([]);

    const reviews = courseReviewsResponseSchema.parse(
      (await request(ctx.app).get(`/api/course/${course.id}/reviews`).expect(200)).body,
    );
    expect(reviews.reviews).toContainEqual(
      expect.objectContaining({ name: REMOVED_PERSON_NAME, review: 'Curso excelente, recomendo.' }),
    );
    const certificate = certificateResponseSchema.parse(
      (await request(ctx.app).get(`/api/certificate/${world.certificateId}`).expect(200)).body,
    ).certificate;
    expect(certificate).toMatchObject({ name: REMOVED_PERSON_NAME, holderRemoved: true });

    await request(ctx.app).get('/api/user/data').set(learner.auth).expect(401);
    await request(ctx.app)
      .post('/api/auth/sign-in')
      .send({ email: learner.email, password: PASSWORD })
      .expect(401);
    const [done] = await db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.id, deletion!.id));
    expect(done).toMatchObject({ status: 'done' });

    const before = await snapshotStore(ctx);
    await retireAccount(ctx.deps, deletion!.id, new Date(scheduledFor.getTime() + 60_000));
    expect(await snapshotStore(ctx)).toEqual(before);

    // The address is free again: the person may come back as someone new.
    await request(ctx.app)
      .post('/api/auth/sign-up')
      .send({ name: 'De Volta', email: learner.email, password: PASSWORD })
      .expect(201);
  });

  it('when a deletion was cancelled by signing in, then its job does nothing', async () => {
    const a = await signUp('Irene Desistente');
    await request(ctx.app)
      .post('/api/account/delete')
      .set(a.auth)
      .send({ password: PASSWORD })
      .expect(200);
    await request(ctx.app)
      .post('/api/auth/sign-in')
      .send({ email: a.email, password: PASSWORD })
      .expect(200);
    const [deletion] = await ctx.database.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.userId, a.id));
    await retireAccount(ctx.deps, deletion!.id, new Date(Date.now() + 30 * DAY));
    expect(await userRow(a.id)).toMatchObject({ name: 'Irene Desistente', retiredAt: null });
  });
});

describe('GET /api/ops/privacy-requests', () => {
  it('when an operator lists the requests, then each comes with its LGPD deadline; without the token 401, with a user token 403', async () => {
    const a = await signUp('Júlia Listada');
    await request(ctx.app).post('/api/account/export').set(a.auth).expect(201);
    await request(ctx.app).get('/api/ops/privacy-requests').expect(401);
    await request(ctx.app).get('/api/ops/privacy-requests').set(a.auth).expect(403);
    await request(ctx.app)
      .get('/api/ops/privacy-requests?kind=nada')
      .set(bearer(OPS_TOKEN))
      .expect(400);
    const res = await request(ctx.app)
      .get('/api/ops/privacy-requests?kind=export')
      .set(bearer(OPS_TOKEN))
      .expect(200);
    const mine = (
      res.body.requests as {
        userId: string;
        dueAt: string;
        requestedAt: string;
        overdue: boolean;
      }[]
    ).find((r) => r.userId === a.id);
    expect(mine).toBeDefined();
    expect(new Date(mine!.dueAt).getTime() - new Date(mine!.requestedAt).getTime()).toBe(15 * DAY);
    expect(mine!.overdue).toBe(false);
  });
});
