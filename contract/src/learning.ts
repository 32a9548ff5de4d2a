import { z } from 'zod';
import { courseIdBodySchema, uuidSchema } from './common';
import { courseDetailSchema } from './courses';
import { textSchema } from './text-schemas';

export const enrollFreeBodySchema = courseIdBodySchema;
export type EnrollFreeBody = z.infer<typeof enrollFreeBodySchema>;

export const purchaseBodySchema = courseIdBodySchema;
export type PurchaseBody = z.infer<typeof purchaseBodySchema>;

export const courseProgressBodySchema = courseIdBodySchema;
export type CourseProgressBody = z.infer<typeof courseProgressBodySchema>;

export const updateProgressBodySchema = z.object({
  courseId: uuidSchema,
  lectureId: textSchema({
    field: 'O identificador da aula',
    typeError: 'Identificador de aula inválido',
  })
    .min(1, 'Identificador de aula inválido')
    .max(100, 'Identificador de aula inválido'),
});
export type UpdateProgressBody = z.infer<typeof updateProgressBodySchema>;

const RATING_MESSAGE = 'A avaliação deve ser um número inteiro de 1 a 5';

export const addRatingBodySchema = z.object({
  courseId: uuidSchema,
  rating: z
    .number({ error: RATING_MESSAGE })
    .int({ error: RATING_MESSAGE })
    .min(1, RATING_MESSAGE)
    .max(5, RATING_MESSAGE),
});
export type AddRatingBody = z.infer<typeof addRatingBodySchema>;

export const progressResponseSchema = z.object({
  success: z.literal(true),
  progressData: z.object({ lectureCompleted: z.array(z.string()) }),
});
export type ProgressResponse = z.infer<typeof progressResponseSchema>;

export const enrolledCourseSchema = courseDetailSchema.extend({
  lectureCompleted: z.array(z.string()),
  enrolledAt: z.string(),
});
export type EnrolledCourse = z.infer<typeof enrolledCourseSchema>;

export const enrolledCoursesResponseSchema = z.object({
  success: z.literal(true),
  enrolledCourses: z.array(enrolledCourseSchema),
});
export type EnrolledCoursesResponse = z.infer<typeof enrolledCoursesResponseSchema>;

export const purchaseResponseSchema = z.object({
  success: z.literal(true),
  session_url: z.string(),
});
export type PurchaseResponse = z.infer<typeof purchaseResponseSchema>;

export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
