import { z } from 'zod';
import { publicPersonSchema } from './common';
import {
  COURSE_CATEGORY_SLUGS,
  COURSE_LEVEL_SLUGS,
  COURSE_SEARCH_PAGE_MAX,
  COURSE_SEARCH_PAGE_SIZE_DEFAULT,
  COURSE_SEARCH_PAGE_SIZE_MAX,
  COURSE_SEARCH_QUERY_MAX,
  COURSE_SEARCH_SORTS,
} from './catalogue';
import { quizSummarySchema } from './quizzes';
import { TEASER_MAX } from './rules/teaser';
import { textSchema } from './text-schemas';

export const courseCategorySchema = z.enum(COURSE_CATEGORY_SLUGS, { error: 'Categoria inválida' });

export const courseLevelSchema = z.enum(COURSE_LEVEL_SLUGS, { error: 'Nível inválido' });

export const lectureSchema = z.object({
  lectureId: z.string(),
  lectureTitle: z.string(),
  lectureDuration: z.number().min(0),
  /** '' when the caller may not watch it (not a free preview, not enrolled, not the educator). */
  lectureUrl: z.string(),
  /** An uploaded video (then lectureUrl is ''): played through its expiring playback address. */
  videoId: z.string().optional(),
  isPreviewFree: z.boolean(),
  lectureOrder: z.number().int().min(1),
});
export type Lecture = z.infer<typeof lectureSchema>;

export const chapterSchema = z.object({
  chapterId: z.string(),
  chapterTitle: z.string(),
  chapterOrder: z.number().int().min(1),
  chapterContent: z.array(lectureSchema),
  /** The quiz that ends the chapter, without its answers (those stay in the quizzes table). */
  quiz: quizSummarySchema.optional(),
});
export type Chapter = z.infer<typeof chapterSchema>;

export const courseContentSchema = z.array(chapterSchema);
export type CourseContent = z.infer<typeof courseContentSchema>;

/** A catalogue entry: counts instead of the unbounded student and rating lists. */
export const courseSummarySchema = z.object({
  _id: z.string(),
  courseTitle: z.string(),
  courseThumbnail: z.string(),
  coursePrice: z.number(),
  discount: z.number(),
  /** When the discount ends and the full price returns (ISO); null when it has no end date. */
  discountEndsAt: z.string().nullable(),
  educator: publicPersonSchema,
  studentCount: z.number().int().min(0),
  ratingCount: z.number().int().min(0),
  averageRating: z.number().int().min(0).max(5),
  /** The mean to one decimal (`meanRating`), what pages show; 0 when nobody has rated. */
  meanRating: z.number().min(0).max(5),
  totalLectures: z.number().int().min(0),
  /** Minutes. */
  totalDuration: z.number().min(0),
  /** null for courses created before categories existed. */
  category: courseCategorySchema.nullable(),
  level: courseLevelSchema.nullable(),
  createdAt: z.string(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

export const courseListResponseSchema = z.object({
  success: z.literal(true),
  courses: z.array(courseSummarySchema),
});
export type CourseListResponse = z.infer<typeof courseListResponseSchema>;

/**
 * GET /api/course/teaser: the home page's few courses (rules/teaser's rankForTeaser order over every
 * published course), so no page downloads the catalogue to show TEASER_MAX of it.
 */
export const courseTeaserResponseSchema = z.object({
  success: z.literal(true),
  courses: z.array(courseSummarySchema).max(TEASER_MAX),
});
export type CourseTeaserResponse = z.infer<typeof courseTeaserResponseSchema>;

export const courseDetailSchema = courseSummarySchema.extend({
  courseDescription: z.string(),
  /** Days the buyer may ask for the money back ('Garantia de N dias'). */
  guaranteeDays: z.number().int(),
  courseContent: courseContentSchema,
  /** The caller's own rating; present (possibly null) only when the caller is signed in. */
  myRating: z.number().int().min(1).max(5).nullable().optional(),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const courseDetailResponseSchema = z.object({
  success: z.literal(true),
  courseData: courseDetailSchema,
});
export type CourseDetailResponse = z.infer<typeof courseDetailResponseSchema>;

const PAGE_MESSAGE = 'Página inválida';
const PAGE_SIZE_MESSAGE = `O tamanho da página deve estar entre 1 e ${COURSE_SEARCH_PAGE_SIZE_MAX}`;

/** GET /api/course/search: every field arrives as a query string, so numbers are coerced. */
export const courseSearchQuerySchema = z.object({
  q: textSchema({ field: 'A pesquisa', typeError: 'Pesquisa inválida', trim: true })
    .max(
      COURSE_SEARCH_QUERY_MAX,
      `A pesquisa deve ter no máximo ${COURSE_SEARCH_QUERY_MAX} caracteres`,
    )
    .default(''),
  category: courseCategorySchema.optional(),
  level: courseLevelSchema.optional(),
  sort: z.enum(COURSE_SEARCH_SORTS, { error: 'Ordenação inválida' }).default('relevance'),
  page: z.coerce
    .number({ error: PAGE_MESSAGE })
    .int(PAGE_MESSAGE)
    .min(1, PAGE_MESSAGE)
    .max(COURSE_SEARCH_PAGE_MAX, PAGE_MESSAGE)
    .default(1),
  pageSize: z.coerce
    .number({ error: PAGE_SIZE_MESSAGE })
    .int(PAGE_SIZE_MESSAGE)
    .min(1, PAGE_SIZE_MESSAGE)
    .max(COURSE_SEARCH_PAGE_SIZE_MAX, PAGE_SIZE_MESSAGE)
    .default(COURSE_SEARCH_PAGE_SIZE_DEFAULT),
});
export type CourseSearchQuery = z.infer<typeof courseSearchQuerySchema>;
export type CourseSearchQueryInput = z.input<typeof courseSearchQuerySchema>;

export const courseSearchResponseSchema = z.object({
  success: z.literal(true),
  courses: z.array(courseSummarySchema),
  /** Matches across every page. */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** Words of the query no course holds; stop words and filler are never among them. */
  unmatchedWords: z.array(z.string()).optional(),
  /**
   * Set when every word is held by some course but no course holds them all: the list is of the
   * courses with some of them.
   */
  partialMatch: z.boolean().optional(),
  /** Only when nothing matched: the catalogue's words nearest the query's ('Você quis dizer …?'). */
  didYouMean: z.array(z.string()).optional(),
  /** Only when nothing matched: the most popular courses, to carry on from. */
  popular: z.array(courseSummarySchema).optional(),
});
export type CourseSearchResponse = z.infer<typeof courseSearchResponseSchema>;
