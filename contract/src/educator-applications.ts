import { z } from 'zod';
import { textSchema } from './text-schemas';

/**
 * With EDUCATOR_APPLICATIONS=on, 'Tornar-se educador' is a short application an admin approves or
 * declines; a person has at most one pending at a time, and may apply again after a decline.
 */
export const EDUCATOR_APPLICATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export const educatorApplicationStatusSchema = z.enum(EDUCATOR_APPLICATION_STATUSES, {
  message: 'Escolha uma situação: pending, approved ou declined',
});
export type EducatorApplicationStatus = z.infer<typeof educatorApplicationStatusSchema>;

/** Long enough to judge by, short enough to read in the queue. */
export const APPLICATION_TEXT_MIN = 20;
export const APPLICATION_TEXT_MAX = 1000;

function applicationText(field: string, missing: string) {
  return textSchema({ field, typeError: missing, trim: true, multiline: true })
    .min(APPLICATION_TEXT_MIN, `${missing} (pelo menos ${APPLICATION_TEXT_MIN} caracteres)`)
    .max(APPLICATION_TEXT_MAX, `${field} deve ter no máximo ${APPLICATION_TEXT_MAX} caracteres`);
}

export const educatorApplicationBodySchema = z.object({
  about: applicationText('O texto sobre você', 'Conte um pouco sobre você'),
  teaching: applicationText('O texto sobre o que vai ensinar', 'Conte o que você vai ensinar'),
});
export type EducatorApplicationBody = z.infer<typeof educatorApplicationBodySchema>;

/** The admin's note on a decline: the applicant reads it. */
export const declineApplicationBodySchema = z.object({
  note: textSchema({ field: 'A nota', typeError: 'Escreva uma nota para a pessoa', trim: true })
    .min(3, 'Escreva uma nota para a pessoa (pelo menos 3 caracteres)')
    .max(500, 'A nota deve ter no máximo 500 caracteres'),
});
export type DeclineApplicationBody = z.infer<typeof declineApplicationBodySchema>;

export const applicationListQuerySchema = z.object({
  status: educatorApplicationStatusSchema.optional(),
});

/** An application as its applicant sees it. */
export interface EducatorApplication {
  _id: string;
  about: string;
  teaching: string;
  status: EducatorApplicationStatus;
  /** The admin's note on a decline. */
  note: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** `application` is the latest one, or null when the person never applied. */
export interface EducatorApplicationResponse {
  success: true;
  application: EducatorApplication | null;
}

/** An application in the console's queue, with who sent it. */
export interface AdminEducatorApplication extends EducatorApplication {
  userId: string;
  userName: string;
  userEmail: string;
}

export interface AdminEducatorApplicationsResponse {
  success: true;
  applications: AdminEducatorApplication[];
}
