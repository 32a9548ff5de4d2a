import { z } from 'zod';
import { uuidSchema } from './common';
import { textSchema } from './text-schemas';

/**
 * What a notification is about: an answer to my question, my answer accepted, a question in my
 * course (educators), a post of mine an educator hid (with the note), my withdrawal paid or
 * failed (educators; the note says how much and the bank's reference or the reason, and the
 * question's fields are empty), a reviewer's decision on my course: approved, changes asked (the
 * note) or taken down (the reason), with the course's fields filled and the question's empty; or my
 * educator application approved or declined (the note is the admin's, the question's fields empty).
 */
export const NOTIFICATION_KINDS = [
  'answer',
  'accepted',
  'question',
  'hidden',
  'payout_paid',
  'payout_failed',
  'course_approved',
  'course_changes_requested',
  'course_taken_down',
  'application_approved',
  'application_declined',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The e-mails one may stop, each with its own one-click link. */
export const MAIL_KINDS = ['answers', 'digest'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  read: z.boolean(),
  createdAt: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  lectureId: z.string(),
  questionId: z.string(),
  questionTitle: z.string(),
  /** The answer it is about (a new answer, one accepted or hidden), for the link to show it; else null. */
  answerId: z.string().nullable(),
  /** Who did it (the answerer, the asker); empty for a moderation notice. */
  actorName: z.string(),
  /** The educator's note on a hidden post. */
  note: z.string().nullable(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationsResponseSchema = z.object({
  success: z.literal(true),
  notifications: z.array(notificationSchema),
  unread: z.number(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** No ids: everything is read. */
export const markReadBodySchema = z.object({
  ids: z.array(uuidSchema).max(100, 'No máximo 100 notificações de cada vez').optional(),
});
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

/** `news` (marketing) may be left out by a client that does not show it: nothing changes then. */
export const mailPreferencesSchema = z.object({
  answers: z.boolean({ error: 'Escolha sim ou não para as respostas' }),
  digest: z.boolean({ error: 'Escolha sim ou não para o resumo diário' }),
  news: z.boolean({ error: 'Escolha sim ou não para novidades e ofertas' }).optional(),
});
export type MailPreferencesInput = z.infer<typeof mailPreferencesSchema>;
export type MailPreferences = Required<MailPreferencesInput>;

export const mailPreferencesResponseSchema = z.object({
  success: z.literal(true),
  preferences: mailPreferencesSchema.required(),
});

/** A user id (a UUID, or Clerk's `user_…`) or a base64url signature: letters, digits, `-` and `_`. */
const LINK_PART = /^[A-Za-z0-9_-]+$/;
const INVALID_LINK = 'Link de cancelamento inválido';

export const unsubscribeQuerySchema = z.object({
  u: textSchema({ field: 'O link' }).min(1).max(200).regex(LINK_PART, INVALID_LINK),
  k: z.enum(MAIL_KINDS),
  s: textSchema({ field: 'O link' }).min(1).max(200).regex(LINK_PART, INVALID_LINK),
});
