/**
 * Where a course stands. `published`: in the catalogue, search and sitemap. `draft`: saved before it
 * was ever published, seen only by its educator. `unpublished`: taken out of the catalogue after
 * being published; its enrolled learners keep full access.
 */
export const COURSE_STATUSES = ['published', 'draft', 'unpublished'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

/** What add-course may ask for: ADD publishes at once, 'Salvar rascunho' keeps a draft. */
export const NEW_COURSE_STATUSES = [
  'published',
  'draft',
] as const satisfies readonly CourseStatus[];

/** The label the educator's course list shows for each status. */
export const COURSE_STATUS_LABELS: Record<CourseStatus, string> = {
  published: 'Publicado',
  draft: 'Rascunho',
  unpublished: 'Despublicado',
};

/** Unpublishing takes a published course out of the catalogue; a draft was never in it. */
export function canUnpublish(status: CourseStatus): boolean {
  return status === 'published';
}
