import { z } from 'zod';
import { courseIdBodySchema, uuidSchema } from './common';
import { courseDetailSchema, courseSummarySchema } from './courses';
import { textSchema } from './text-schemas';
import { LECTURE_DURATION_MAX_MINUTES } from './rules/duration';
import { RATING_MAX, RATING_MIN } from './rules/ratings';
import { reviewTextSchema } from './reviews';
import { owedRefundSchema, refundedPurchaseSchema, refundOfferSchema } from './payments';

export const enrollFreeBodySchema = courseIdBodySchema;
export type EnrollFreeBody = z.infer<typeof enrollFreeBodySchema>;

export const courseProgressBodySchema = courseIdBodySchema;
export type CourseProgressBody = z.infer<typeof courseProgressBodySchema>;

const lectureIdSchema = textSchema({
  field: 'O identificador da aula',
  typeError: 'Identificador de aula inválido',
})
  .min(1, 'Identificador de aula inválido')
  .max(100, 'Identificador de aula inválido');

export const updateProgressBodySchema = z.object({
  courseId: uuidSchema,
  lectureId: lectureIdSchema,
  /** false un-marks the lecture; absent keeps the spec's meaning, marking it completed. */
  completed: z.boolean({ error: 'O campo completed deve ser verdadeiro ou falso' }).default(true),
});
export type UpdateProgressBody = z.infer<typeof updateProgressBodySchema>;

const SECONDS_MESSAGE = 'A posição do vídeo deve ser um número inteiro de segundos';

/**
 * Where the learner is in a lecture's video; the server also bounds it by the lecture's duration.
 * Without `seconds` (the video could not load, so it never said where it was) the lecture still
 * becomes the resume point, at the second it was left last time, or its start.
 */
export const lecturePositionBodySchema = z.object({
  courseId: uuidSchema,
  lectureId: lectureIdSchema,
  seconds: z
    .number({ error: SECONDS_MESSAGE })
    .int({ error: SECONDS_MESSAGE })
    .min(0, SECONDS_MESSAGE)
    .max(LECTURE_DURATION_MAX_MINUTES * 60, SECONDS_MESSAGE)
    .optional(),
});
export type LecturePositionBody = z.infer<typeof lecturePositionBodySchema>;

/**
 * What navigator.sendBeacon sends when the page hides: it cannot set an Authorization header, so
 * the body carries the short-lived position token the authenticated calls hand out instead.
 */
export const lecturePositionBeaconSchema = lecturePositionBodySchema.extend({
  token: z.string({ error: 'Token de posição inválido' }).min(1).max(500),
});
export type LecturePositionBeacon = z.infer<typeof lecturePositionBeaconSchema>;

export const lecturePositionResponseSchema = z.object({
  success: z.literal(true),
  seconds: z.number(),
  /** For the beacon sent when the page hides; renewed by every save. */
  positionToken: z.string(),
});
export type LecturePositionResponse = z.infer<typeof lecturePositionResponseSchema>;

/** Where the learner stopped in one lecture. */
export const lecturePositionSchema = z.object({ lectureId: z.string(), seconds: z.number() });
export type LectureSecond = z.infer<typeof lecturePositionSchema>;

/**
 * The lecture and second to open the player at (null and 0 before the learner watched anything),
 * and the second they left each lecture at, so every lecture reopens where it was left.
 */
export const resumeResponseSchema = z.object({
  success: z.literal(true),
  lectureId: z.string().nullable(),
  seconds: z.number(),
  lectures: z.array(lecturePositionSchema),
  positionToken: z.string(),
});
export type ResumeResponse = z.infer<typeof resumeResponseSchema>;

const RATING_MESSAGE = 'A avaliação deve ser um número inteiro de 1 a 5';

export const addRatingBodySchema = z.object({
  courseId: uuidSchema,
  rating: z
    .number({ error: RATING_MESSAGE })
    .int({ error: RATING_MESSAGE })
    .min(RATING_MIN, RATING_MESSAGE)
    .max(RATING_MAX, RATING_MESSAGE),
  /** Absent keeps the learner's written review as it was; empty (after trimming) removes it. */
  review: reviewTextSchema.optional(),
});
export type AddRatingBody = z.infer<typeof addRatingBodySchema>;

export const progressResponseSchema = z.object({
  success: z.literal(true),
  progressData: z.object({
    lectureCompleted: z.array(z.string()),
    /** Quizzes of the course the learner has passed: a chapter with a required quiz counts only then. */
    quizzesPassed: z.array(z.string()),
  }),
});
export type ProgressResponse = z.infer<typeof progressResponseSchema>;

export const enrolledCourseSchema = courseDetailSchema.extend({
  lectureCompleted: z.array(z.string()),
  /** Quizzes of the course the learner has passed: a chapter with a required quiz counts only then. */
  quizzesPassed: z.array(z.string()),
  /** The learner's own written review, null when they wrote none. */
  myReview: z.string().nullable(),
  /**
   * Set when moderation hid the learner's written review from the course page: the note says why.
   * The stars still count.
   */
  myReviewHidden: z.object({ note: z.string().nullable() }).nullable(),
  enrolledAt: z.string(),
  /** The paid purchase's refund, offered or refused with its reason; null for a free course. */
  refund: refundOfferSchema.nullable(),
  /** The player draws the learner's own name and e-mail over the video (the course's setting). */
  watermark: z.boolean(),
});
export type EnrolledCourse = z.infer<typeof enrolledCourseSchema>;

export const courseCompletionSchema = z.object({
  lecturesCompleted: z.number().int().min(0),
  lectures: z.number().int().min(0),
  /** Required quizzes passed, of `quizzesRequired`. */
  quizzesPassed: z.number().int().min(0),
  quizzesRequired: z.number().int().min(0),
  percent: z.number().int().min(0).max(100),
  complete: z.boolean(),
});

/**
 * One enrolled course as My Enrollments and the top bar show it: the catalogue summary (title,
 * thumbnail, totals) with the learner's progress worked out by the server (contract's
 * `courseCompletion`), never the description or the content. The player reads its course alone
 * (`GET /api/user/enrolled-courses/:courseId`).
 */
export const enrolledCourseSummarySchema = courseSummarySchema.extend({
  progress: courseCompletionSchema,
  lectureCompleted: z.array(z.string()),
  quizzesPassed: z.array(z.string()),
  /** The learner's own rating, null when they gave none. */
  myRating: z.number().int().min(1).max(5).nullable(),
  enrolledAt: z.string(),
  /** The paid purchase's refund, offered or refused with its reason; null for a free course. */
  refund: refundOfferSchema.nullable(),
  /** Money of this course owed back by hand, awaiting where to send it: 'Informe o IBAN'. */
  owedRefund: owedRefundSchema.nullable().optional(),
  /** Taken down for a rights claim: listed as removed, and its lectures are served no more. */
  removedForRightsClaim: z.boolean().optional(),
});
export type EnrolledCourseSummary = z.infer<typeof enrolledCourseSummarySchema>;

export const enrolledCoursesResponseSchema = z.object({
  success: z.literal(true),
  enrolledCourses: z.array(enrolledCourseSummarySchema),
  /** Courses given back (and not bought again), most recent first: 'Reembolsado' rows. */
  refundedPurchases: z.array(refundedPurchaseSchema).optional(),
});
export type EnrolledCoursesResponse = z.infer<typeof enrolledCoursesResponseSchema>;

/** GET /api/user/enrolled-courses/:courseId: null when the caller is not enrolled in it. */
export const enrolledCourseResponseSchema = z.object({
  success: z.literal(true),
  enrolledCourse: enrolledCourseSchema.nullable(),
});
export type EnrolledCourseResponse = z.infer<typeof enrolledCourseResponseSchema>;

export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
