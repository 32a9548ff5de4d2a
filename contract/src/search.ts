import { z } from 'zod';
import { COURSE_SEARCH_QUERY_MAX } from './catalogue';
import { textSchema } from './text-schemas';

import { SUGGEST_MAX_COURSES, SUGGEST_MAX_EDUCATORS } from './search-limits';

export { SUGGEST_MAX_COURSES, SUGGEST_MAX_EDUCATORS, SUGGEST_MIN_LENGTH } from './search-limits';

/** GET /api/course/suggest?q=: what the search box holds while it is being typed. */
export const courseSuggestQuerySchema = z.object({
  q: textSchema({ field: 'A pesquisa', typeError: 'Pesquisa inválida', trim: true })
    .max(
      COURSE_SEARCH_QUERY_MAX,
      `A pesquisa deve ter no máximo ${COURSE_SEARCH_QUERY_MAX} caracteres`,
    )
    .default(''),
});
export type CourseSuggestQuery = z.infer<typeof courseSuggestQuerySchema>;

export const courseSuggestionSchema = z.object({
  _id: z.string(),
  courseTitle: z.string(),
  educatorName: z.string(),
});
export type CourseSuggestion = z.infer<typeof courseSuggestionSchema>;

export const educatorSuggestionSchema = z.object({
  name: z.string(),
  /** Their published courses. */
  courseCount: z.number().int().min(1),
});
export type EducatorSuggestion = z.infer<typeof educatorSuggestionSchema>;

export const courseSuggestResponseSchema = z.object({
  success: z.literal(true),
  courses: z.array(courseSuggestionSchema).max(SUGGEST_MAX_COURSES),
  educators: z.array(educatorSuggestionSchema).max(SUGGEST_MAX_EDUCATORS),
});
export type CourseSuggestResponse = z.infer<typeof courseSuggestResponseSchema>;
