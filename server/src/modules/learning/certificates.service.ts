import { randomBytes } from 'node:crypto';
import { certificateHours, type Certificate } from '@aprendiz/contract/certificates';
import { progressPercent } from '@aprendiz/contract/rules/progress';
import type { AppDeps } from '../../deps';
import type { CertificateRow } from '../../db/schema/certificates';
import type { UserRow } from '../../db/schema/users';
import { forbidden, notFound } from '../../http/errors';
import { requireCourse } from '../courses/course-access';
import {
  findCertificate,
  findCertificateOf,
  getCompletionFacts,
  insertCertificate,
} from './certificates.repository';
import { getQuizStandingsForCourse } from '../quizzes/quizzes.repository';
import { NOT_ENROLLED } from './learning.service';

type CertificatesDeps = Pick<AppDeps, 'database'>;

export const CERTIFICATE_NOT_FOUND = 'Certificado não encontrado';
export const COURSE_NOT_COMPLETED = 'Conclua todas as aulas do curso para receber o certificado';
export const QUIZZES_NOT_PASSED =
  'Seja aprovado em todos os questionários obrigatórios para receber o certificado';

/** 128 random bits: nobody finds a certificate they were not given the address of. */
export function newCertificateId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The learner's certificate for the course, issued the first time they ask at 100 %. Once issued it
 * stays, even if a lecture is later un-marked or added: it certifies what was completed then.
 */
export async function certificateFor(
  deps: CertificatesDeps,
  user: UserRow,
  courseId: string,
): Promise<string> {
  const db = deps.database.db;
  const course = await requireCourse(db, user, courseId);
  if (!course.enrolled) throw forbidden(NOT_ENROLLED);
  const existing = await findCertificateOf(db, user.id, course.id);
  if (existing) return existing.id;
  const facts = await getCompletionFacts(db, user.id, course.id);
  if (
    !facts ||
    facts.totalLectures === 0 ||
    progressPercent(facts.completedLectures, facts.totalLectures) < 100 ||
    !facts.lastCompletedAt
  ) {
    throw forbidden(COURSE_NOT_COMPLETED);
  }
  const quizzes = await getQuizStandingsForCourse(db, user.id, course.id);
  if (quizzes.some((quiz) => quiz.required && !quiz.passed)) throw forbidden(QUIZZES_NOT_PASSED);
  const issued = await insertCertificate(db, {
    id: newCertificateId(),
    userId: user.id,
    courseId: course.id,
    learnerName: user.name,
    courseTitle: facts.courseTitle,
    educatorName: facts.educatorName,
    hours: String(certificateHours(facts.totalMinutes)),
    completedAt: facts.lastCompletedAt,
    quizzes: quizzes
      .filter((quiz) => quiz.passed)
      .map((quiz) => ({ title: quiz.title, score: quiz.bestScore ?? 0 })),
  });
  return issued.id;
}

export function toCertificate(row: CertificateRow): Certificate {
  return {
    name: row.learnerName,
    courseTitle: row.courseTitle,
    educatorName: row.educatorName,
    completedAt: row.completedAt.toISOString(),
    hours: Number(row.hours),
    quizzes: row.quizzes,
  };
}

/** Public: anyone holding the id may verify it; it names the learner and nothing else about them. */
export async function getCertificate(deps: CertificatesDeps, id: string): Promise<Certificate> {
  const row = await findCertificate(deps.database.db, id);
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  return toCertificate(row);
}
