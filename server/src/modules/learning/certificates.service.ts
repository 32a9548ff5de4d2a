import { randomBytes } from 'node:crypto';
import { REMOVED_PERSON_NAME } from '@aprendiz/contract/privacy';
import { certificateMinutes, type Certificate } from '@aprendiz/contract/certificates';
import { certificateEarned } from '@aprendiz/contract/rules/quiz-grading';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import type { CertificateRow } from '../../db/schema/certificates';
import type { UserRow } from '../../db/schema/users';
import { forbidden, gone, notFound } from '../../http/errors';
import { requireCourse } from '../courses/course-access';
import { certificateContentHash, certificateUrl, renderCertificatePdf } from './certificate-pdf';
import {
  findCertificate,
  findCertificateOf,
  findStoredCertificatePdf,
  saveCertificatePdf,
  getCompletionFacts,
  holdEnrollment,
  insertCertificate,
  reinstateCertificate,
} from './certificates.repository';
import { getQuizStandingsForCourse } from '../quizzes/quizzes.repository';
import { NOT_ENROLLED } from './learning.service';

type CertificatesDeps = Pick<AppDeps, 'database'>;
type PublicCertificatesDeps = Pick<AppDeps, 'database' | 'config'>;
type CertificatePdfDeps = Pick<AppDeps, 'database' | 'config' | 'catalogueCache'>;

export const CERTIFICATE_NOT_FOUND = 'Certificado não encontrado';
export const COURSE_NOT_COMPLETED = 'Conclua todas as aulas do curso para receber o certificado';
export const CERTIFICATE_REVOKED =
  'Este certificado foi revogado: o curso foi reembolsado. A página de verificação diz quando.';
export const QUIZZES_NOT_PASSED =
  'Seja aprovado em todos os questionários obrigatórios para receber o certificado';

/** 128 random bits: nobody finds a certificate they were not given the address of. */
export function newCertificateId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The learner's certificate for the course, issued the first time they ask at 100 %. Once issued it
 * stays, even if a lecture is later un-marked or added: it certifies what was completed then. One
 * revoked by a refund is reinstated (same address, today's facts) when the learner, enrolled again,
 * meets the same conditions: the old link then verifies again, as it names the same person and course.
 */
export async function certificateFor(
  deps: CertificatesDeps,
  user: UserRow,
  courseId: string,
): Promise<string> {
  const db = deps.database.db;
  const course = await requireCourse(db, user, courseId);
  if (!course.enrolled) throw forbidden(NOT_ENROLLED);
  // A refund deletes the enrollment and revokes the certificate in one transaction. Holding the
  // enrollment row while issuing makes the two take turns: a refund that came first leaves no row
  // to hold (not enrolled), and one that comes later waits and then revokes what was issued.
  const issued = await db.transaction(async (tx) => {
    if (!(await holdEnrollment(tx, user.id, course.id))) throw forbidden(NOT_ENROLLED);
    return issueUnderEnrollment(tx, user, course.id);
  });
  if (issued.reinstated) recentPdfs.delete(issued.id);
  return issued.id;
}

async function issueUnderEnrollment(
  tx: Db,
  user: UserRow,
  courseId: string,
): Promise<{ id: string; reinstated: boolean }> {
  const existing = await findCertificateOf(tx, user.id, courseId);
  if (existing && !existing.revokedAt) return { id: existing.id, reinstated: false };
  const facts = await getCompletionFacts(tx, user.id, courseId);
  const quizzes = await getQuizStandingsForCourse(tx, user.id, courseId);
  const required = quizzes.filter((quiz) => quiz.required);
  const completion = {
    lectures: facts?.totalLectures ?? 0,
    lecturesCompleted: facts?.completedLectures ?? 0,
    quizzesRequired: required.length,
    quizzesPassed: required.filter((quiz) => quiz.passed).length,
  };
  if (!facts?.lastCompletedAt || !certificateEarned(completion)) {
    // Say what is missing: the lectures first, then the quizzes.
    const lecturesLeft =
      !facts?.lastCompletedAt ||
      !certificateEarned({ ...completion, quizzesPassed: completion.quizzesRequired });
    throw forbidden(lecturesLeft ? COURSE_NOT_COMPLETED : QUIZZES_NOT_PASSED);
  }
  const issuedFacts = {
    learnerName: user.name,
    courseTitle: facts.courseTitle,
    educatorName: facts.educatorName,
    educatorTitle: facts.educatorTitle,
    hours: hoursColumn(certificateMinutes(facts.totalMinutes)),
    completedAt: facts.lastCompletedAt,
    quizzes: quizzes
      .filter((quiz) => quiz.passed)
      .map((quiz) => ({ title: quiz.title, score: quiz.bestScore ?? 0 })),
  };
  if (existing) {
    await reinstateCertificate(tx, existing.id, issuedFacts);
    return { id: existing.id, reinstated: true };
  }
  const issued = await insertCertificate(tx, {
    id: newCertificateId(),
    userId: user.id,
    courseId,
    ...issuedFacts,
  });
  return { id: issued.id, reinstated: false };
}

/**
 * The `hours` column holds the whole minutes as hours to two decimals: that is off by at most 0.3 of
 * a minute, so the minutes read back exactly. (Certificates issued when it kept one decimal read
 * back as the hours they printed: 0.8 h is 48 minutes.)
 */
function hoursColumn(minutes: number): string {
  return (minutes / 60).toFixed(2);
}

function minutesOf(hoursColumnValue: string): number {
  return Math.round(Number(hoursColumnValue) * 60);
}

export function toCertificate(row: CertificateRow, publicUrl: string): Certificate {
  return {
    name: row.learnerName,
    courseTitle: row.courseTitle,
    educatorName: row.educatorName,
    educatorTitle: row.educatorTitle,
    completedAt: row.completedAt.toISOString(),
    minutes: minutesOf(row.hours),
    quizzes: row.quizzes,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    // The retirement of a closed account writes this name in; nothing else does.
    ...(row.learnerName === REMOVED_PERSON_NAME && { holderRemoved: true }),
    url: certificateUrl(publicUrl, row.id),
  };
}

/** Public: anyone holding the id may verify it; it names the learner and nothing else about them. */
export async function getCertificate(
  deps: PublicCertificatesDeps,
  id: string,
): Promise<Certificate> {
  const row = await findCertificate(deps.database.db, id);
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  return toCertificate(row, deps.config.publicUrl);
}

export interface CertificatePdf {
  pdf: Buffer;
  /** Quoted hash of what the PDF prints: the same tag means the same document. */
  etag: string;
}

// Two first downloads of one certificate on this instance wait for one render.
const rendering = new Map<string, Promise<CertificatePdf>>();

/** PDFs served lately, so a popular one is not read out of the database on every download. */
const MAX_PDFS_IN_MEMORY = 256;
/**
 * How long a PDF in memory is served without reading its certificate again, as long as nothing
 * was written meanwhile: a deleted account's certificate may go up to 30 s later on this instance.
 */
const RECHECK_AFTER_MS = 30_000;
/**
 * `generation` is the catalogue cache's count of writes when the certificate was last read. A
 * refund, which revokes the certificate, invalidates the catalogue on every instance (the cache
 * bus), so a copy read before it is never served again without reading the certificate, which is
 * then found revoked and dropped.
 */
type RecentPdf = CertificatePdf & { contentHash: string; checkedAt: number; generation: number };
const recentPdfs = new Map<string, RecentPdf>();

function remember(id: string, made: RecentPdf): void {
  recentPdfs.delete(id);
  recentPdfs.set(id, made);
  if (recentPdfs.size > MAX_PDFS_IN_MEMORY) recentPdfs.delete(recentPdfs.keys().next().value!);
}

/**
 * The certificate's PDF, made the first time it is asked for and kept in the database, so every
 * instance serves the same bytes without making it again. It is made anew only when what it
 * prints changes (the layout's version, the public URL in its QR code). A copy this instance
 * served lately is handed out again without reading the certificate only until the next write the
 * catalogue hears of (a refund's revocation among them) or for 30 s, whichever comes first.
 */
export async function getCertificatePdf(
  deps: CertificatePdfDeps,
  id: string,
): Promise<CertificatePdf> {
  const db = deps.database.db;
  const generation = deps.catalogueCache.generation();
  const held = recentPdfs.get(id);
  if (held && held.generation === generation && Date.now() - held.checkedAt < RECHECK_AFTER_MS) {
    return held;
  }
  const row = await findCertificate(db, id);
  if (!row) {
    recentPdfs.delete(id);
    throw notFound(CERTIFICATE_NOT_FOUND);
  }
  // A refunded course's certificate certifies nothing: its page says so, and no PDF is handed out.
  if (row.revokedAt) {
    recentPdfs.delete(id);
    throw gone(CERTIFICATE_REVOKED);
  }
  const certificate = toCertificate(row, deps.config.publicUrl);
  const contentHash = certificateContentHash(id, certificate);
  const etag = `"${contentHash}"`;
  if (held?.contentHash === contentHash) {
    remember(id, { ...held, checkedAt: Date.now(), generation });
    return held;
  }

  const key = `${id}:${contentHash}`;
  let made = rendering.get(key);
  if (!made) {
    made = (async () => {
      const stored = await findStoredCertificatePdf(db, id);
      if (stored?.contentHash === contentHash) return { pdf: stored.pdf, etag };
      const pdf = await renderCertificatePdf(id, certificate);
      await saveCertificatePdf(db, { certificateId: id, contentHash, pdf });
      return { pdf, etag };
    })()
      .then((pdf) => {
        remember(id, { ...pdf, contentHash, checkedAt: Date.now(), generation });
        return pdf;
      })
      .finally(() => rendering.delete(key));
    rendering.set(key, made);
  }
  return made;
}
