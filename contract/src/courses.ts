import { z } from 'zod';
import { publicPersonSchema } from './common';

export const lectureSchema = z.object({
  lectureId: z.string(),
  lectureTitle: z.string(),
  lectureDuration: z.number().min(0),
  /** '' when the caller may not watch it (not a free preview, not enrolled, not the educator). */
  lectureUrl: z.string(),
  isPreviewFree: z.boolean(),
  lectureOrder: z.number().int().min(1),
});
export type Lecture = z.infer<typeof lectureSchema>;

export const chapterSchema = z.object({
  chapterId: z.string(),
  chapterTitle: z.string(),
  chapterOrder: z.number().int().min(1),
  chapterContent: z.array(lectureSchema),
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
  educator: publicPersonSchema,
  studentCount: z.number().int().min(0),
  ratingCount: z.number().int().min(0),
  averageRating: z.number().int().min(0).max(5),
  totalLectures: z.number().int().min(0),
  /** Minutes. */
  totalDuration: z.number().min(0),
  createdAt: z.string(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

export const courseListResponseSchema = z.object({
  success: z.literal(true),
  courses: z.array(courseSummarySchema),
});
export type CourseListResponse = z.infer<typeof courseListResponseSchema>;

export const courseDetailSchema = courseSummarySchema.extend({
  courseDescription: z.string(),
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
