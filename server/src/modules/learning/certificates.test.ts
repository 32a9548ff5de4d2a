import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  CERTIFICATE_ID_PATTERN,
  certificateIdResponseSchema,
  certificateResponseSchema,
} from '@aprendiz/contract/certificates';
import { certificatePdfs } from '../../db/schema/certificate-pdfs';
import { certificates } from '../../db/schema/certificates';
import { lectureProgress } from '../../db/schema/lecture-progress';
import { purchases } from '../../db/schema/purchases';
import { users } from '../../db/schema/users';
import { createTestContext, type TestContext } from '../../test/test-app';
import { enrollDirectly, insertCourse } from '../../test/fixtures/course-fixtures';
import { CERTIFICATE_REVOKED } from './certificates.service';
import { CERTIFICATE_ISSUED_BY_POST } from './learning.routes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const LECTURES = ['lec-1', 'lec-2', 'lec-3'];

async function learner(completed: string[] = LECTURES) {
  const owner = await ctx.createUser({ role: 'educator', name: 'Prof. Rui Ção' });
  const course = await insertCourse(ctx.database.db, owner.user.id, { title: 'Python do Zero' });
  const student = await ctx.createUser({ name: 'Joana Conceição' });
  await enrollDirectly(ctx.database.db, student.user.id, course.id);
  for (const [i, lectureId] of completed.entries()) {
    await ctx.database.db.insert(lectureProgress).values({
      userId: student.user.id,
      courseId: course.id,
      lectureId,
      completedAt: new Date(Date.UTC(2031, 2, 10 + i, 12)),
    });
  }
  return { owner, course, student };
}

const ask = (auth: { Authorization: string } | undefined, courseId: string) => {
  const call = request(ctx.app).post(`/api/user/certificate/${courseId}`);
  return auth ? call.set(auth) : call;
};

async function storedPdf(certificateId: string) {
  return ctx.database.db
    .select()
    .from(certificatePdfs)
    .where(eq(certificatePdfs.certificateId, certificateId));
}

function downloadPdf(certificateId: string) {
  return request(ctx.app)
    .get(`/api/certificate/${certificateId}/pdf`)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
}

async function certificatesOf(userId: string) {
  return ctx.database.db.select().from(certificates).where(eq(certificates.userId, userId));
}

async function pdfText(bytes: Buffer) {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const page = await pdf.getPage(1);
  const content = await page.getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
  // Runs in other scripts come out as items of their own: joined without spaces, the line reads whole.
  const joined = content.items.map((item) => ('str' in item ? item.str : '')).join('');
  const operators = await page.getOperatorList();
  const images = operators.fnArray.filter((op) => op === OPS.paintImageXObject).length;
  return { pages: pdf.numPages, text, joined, images };
}

describe('POST /api/user/certificate/:courseId', () => {
  it('when an enrolled student has completed every lecture, then a certificate is issued once with an unguessable id', async () => {
    const { course, student } = await learner();
    const res = await ask(student.auth, course.id);
    expect(res.status).toBe(200);
    const { certificateId } = certificateIdResponseSchema.parse(res.body);
    expect(certificateId).toMatch(CERTIFICATE_ID_PATTERN);
    expect(Buffer.from(certificateId, 'base64url')).toHaveLength(16);
    const again = await ask(student.auth, course.id);
    expect(again.body.certificateId).toBe(certificateId);
    const rows = await certificatesOf(student.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: certificateId,
      learnerName: 'Joana Conceição',
      courseTitle: 'Python do Zero',
      educatorName: 'Prof. Rui Ção',
      // 10 + 20 + 15.5 minutes: 46 whole minutes, kept as hours to two decimals
      hours: '0.77',
      completedAt: new Date(Date.UTC(2031, 2, 12, 12)),
    });
  });

  it('when the completed learner asks with a GET, then 405 naming POST in Portuguese, and nothing is issued', async () => {
    const { course, student } = await learner();
    const res = await request(ctx.app).get(`/api/user/certificate/${course.id}`).set(student.auth);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.body).toEqual({ success: false, message: CERTIFICATE_ISSUED_BY_POST });
    expect(await certificatesOf(student.user.id)).toEqual([]);
  });

  it('when the student asks twice at once, then one certificate stands', async () => {
    const { course, student } = await learner();
    const answers = await Promise.all([ask(student.auth, course.id), ask(student.auth, course.id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.body.certificateId).toBe(answers[1]!.body.certificateId);
    expect(await certificatesOf(student.user.id)).toHaveLength(1);
  });

  it('when the student has not completed every lecture, or only lectures since removed, then 403 and nothing issued', async () => {
    const partial = await learner(['lec-1', 'lec-2']);
    const res = await ask(partial.student.auth, partial.course.id);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      success: false,
      message: 'Conclua todas as aulas do curso para receber o certificado',
    });
    expect(await certificatesOf(partial.student.user.id)).toEqual([]);
    const stale = await learner(['lec-1', 'lec-2', 'removed-lecture']);
    expect((await ask(stale.student.auth, stale.course.id)).status).toBe(403);
  });

  it('when a student who is not enrolled, or the educator, asks, then 403; anonymous 401; unknown course 404; bad id 400', async () => {
    const { owner, course } = await learner();
    const outsider = await ctx.createUser();
    expect((await ask(outsider.auth, course.id)).status).toBe(403);
    expect((await ask(owner.auth, course.id)).status).toBe(403);
    expect((await ask(undefined, course.id)).status).toBe(401);
    expect((await ask(outsider.auth, randomUUID())).status).toBe(404);
    expect((await ask(outsider.auth, 'abc')).status).toBe(400);
    expect(await certificatesOf(outsider.user.id)).toEqual([]);
    expect(await certificatesOf(owner.user.id)).toEqual([]);
  });

  it('when the learner is renamed after the certificate was issued, then it keeps the name it was issued to', async () => {
    const { course, student } = await learner();
    const { certificateId } = (await ask(student.auth, course.id)).body;
    await ctx.database.db
      .update(users)
      .set({ name: 'Outro Nome' })
      .where(eq(users.id, student.user.id));
    const res = await request(ctx.app).get(`/api/certificate/${certificateId}`);
    expect(res.body.certificate.name).toBe('Joana Conceição');
  });
});

describe('GET /api/certificate/:id and /pdf', () => {
  it('when anyone opens an issued certificate, then it shows the name, course, educator, date and hours and nothing else', async () => {
    const { course, student } = await learner();
    const { certificateId } = (await ask(student.auth, course.id)).body;
    const res = await request(ctx.app).get(`/api/certificate/${certificateId}`);
    expect(res.status).toBe(200);
    expect(certificateResponseSchema.strict().parse(res.body)).toEqual({
      success: true,
      certificate: {
        name: 'Joana Conceição',
        courseTitle: 'Python do Zero',
        educatorName: 'Prof. Rui Ção',
        educatorTitle: 'educador',
        completedAt: '2031-03-12T12:00:00.000Z',
        minutes: 46,
        // A course without quizzes lists none.
        quizzes: [],
        revokedAt: null,
        url: `http://app.test/certificate/${certificateId}`,
      },
    });
    expect(JSON.stringify(res.body)).not.toContain(student.user.email);
    expect(JSON.stringify(res.body)).not.toContain(student.user.id);
  });

  it('when the PDF is downloaded, then it is one page naming its issuer and code, with the certificate text, the verification URL and a QR code image', async () => {
    const { course, student } = await learner();
    const { certificateId } = (await ask(student.auth, course.id)).body;
    const res = await request(ctx.app)
      .get(`/api/certificate/${certificateId}/pdf`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="certificado-${certificateId}.pdf"`,
    );
    const body = res.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text, images } = await pdfText(body);
    expect(pages).toBe(1);
    // The issuer heads the page, above the title.
    expect(text).toMatch(/^Aprendiz\s+Certificado de conclusão\s/);
    for (const expected of [
      'Joana Conceição',
      'Python do Zero',
      'ministrado por Prof. Rui Ção',
      'Carga horária: 46 minutos',
      'Concluído em 12 de março de 2031',
      `Emitido por Aprendiz · Código do certificado: ${certificateId}`,
      `http://app.test/certificate/${certificateId}`,
    ]) {
      expect(text).toContain(expected);
    }
    // The QR code is the one image; the logo is drawn.
    expect(images).toBe(1);
  });

  it('when the course lasted over an hour, then the page and the PDF state hours and minutes', async () => {
    const { course, student } = await learner();
    const { certificateId } = (await ask(student.auth, course.id)).body;
    await ctx.database.db
      .update(certificates)
      .set({ hours: (135 / 60).toFixed(2) })
      .where(eq(certificates.id, certificateId));

    const res = await request(ctx.app).get(`/api/certificate/${certificateId}`);
    expect(res.body.certificate.minutes).toBe(135);
    const { text } = await pdfText((await downloadPdf(certificateId)).body as Buffer);
    expect(text).toContain('Carga horária: 2 horas, 15 minutos');
  });

  it('when a certificate was issued with its hours to one decimal, then it states the minutes those hours make', async () => {
    const { course, student } = await learner();
    const { certificateId } = (await ask(student.auth, course.id)).body;
    await ctx.database.db
      .update(certificates)
      .set({ hours: '0.80' })
      .where(eq(certificates.id, certificateId));

    const res = await request(ctx.app).get(`/api/certificate/${certificateId}`);
    expect(res.body.certificate.minutes).toBe(48);
  });

  it('when the PDF is downloaded again, then the stored copy is served with its tag, revalidated on every use and kept by no shared cache, and 304 when held', async () => {
    const { course, student } = await learner();
    const { certificateId } = (await ask(student.auth, course.id)).body;
    const first = await downloadPdf(certificateId);
    const stored = await storedPdf(certificateId);
    expect(stored).toHaveLength(1);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.etag).toBe(`"${stored[0]!.contentHash}"`);
    expect(Buffer.compare(first.body as Buffer, stored[0]!.pdf)).toBe(0);

    // pdfkit stamps each document with its creation time: equal bytes mean it was not made again.
    const again = await downloadPdf(certificateId);
    expect(Buffer.compare(again.body as Buffer, first.body as Buffer)).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);

    const held = await request(ctx.app)
      .get(`/api/certificate/${certificateId}/pdf`)
      .set('If-None-Match', first.headers.etag!);
    expect(held.status).toBe(304);
    expect(held.text ?? '').toBe('');
  });

  it('when the course is refunded right after a download, then the PDF is no longer served, even to a holder of its tag', async () => {
    const { course, student } = await learner();
    const { certificateId } = (await ask(student.auth, course.id)).body;
    const [purchase] = await ctx.database.db
      .insert(purchases)
      .values({
        userId: student.user.id,
        courseId: course.id,
        amount: '20.00',
        currency: 'usd',
        provider: 'sandbox',
        status: 'completed',
        completedAt: new Date(),
      })
      .returning();
    // Served once, so this instance holds it in memory.
    const served = await downloadPdf(certificateId);
    const heldTag = served.headers.etag!;

    const refund = await request(ctx.app)
      .post(`/api/payments/${purchase!.id}/refund`)
      .set(student.auth)
      .send({});
    expect(refund.status).toBe(200);

    const [row] = await certificatesOf(student.user.id);
    expect(row!.revokedAt).not.toBeNull();
    const conditional = await request(ctx.app)
      .get(`/api/certificate/${certificateId}/pdf`)
      .set('If-None-Match', heldTag);
    expect(conditional.status).toBe(410);
    expect(conditional.body).toEqual({ success: false, message: CERTIFICATE_REVOKED });
    expect(conditional.headers.etag).not.toBe(heldTag);
    expect(conditional.headers['cache-control']).toBe('private, no-cache');
    expect((await request(ctx.app).get(`/api/certificate/${certificateId}/pdf`)).status).toBe(410);
  });

  it('when the stored PDF was made from other content (an older layout), then it is made again and replaced', async () => {
    const { course, student } = await learner();
    const { certificateId } = (await ask(student.auth, course.id)).body;
    await ctx.database.db.insert(certificatePdfs).values({
      certificateId,
      contentHash: 'feito-por-um-layout-antigo',
      pdf: Buffer.from('%PDF-1.3 antigo'),
    });

    const made = await downloadPdf(certificateId);

    const [stored] = await storedPdf(certificateId);
    expect(stored!.contentHash).not.toBe('feito-por-um-layout-antigo');
    expect(made.headers.etag).toBe(`"${stored!.contentHash}"`);
    expect(Buffer.compare(made.body as Buffer, stored!.pdf)).toBe(0);
    expect((await pdfText(made.body as Buffer)).text).toContain('Python do Zero');
    await request(ctx.app)
      .get(`/api/certificate/${certificateId}/pdf`)
      .set('If-None-Match', '"feito-por-um-layout-antigo"')
      .expect(200);
  });

  it('when the name and title are in Arabic, Chinese and emoji, then the PDF prints them, in embedded fonts, small', async () => {
    const { course, student } = await learner();
    const { certificateId } = (await ask(student.auth, course.id)).body;
    await ctx.database.db
      .update(certificates)
      .set({
        learnerName: 'محمد عبد الله 😀',
        courseTitle: '机器学习入门：从零开始',
        educatorName: 'Zoë 王 🎓',
      })
      .where(eq(certificates.id, certificateId));

    const res = await downloadPdf(certificateId);
    const body = res.body as Buffer;
    const { joined } = await pdfText(body);
    for (const expected of ['محمد', 'الله', '😀', '机器学习入门', '从零开始', 'Zoë', '王', '🎓']) {
      expect(joined).toContain(expected);
    }
    // Only the glyphs drawn are embedded: the whole CJK font would be megabytes.
    expect(body.length).toBeLessThan(150_000);
    // No font is left to the reader's machine: every one is a subset (AAAAAA+Name) embedded here.
    const fonts = [...body.toString('latin1').matchAll(/\/BaseFont \/([A-Z]{6}\+)?([^\s/]+)/g)];
    expect(fonts.length).toBeGreaterThan(3);
    for (const font of fonts) expect(font[1], font[2]).toBeDefined();
  });

  it('when the id is unknown or malformed, then 404 or 400', async () => {
    const unknown = Buffer.alloc(16, 7).toString('base64url');
    for (const path of [`/api/certificate/${unknown}`, `/api/certificate/${unknown}/pdf`]) {
      const res = await request(ctx.app).get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Certificado não encontrado' });
    }
    for (const bad of ['short', 'x'.repeat(23), `${'a'.repeat(21)}!`]) {
      expect(
        (await request(ctx.app).get(`/api/certificate/${encodeURIComponent(bad)}`)).status,
      ).toBe(400);
    }
  });
});
