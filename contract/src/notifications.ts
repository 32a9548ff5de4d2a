import { z } from 'zod';
import { uuidSchema } from './common';
import { textSchema } from './text-schemas';

/**
 * What a notification is about: an answer to my question, my answer accepted, a question in my
 * course (educators), or a post of mine an educator hid (with the note).
 */
export const NOTIFICATION_KINDS = ['answer', 'accepted', 'question', 'hidden'] as const;
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

export const mailPreferencesSchema = z.object({
  answers: z.boolean({ error: 'Escolha sim ou não para as respostas' }),
  digest: z.boolean({ error: 'Escolha sim ou não para o resumo diário' }),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

export const mailPreferencesResponseSchema = z.object({
  success: z.literal(true),
  preferences: mailPreferencesSchema,
});

/** A user id (a UUID, or Clerk's `user_…`) or a base64url signature: letters, digits, `-` and `_`. */
const LINK_PART = /^[A-Za-z0-9_-]+$/;
const INVALID_LINK = 'Link de cancelamento inválido';

export const unsubscribeQuerySchema = z.object({
  u: textSchema({ field: 'O link' }).min(1).max(200).regex(LINK_PART, INVALID_LINK),
  k: z.enum(MAIL_KINDS),
  s: textSchema({ field: 'O link' }).min(1).max(200).regex(LINK_PART, INVALID_LINK),
});
