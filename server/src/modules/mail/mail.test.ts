import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { purchases } from '../../db/schema/purchases';
import { createOutboxMailer } from '../../providers/mail-outbox';
import { createSmtpMailer } from '../../providers/mail-smtp';
import { createStripeTestContext } from '../../test/fakes/payments-stripe-fake';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertCourse } from '../../test/fixtures/course-fixtures';
import { enrollmentsOf } from '../../test/fixtures/enrollment-fixtures';
import { insertPurchaseRow } from '../../test/fixtures/purchase-fixtures';
import { enrollmentMail, passwordResetMail, purchaseReceiptMail } from './mail-templates';
import { outboxPage } from './dev-outbox.routes';
import { MAIL_JOBS } from './mail-jobs';

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(() => smtp.close());

describe('mail templates', () => {
  it('when a name or a title holds HTML, then the HTML part shows it as text and the text part keeps it', () => {
    const mail = purchaseReceiptMail({
      name: '<img src=x onerror=alert(1)>',
      courseTitle: 'Curso "A & B" <script>',
      amount: 30,
      currency: 'usd',
      paidAt: new Date('2026-11-23T10:05:00Z'),
      purchaseId: 'c0ffee',
      courseUrl: 'http://app.test/player/1?a=1&b=2',
      market: 'usd',
    });

    expect(mail.html).not.toMatch(/<img src=x|<script>/);
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('Curso &quot;A &amp; B&quot; &lt;script&gt;');
    expect(mail.html).toContain('href="http://app.test/player/1?a=1&amp;b=2"');
    expect(mail.text).toContain('Curso: Curso "A & B" <script>');
    expect(mail.text).toContain('Data: 23 de novembro de 2026 às 10:05 (UTC)');
  });

  it("when a receipt states the amount, then in the purchase currency, written the market's way", () => {
    const paid = (amount: number, currency: string) =>
      purchaseReceiptMail({
        name: 'Ana',
        courseTitle: 'Git',
        amount,
        currency,
        paidAt: new Date('2026-11-23T10:05:00Z'),
        purchaseId: 'c0ffee',
        courseUrl: 'http://app.test/player/1',
        market: 'brl',
      }).text.match(/Valor pago: (.*)/)?.[1];
    expect(paid(4500, 'brl')).toBe('R$ 4.500,00');
    expect(paid(19.99, 'EUR')).toBe('19,99 €');
    expect(paid(12.5, 'aoa')).toBe('Kz 12,50');
    expect(paid(12.5, 'xx')).toBe('12,50 XX');
  });

  it('when each mail is written, then both parts name what it is about in Portuguese', () => {
    const reset = passwordResetMail({
      name: 'Ana',
      link: 'http://app.test/reset-password?token=t',
    });
    expect(reset.subject).toBe('Redefinir sua senha na Aprendiz');
    expect(reset.text).toContain('http://app.test/reset-password?token=t');
    expect(reset.text).toContain('1 hora');
    expect(reset.html).toContain('href="http://app.test/reset-password?token=t"');

    const enrolled = enrollmentMail({
      name: 'Ana',
      courseTitle: 'Python',
      enrolledAt: new Date('2026-01-02T03:04:00Z'),
      courseUrl: 'http://app.test/player/9',
      market: 'brl',
    });
    expect(enrolled.subject).toBe('Inscrição confirmada: Python');
    expect(enrolled.text).toContain('http://app.test/player/9');
    expect(enrolled.html).toContain('<strong>Python</strong>');
    // On Brasília's clock (03:04 UTC is 00:04 there), named, and the title in “aspas”.
    expect(enrolled.text).toContain(
      'Sua inscrição no curso “Python” está confirmada (2 de janeiro de 2026 às 00:04 (horário de Brasília)).',
    );
  });

  it('when a mail is written, then it speaks Brazilian Portuguese to “você” and quotes titles with curly quotes', () => {
    const at = new Date('2026-11-30T22:05:00Z');
    const mails = [
      passwordResetMail({ name: 'Ana', link: 'http://app.test/r' }),
      purchaseReceiptMail({
        name: 'Ana',
        courseTitle: 'Git',
        amount: 10,
        currency: 'aoa',
        paidAt: at,
        purchaseId: 'p1',
        courseUrl: 'http://app.test/player/1',
        euWaiverAt: at,
        market: 'aoa',
      }),
      enrollmentMail({
        name: 'Ana',
        courseTitle: 'Git',
        enrolledAt: at,
        courseUrl: 'http://app.test/player/1',
        market: 'aoa',
      }),
    ];
    for (const mail of mails) {
      // European forms the walk found: an article before the possessive, 'durante', «guillemets».
      expect(mail.text).not.toMatch(/\b[Aa] sua\b|\b[Oo] seu\b|durante|«|»|"/);
      expect(mail.html).toContain('<html lang="pt-BR">');
    }
    expect(mails[1]!.text).toContain('Data: 30 de novembro de 2026 às 23:05 (horário de Luanda)');
  });
});

describe('SMTP mailer', () => {
  it('when a mail is sent, then the SMTP server receives it from MAIL_FROM with both parts', async () => {
    const mailer = createSmtpMailer({ url: smtp.url, from: 'Aprendiz <no-reply@app.test>' });
    await mailer.send({
      to: 'ana@exemplo.pt',
      subject: 'Olá, ação!',
      text: 'Texto com acentuação',
      html: '<p>HTML com acentuação</p>',
    });
    await mailer.close();

    const mail = await smtp.waitFor((m) => m.subject === 'Olá, ação!');
    expect(mail).toEqual({
      from: 'Aprendiz <no-reply@app.test>',
      to: 'ana@exemplo.pt',
      subject: 'Olá, ação!',
      text: 'Texto com acentuação',
      html: '<p>HTML com acentuação</p>',
    });
  });

  it('when the SMTP server does not answer, then send rejects', async () => {
    const mailer = createSmtpMailer({ url: 'smtp://127.0.0.1:9', from: 'x@app.test' });
    await expect(
      mailer.send({ to: 'a@exemplo.pt', subject: 's', text: 't', html: 'h' }),
    ).rejects.toThrow();
    await mailer.close();
  });
});

describe('development outbox', () => {
  it('when mails are kept and the process restarts, then they are listed newest first from the same file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-outbox-'));
    try {
      const file = path.join(dir, 'outbox.json');
      const first = createOutboxMailer(file);
      await Promise.all([
        first.send({ to: 'a@exemplo.pt', subject: 'um', text: '1', html: '<p>1</p>' }),
        first.send({ to: 'b@exemplo.pt', subject: 'dois', text: '2', html: '<p>2</p>' }),
      ]);
      await first.close();

      const second = createOutboxMailer(file);
      const mails = await second.list();
      expect(mails.map((m) => [m.to, m.subject])).toEqual([
        ['b@exemplo.pt', 'dois'],
        ['a@exemplo.pt', 'um'],
      ]);
      expect(Date.parse(mails[0]!.sentAt)).not.toBeNaN();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('when the page lists a mail, then every field is escaped and its HTML sits in a sandboxed frame', () => {
    const page = outboxPage([
      {
        to: '<b>x</b>@exemplo.pt',
        subject: '<script>alert(1)</script>',
        text: 'Abra http://app.test/reset-password?token=a&b=<c>',
        html: '<p onclick="x">"oi"</p>',
        sentAt: '2026-11-23T10:00:00.000Z',
      },
    ]);
    expect(page).not.toContain('<script>alert');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('&lt;b&gt;x&lt;/b&gt;@exemplo.pt');
    expect(page).toContain(
      '<a href="http://app.test/reset-password?token=a&amp;b=&lt;c&gt;" rel="noreferrer">',
    );
    expect(page).toContain(
      '<iframe sandbox title="&lt;script&gt;alert(1)&lt;/script&gt;" srcdoc="&lt;p onclick=&quot;x&quot;&gt;&quot;oi&quot;&lt;/p&gt;">',
    );
  });
});

describe('GET /api/dev/outbox and /dev/outbox', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('when there is no SMTP_URL outside production, then the kept mails are listed as JSON and as a page', async () => {
    await ctx.deps.mailer.send({
      to: 'ana@exemplo.pt',
      subject: 'Assunto <1>',
      text: 'corpo',
      html: '<p>corpo</p>',
    });

    const json = await request(ctx.app).get('/api/dev/outbox');
    expect(json.status).toBe(200);
    expect(json.headers['cache-control']).toBe('no-store');
    expect(json.body).toEqual({
      success: true,
      mails: [
        {
          to: 'ana@exemplo.pt',
          subject: 'Assunto <1>',
          text: 'corpo',
          html: '<p>corpo</p>',
          sentAt: expect.any(String),
        },
      ],
    });

    const page = await request(ctx.app).get('/dev/outbox');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Assunto &lt;1&gt;');
  });

  it('when SMTP_URL is set, then there is no outbox to list (404)', async () => {
    const withSmtp = await createTestContext({ SMTP_URL: smtp.url });
    try {
      const res = await request(withSmtp.app).get('/api/dev/outbox');
      expect(res.status).toBe(404);
      expect(res.body.success).toBe(false);
    } finally {
      await withSmtp.close();
    }
  });
});

describe('receipts and enrollment mails', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ SMTP_URL: smtp.url, MAIL_FROM: 'Aprendiz <loja@app.test>' });
  });
  afterAll(() => ctx.close());

  async function sandboxPurchase(title: string) {
    const owner = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, owner.user.id, {
      title,
      price: 40,
      discount: 25,
    });
    const buyer = await ctx.createUser({ name: 'Beatriz Lopes' });
    const start = await request(ctx.app)
      .post('/api/user/purchase')
      .set(buyer.auth)
      .send({ courseId: course.id });
    expect(start.status).toBe(200);
    const purchaseId = String(start.body.session_url).split('/').pop()!;
    return { course, buyer, purchaseId };
  }

  it('when a sandbox purchase completes, then the buyer gets a receipt with the course, the amount and the date', async () => {
    const { course, buyer, purchaseId } = await sandboxPurchase('SQL na prática');
    const res = await request(ctx.app)
      .post(`/api/payments/sandbox/${purchaseId}/complete`)
      .set(buyer.auth);
    expect(res.status).toBe(200);

    const mail = await smtp.waitFor((m) => m.to === buyer.user.email);
    const [row] = await ctx.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, purchaseId));
    expect(mail.from).toBe('Aprendiz <loja@app.test>');
    expect(mail.subject).toBe('Recibo da sua compra: SQL na prática');
    expect(mail.text).toContain('Olá, Beatriz Lopes.');
    expect(mail.text).toMatch(/Valor pago: Kz 30,00/);
    expect(mail.text).toContain(`Referência: ${purchaseId}`);
    expect(mail.text).toMatch(/Data: \d{1,2} de \w+ de \d{4} às \d{2}:\d{2} \(horário de Luanda\)/);
    expect(row!.completedAt).not.toBeNull();
    expect(mail.html).toContain(`href="http://app.test/player/${course.id}"`);
  });

  it('when a free course is joined, then the learner gets an enrollment confirmation', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, owner.user.id, {
      title: 'Git grátis',
      price: 0,
    });
    const learner = await ctx.createUser({ name: 'Carla' });
    const res = await request(ctx.app)
      .post('/api/user/enroll-free-course')
      .set(learner.auth)
      .send({ courseId: course.id });
    expect(res.status).toBe(200);

    const mail = await smtp.waitFor((m) => m.to === learner.user.email);
    expect(mail.subject).toBe('Inscrição confirmada: Git grátis');
    expect(mail.text).toContain(`http://app.test/player/${course.id}`);
  });
});

describe('when the mail server is down', () => {
  it('then a completed purchase still completes and enrolls, and its receipt job waits for a retry with the error', async () => {
    const ctx = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const owner = await ctx.createUser({ role: 'educator' });
      const course = await insertCourse(ctx.database.db, owner.user.id, {
        title: 'Redes',
        price: 10,
      });
      const buyer = await ctx.createUser();
      const start = await request(ctx.app)
        .post('/api/user/purchase')
        .set(buyer.auth)
        .send({ courseId: course.id });
      const purchaseId = String(start.body.session_url).split('/').pop()!;
      const res = await request(ctx.app)
        .post(`/api/payments/sandbox/${purchaseId}/complete`)
        .set(buyer.auth);

      expect(res.status).toBe(200);
      expect(await enrollmentsOf(ctx.database.db, buyer.user.id, course.id)).toHaveLength(1);
      const receiptJob = async () =>
        (await ctx.deps.jobs.list({ name: MAIL_JOBS.purchaseReceipt })).find(
          (job) => job.key === `purchase:${purchaseId}`,
        );
      await expect.poll(async () => (await receiptJob())?.state, { timeout: 10_000 }).toBe('retry');
      const job = await receiptJob();
      expect(job!.error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await ctx.close();
    }
  });
});

describe('receipts of Stripe payments', () => {
  it('when Stripe confirms a checkout, then one receipt reaches the outbox, and a replayed event sends none', async () => {
    const secret = 'whsec_test_mail';
    const { ctx, app, close } = await createStripeTestContext({
      secretKey: 'sk_test_fake',
      webhookSecret: secret,
    });
    try {
      const owner = await ctx.createUser({ role: 'educator' });
      const course = await insertCourse(ctx.database.db, owner.user.id, {
        title: 'Docker a fundo',
        price: 30,
        discount: 0,
      });
      const buyer = await ctx.createUser({ name: 'Duarte' });
      const sessionId = `cs_test_${randomUUID().slice(0, 8)}`;
      const purchase = await insertPurchaseRow(ctx.database.db, {
        userId: buyer.user.id,
        courseId: course.id,
        amount: '30.00',
        provider: 'stripe',
        providerRef: sessionId,
      });
      const payload = JSON.stringify({
        id: `evt_${randomUUID().replaceAll('-', '')}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: sessionId,
            object: 'checkout.session',
            client_reference_id: purchase.id,
            metadata: { purchaseId: purchase.id, userId: buyer.user.id },
            payment_status: 'paid',
            status: 'complete',
          },
        },
      });
      const deliver = () =>
        request(app)
          .post('/api/webhooks/stripe')
          .set('Content-Type', 'application/json')
          .set(
            'Stripe-Signature',
            new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload, secret }),
          )
          .send(payload);
      const outbox = ctx.deps.mailer;
      if (outbox.kind !== 'outbox') throw new Error('the test context keeps mail in the outbox');
      const receipts = async () => (await outbox.list()).filter((m) => m.to === buyer.user.email);

      expect((await deliver()).status).toBe(200);
      await expect.poll(async () => (await receipts()).length).toBe(1);
      expect((await deliver()).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));

      const [receipt, ...more] = await receipts();
      expect(more).toHaveLength(0);
      expect(receipt!.subject).toBe('Recibo da sua compra: Docker a fundo');
      expect(receipt!.text).toMatch(/Valor pago: \$ 30,00/);
    } finally {
      await close();
    }
  });
});
