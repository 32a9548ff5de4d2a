import { z } from 'zod';
import { textSchema } from './text-schemas';

import { REPLY_MAX_LENGTH, REVIEW_MAX_LENGTH } from './rules/reviews';

/** A learner's written review: plain text, line breaks allowed, shown as text and never as HTML. */
export const reviewTextSchema = textSchema({
  field: 'A avaliação escrita',
  typeError: 'A avaliação escrita deve ser um texto',
  multiline: true,
  trim: true,
}).max(REVIEW_MAX_LENGTH, `A avaliação escrita pode ter até ${REVIEW_MAX_LENGTH} caracteres`);

export const reviewReplyBodySchema = z.object({
  reply: textSchema({
    field: 'A resposta',
    typeError: 'A resposta deve ser um texto',
    multiline: true,
    trim: true,
  })
    .min(1, 'Escreva a resposta')
    .max(REPLY_MAX_LENGTH, `A resposta pode ter até ${REPLY_MAX_LENGTH} caracteres`),
});
export type ReviewReplyBody = z.infer<typeof reviewReplyBodySchema>;

/** Reporting a written review says why the same way as reporting a question or an answer. */
export { reportBodySchema as reviewReportBodySchema } from './questions';

export const reviewIdParamsSchema = z.object({ id: z.uuid({ error: 'Avaliação não encontrada' }) });

export const reviewsQuerySchema = z.object({
  page: textSchema({ field: 'A página', typeError: 'Página inválida' })
    .regex(/^[1-9]\d{0,5}$/, 'Página inválida')
    .transform(Number)
    .optional()
    .transform((page) => page ?? 1),
});

export const courseReviewSchema = z.object({
  _id: z.string(),
  /** The author's public id: the signed-in author is not offered 'Denunciar' on their own review. */
  authorId: z.string(),
  rating: z.number(),
  review: z.string(),
  name: z.string(),
  createdAt: z.string(),
  reply: z.string().nullable(),
});
export type CourseReview = z.infer<typeof courseReviewSchema>;

/** How many learners gave each number of stars, keys '1' to '5'. */
export const ratingDistributionSchema = z.object({
  1: z.number(),
  2: z.number(),
  3: z.number(),
  4: z.number(),
  5: z.number(),
});
export type RatingDistribution = z.infer<typeof ratingDistributionSchema>;

/**
 * One page of a course's written reviews, newest first. `total` counts written reviews (what the
 * pages walk); `ratingCount`, `averageRating`, `meanRating` and `distribution` count every rating, with or
 * without text.
 */
export const courseReviewsResponseSchema = z.object({
  success: z.literal(true),
  reviews: z.array(courseReviewSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  ratingCount: z.number(),
  averageRating: z.number(),
  /** The mean to one decimal, what the page shows. */
  meanRating: z.number(),
  distribution: ratingDistributionSchema,
});
export type CourseReviewsResponse = z.infer<typeof courseReviewsResponseSchema>;
