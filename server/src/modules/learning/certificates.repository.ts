import type { EducatorTitle } from '@aprendiz/contract/rules/educator-title';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { certificatePdfs } from '../../db/schema/certificate-pdfs';
import { certificates, type CertificateRow } from '../../db/schema/certificates';
import { courses } from '../../db/schema/courses';
import { enrollments } from '../../db/schema/enrollments';
import { lectureProgress } from '../../db/schema/lecture-progress';
import { users } from '../../db/schema/users';

export async function findCertificateOf(
  db: Db,
  userId: string,
  courseId: string,
): Promise<CertificateRow | null> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
    .limit(1);
  return row ?? null;
}

/**
 * Locks the learner's enrollment in the course against a refund (which deletes it) until the
 * transaction ends; false when there is none any more.
 */
export async function holdEnrollment(tx: Db, userId: string, courseId: string): Promise<boolean> {
  const rows = await tx
    .select({ userId: enrollments.userId })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    .for('share');
  return rows.length > 0;
}

export async function findCertificate(db: Db, id: string): Promise<CertificateRow | null> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id)).limit(1);
  return row ?? null;
}

export interface CompletionFacts {
  courseTitle: string;
  educatorName: string;
  educatorTitle: EducatorTitle;
  totalLectures: number;
  totalMinutes: number;
  /** Completed lectures the course still has (a removed lecture's tick does not count). */
  completedLectures: number;
  lastCompletedAt: Date | null;
}

/** What a certificate needs to know about the learner's progress in the course, in one statement. */
export async function getCompletionFacts(
  db: Db,
  userId: string,
  courseId: string,
): Promise<CompletionFacts | null> {
  const [row] = await db
    .select({
      courseTitle: courses.title,
      educatorName: users.name,
      educatorTitle: users.educatorTitle,
      totalLectures: sql<number>`(select count(*)::int
        from jsonb_array_elements(${courses.content}) ch
        cross join jsonb_array_elements(ch -> 'chapterContent') l)`.mapWith(Number),
      totalMinutes: sql<number>`(select coalesce(sum((l ->> 'lectureDuration')::numeric), 0)
        from jsonb_array_elements(${courses.content}) ch
        cross join jsonb_array_elements(ch -> 'chapterContent') l)`.mapWith(Number),
      completedLectures: sql<number>`(select count(*)::int from ${lectureProgress} done
        where done.user_id = ${userId} and done.course_id = ${courses.id}
          and exists (select 1 from jsonb_array_elements(${courses.content}) ch
            cross join jsonb_array_elements(ch -> 'chapterContent') l
            where l ->> 'lectureId' = done.lecture_id))`.mapWith(Number),
      lastCompletedAt: sql<Date | null>`(select max(done.completed_at) from ${lectureProgress} done
        where done.user_id = ${userId} and done.course_id = ${courses.id})`.mapWith((v) =>
        v === null ? null : new Date(v as string),
      ),
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.educatorId))
    .where(eq(courses.id, courseId))
    .limit(1);
  return row ?? null;
}

/** Issues the certificate unless one exists for (user, course); answers the one that stands. */
export async function insertCertificate(
  db: Db,
  certificate: typeof certificates.$inferInsert,
): Promise<CertificateRow> {
  await db
    .insert(certificates)
    .values(certificate)
    .onConflictDoNothing({
      target: [certificates.userId, certificates.courseId],
    });
  const existing = await findCertificateOf(db, certificate.userId, certificate.courseId);
  if (!existing) throw new Error('certificate vanished right after it was written');
  return existing;
}

/** A revoked certificate valid again, with the facts of its new completion. */
export async function reinstateCertificate(
  db: Db,
  id: string,
  facts: Pick<
    typeof certificates.$inferInsert,
    | 'learnerName'
    | 'courseTitle'
    | 'educatorName'
    | 'educatorTitle'
    | 'hours'
    | 'completedAt'
    | 'quizzes'
  >,
): Promise<void> {
  await db
    .update(certificates)
    .set({ ...facts, revokedAt: null })
    .where(eq(certificates.id, id));
}

/** The PDF stored for a certificate, with the hash of what it prints. */
export async function findStoredCertificatePdf(
  db: Db,
  certificateId: string,
): Promise<{ contentHash: string; pdf: Buffer } | null> {
  const [row] = await db
    .select({ contentHash: certificatePdfs.contentHash, pdf: certificatePdfs.pdf })
    .from(certificatePdfs)
    .where(eq(certificatePdfs.certificateId, certificateId))
    .limit(1);
  return row ?? null;
}

/** Keeps a certificate's PDF, replacing one made from other content. */
export async function saveCertificatePdf(
  db: Db,
  made: { certificateId: string; contentHash: string; pdf: Buffer },
): Promise<void> {
  await db
    .insert(certificatePdfs)
    .values(made)
    .onConflictDoUpdate({
      target: certificatePdfs.certificateId,
      set: { contentHash: made.contentHash, pdf: made.pdf, createdAt: sql`now()` },
    });
}
