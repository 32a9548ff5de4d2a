/**
 * Where a course stands. `published`: in the catalogue, search and sitemap. `draft`: saved before it
 * was ever published, seen only by its educator. `unpublished`: taken out of the catalogue after
 * being published; its enrolled learners keep full access. With course review on (COURSE_REVIEW):
 * `in_review`, sent to be published and waiting for a reviewer; `changes_requested`, sent back with
 * a checklist and a note; `taken_down`, removed from the catalogue by the platform (its learners keep
 * access), which only the platform can undo.
 */
export const COURSE_STATUSES = [
  'published',
  'draft',
  'unpublished',
  'in_review',
  'changes_requested',
  'taken_down',
] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

/**
 * Why the platform took a course down. `policy` (a rule broken): it leaves the catalogue and its
 * enrolled learners keep access. `rights_claim` (someone owns what it shows): its lectures may not be
 * served to anyone any more, enrolled or not.
 */
export const TAKEDOWN_KINDS = ['policy', 'rights_claim'] as const;
export type TakedownKind = (typeof TAKEDOWN_KINDS)[number];

export const TAKEDOWN_KIND_LABELS: Record<TakedownKind, string> = {
  policy: 'Violação das regras da plataforma',
  rights_claim: 'Reclamação de direitos autorais',
};

/** What an enrolled learner is told when a course's lectures were removed for a rights claim. */
export const COURSE_REMOVED_FOR_RIGHTS_CLAIM =
  'Este curso foi removido por uma reclamação de direitos autorais e suas aulas não estão mais disponíveis.';

/** Whether a learner enrolled in a course may still watch it. */
export function keepsLearnerAccess(course: {
  status: CourseStatus;
  takedownKind: TakedownKind | null;
}): boolean {
  return !(course.status === 'taken_down' && course.takedownKind === 'rights_claim');
}

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
  in_review: 'Em revisão',
  changes_requested: 'Alterações pedidas',
  taken_down: 'Retirado pela plataforma',
};

/** What a reviewer checks before a course goes on sale; asking for changes ticks what failed. */
export const COURSE_REVIEW_CHECKLIST = [
  'Título e descrição claros e fiéis ao conteúdo',
  'Todas as aulas têm um vídeo que toca',
  'Preço coerente com o que o curso entrega',
  'Nenhum conteúdo de terceiros sem autorização',
  'Miniatura adequada e legível',
] as const;

/** An educator may send a course to review (or publish it, without review) from these. */
export function canSubmit(status: CourseStatus): boolean {
  return status === 'draft' || status === 'unpublished' || status === 'changes_requested';
}

/** Unpublishing takes a published course out of the catalogue; a draft was never in it. */
export function canUnpublish(status: CourseStatus): boolean {
  return status === 'published';
}
