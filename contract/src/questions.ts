import { z } from 'zod';
import { educatorTitleSchema } from './auth';
import { publicPersonSchema, uuidSchema } from './common';
import { textSchema } from './text-schemas';
import {
  HIDE_NOTE_MAX_LENGTH,
  POST_BODY_MAX_LENGTH,
  POST_KINDS,
  QUESTION_SORTS,
  QUESTION_TITLE_MAX_LENGTH,
  REPORT_REASON_MAX_LENGTH,
} from './rules/questions';
import { COURSE_SEARCH_QUERY_MAX } from './catalogue';

/** The lecture a question or note is about; the server checks it belongs to the course. */
export const postLectureIdSchema = textSchema({
  field: 'O identificador da aula',
  typeError: 'Identificador de aula inválido',
})
  .min(1, 'Identificador de aula inválido')
  .max(100, 'Identificador de aula inválido');

const titleSchema = textSchema({
  field: 'O título da pergunta',
  typeError: 'O título da pergunta deve ser um texto',
  trim: true,
})
  .min(1, 'Escreva o título da pergunta')
  .max(
    QUESTION_TITLE_MAX_LENGTH,
    `O título da pergunta pode ter até ${QUESTION_TITLE_MAX_LENGTH} caracteres`,
  );

/**
 * Plain text: line breaks, `inline code` and ``` blocks ``` are read by the player, which also makes
 * links clickable; nothing in it is ever HTML.
 */
function bodySchema(field: string, empty: string) {
  return textSchema({
    field,
    typeError: `${field} deve ser um texto`,
    multiline: true,
    trim: true,
  })
    .min(1, empty)
    .max(POST_BODY_MAX_LENGTH, `${field} pode ter até ${POST_BODY_MAX_LENGTH} caracteres`);
}

export const askQuestionBodySchema = z.object({
  lectureId: postLectureIdSchema,
  title: titleSchema,
  body: bodySchema('O texto da pergunta', 'Escreva o texto da pergunta'),
});
export type AskQuestionBody = z.infer<typeof askQuestionBodySchema>;

export const editQuestionBodySchema = z
  .object({
    title: titleSchema.optional(),
    body: bodySchema('O texto da pergunta', 'Escreva o texto da pergunta').optional(),
  })
  .refine((edit) => edit.title !== undefined || edit.body !== undefined, {
    message: 'Nada para alterar',
  });
export type EditQuestionBody = z.infer<typeof editQuestionBodySchema>;

export const answerBodySchema = z.object({
  body: bodySchema('O texto da resposta', 'Escreva a resposta'),
});
export type AnswerBody = z.infer<typeof answerBodySchema>;

export const reportBodySchema = z.object({
  reason: textSchema({
    field: 'O motivo',
    typeError: 'O motivo deve ser um texto',
    multiline: true,
    trim: true,
  })
    .max(REPORT_REASON_MAX_LENGTH, `O motivo pode ter até ${REPORT_REASON_MAX_LENGTH} caracteres`)
    .optional(),
});
export type ReportBody = z.infer<typeof reportBodySchema>;

/** The educator says why: the author, the only other person who still sees the post, reads it. */
export const hideBodySchema = z.object({
  note: textSchema({
    field: 'A nota ao autor',
    typeError: 'A nota ao autor deve ser um texto',
    multiline: true,
    trim: true,
  })
    .min(1, 'Escreva uma nota ao autor')
    .max(HIDE_NOTE_MAX_LENGTH, `A nota ao autor pode ter até ${HIDE_NOTE_MAX_LENGTH} caracteres`),
});
export type HideBody = z.infer<typeof hideBodySchema>;

export const postIdParamsSchema = z.object({ id: uuidSchema });

const pageSchema = textSchema({ field: 'A página', typeError: 'Página inválida' })
  .regex(/^[1-9]\d{0,5}$/, 'Página inválida')
  .transform(Number);

export const questionListQuerySchema = z.object({
  lectureId: postLectureIdSchema.optional(),
  sort: z
    .enum(QUESTION_SORTS, { error: 'Ordenação inválida: use recent, top ou unanswered' })
    .default('recent'),
  q: textSchema({ field: 'A pesquisa', typeError: 'Pesquisa inválida', trim: true })
    .max(
      COURSE_SEARCH_QUERY_MAX,
      `A pesquisa deve ter no máximo ${COURSE_SEARCH_QUERY_MAX} caracteres`,
    )
    .optional(),
  page: pageSchema.optional().transform((page) => page ?? 1),
});
export type QuestionListQuery = z.infer<typeof questionListQuerySchema>;

export const educatorQuestionsQuerySchema = z.object({
  status: z
    .enum(['unanswered'], { error: 'Estado inválido: use unanswered' })
    .default('unanswered'),
  page: pageSchema.optional().transform((page) => page ?? 1),
});

/** Set on a hidden post for the two people who still see it: its author and the course's educator. */
const hiddenSchema = z.object({ hidden: z.boolean(), hiddenNote: z.string().nullable() });

export const questionSummarySchema = z
  .object({
    _id: z.string(),
    courseId: z.string(),
    lectureId: z.string(),
    title: z.string(),
    body: z.string(),
    author: publicPersonSchema,
    /** The author is the course's educator. */
    authorIsEducator: z.boolean(),
    /** The badge's word ('Educador' or 'Educadora', their choice) when the author is the educator. */
    authorEducatorTitle: educatorTitleSchema.nullable(),
    upvotes: z.number(),
    upvoted: z.boolean(),
    answerCount: z.number(),
    accepted: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .extend(hiddenSchema.shape);
export type QuestionSummary = z.infer<typeof questionSummarySchema>;

export const answerSchema = z
  .object({
    _id: z.string(),
    questionId: z.string(),
    body: z.string(),
    author: publicPersonSchema,
    /** Shown with the 'Educador' (or 'Educadora') badge. */
    authorIsEducator: z.boolean(),
    authorEducatorTitle: educatorTitleSchema.nullable(),
    accepted: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .extend(hiddenSchema.shape);
export type Answer = z.infer<typeof answerSchema>;

export const questionDetailSchema = questionSummarySchema.extend({
  answers: z.array(answerSchema),
  /** What the caller may do: accept answers (asker or educator), hide (educator). */
  canAccept: z.boolean(),
  canModerate: z.boolean(),
});
export type QuestionDetail = z.infer<typeof questionDetailSchema>;

export const questionListResponseSchema = z.object({
  success: z.literal(true),
  questions: z.array(questionSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type QuestionListResponse = z.infer<typeof questionListResponseSchema>;

export const questionResponseSchema = z.object({
  success: z.literal(true),
  question: questionDetailSchema,
});

export const askQuestionResponseSchema = z.object({
  success: z.literal(true),
  question: questionSummarySchema,
});

export const answerResponseSchema = z.object({ success: z.literal(true), answer: answerSchema });

export const upvoteResponseSchema = z.object({
  success: z.literal(true),
  upvotes: z.number(),
  upvoted: z.literal(true),
});

export const educatorQuestionSchema = questionSummarySchema.extend({
  courseTitle: z.string(),
  lectureTitle: z.string(),
});
export type EducatorQuestion = z.infer<typeof educatorQuestionSchema>;

export const educatorQuestionsResponseSchema = z.object({
  success: z.literal(true),
  questions: z.array(educatorQuestionSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type EducatorQuestionsResponse = z.infer<typeof educatorQuestionsResponseSchema>;

export const educatorReportsQuerySchema = z.object({
  page: pageSchema.optional().transform((page) => page ?? 1),
});

/** The educator is done with a post's reports (it is fine, or hidden already): they leave the list. */
export const dismissReportsBodySchema = z.object({
  kind: z.enum(POST_KINDS, { error: 'Tipo de publicação inválido: use question ou answer' }),
  id: uuidSchema,
});
export type DismissReportsBody = z.infer<typeof dismissReportsBodySchema>;

/** A reported question or answer of one of the educator's courses, with what the reports say. */
export const reportedPostSchema = z
  .object({
    kind: z.enum(POST_KINDS),
    /** The question's or the answer's id: what 'Ocultar', 'Mostrar novamente' and 'Dispensar' act on. */
    _id: z.string(),
    questionId: z.string(),
    questionTitle: z.string(),
    courseId: z.string(),
    courseTitle: z.string(),
    lectureId: z.string(),
    lectureTitle: z.string(),
    body: z.string(),
    author: publicPersonSchema,
    createdAt: z.string(),
    reportCount: z.number(),
    /** The newest reasons given (reports without one are only counted). */
    reasons: z.array(z.string()),
    lastReportedAt: z.string(),
  })
  .extend(hiddenSchema.shape);
export type ReportedPost = z.infer<typeof reportedPostSchema>;

export const educatorReportsResponseSchema = z.object({
  success: z.literal(true),
  reports: z.array(reportedPostSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type EducatorReportsResponse = z.infer<typeof educatorReportsResponseSchema>;

export const dismissReportsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  dismissed: z.number(),
});
