import { z } from 'zod';
import { educatorTitleSchema } from './auth';
import { textSchema } from './text-schemas';

/** 16 random bytes in base64url: 22 characters. */
export const CERTIFICATE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const certificateIdParamsSchema = z.object({
  id: textSchema({ field: 'O identificador do certificado' }).regex(
    CERTIFICATE_ID_PATTERN,
    'Certificado não encontrado',
  ),
});

/** POST /api/user/certificate/:courseId: the learner's certificate, issued on the first ask at 100 %. */
export const certificateIdResponseSchema = z.object({
  success: z.literal(true),
  certificateId: z.string(),
});
export type CertificateIdResponse = z.infer<typeof certificateIdResponseSchema>;

/** What a certificate shows; nothing else about the learner is public. */
export const certificateSchema = z.object({
  name: z.string(),
  courseTitle: z.string(),
  educatorName: z.string(),
  educatorTitle: educatorTitleSchema,
  completedAt: z.string(),
  /** The course's length when it was issued, in whole minutes ('Carga horária'). */
  minutes: z.number().int().min(0),
  /** Quizzes passed when it was issued, with the best score; [] for a course without quizzes. */
  quizzes: z.array(z.object({ title: z.string(), score: z.number().int().min(0).max(100) })),
  /** When the course was refunded: the certificate no longer certifies anything ('revogado'). */
  revokedAt: z.string().nullable(),
  /**
   * The holder closed their account: the certificate was issued, and the name it bore is no longer
   * kept ('Pessoa removida' stands in for it). Absent otherwise.
   */
  holderRemoved: z.literal(true).optional(),
  /**
   * The address that verifies it (PUBLIC_URL/certificate/<id>): the one its PDF prints and its QR
   * codes hold, and the one to share.
   */
  url: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const certificateResponseSchema = z.object({
  success: z.literal(true),
  certificate: certificateSchema,
});
export type CertificateResponse = z.infer<typeof certificateResponseSchema>;

/** The course's length as a certificate states it: whole minutes, at least 1 for a course with any. */
export function certificateMinutes(totalMinutes: number): number {
  if (totalMinutes <= 0) return 0;
  return Math.max(1, Math.round(totalMinutes));
}
