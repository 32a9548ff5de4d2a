import { z } from 'zod';

export const uuidSchema = z.uuid({ error: 'Identificador inválido' });

export const courseIdBodySchema = z.object({ courseId: uuidSchema });
export type CourseIdBody = z.infer<typeof courseIdBodySchema>;

export const errorResponseSchema = z.object({ success: z.literal(false), message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** An educator or student as other people see them; imageUrl may be ''. */
export const publicPersonSchema = z.object({
  _id: z.string(),
  name: z.string(),
  imageUrl: z.string(),
});
export type PublicPerson = z.infer<typeof publicPersonSchema>;
