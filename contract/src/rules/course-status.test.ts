import { describe, expect, it } from 'vitest';
import {
  canUnpublish,
  COURSE_STATUS_LABELS,
  COURSE_STATUSES,
  keepsLearnerAccess,
} from './course-status';

describe('course status', () => {
  it('when a course is published, then it may be unpublished; a draft or an unpublished course may not', () => {
    expect(COURSE_STATUSES.filter(canUnpublish)).toEqual(['published']);
  });

  it('when shown to the educator, then each status has its Portuguese label', () => {
    expect(COURSE_STATUS_LABELS).toEqual({
      published: 'Publicado',
      draft: 'Rascunho',
      unpublished: 'Despublicado',
      in_review: 'Em revisão',
      changes_requested: 'Alterações pedidas',
      taken_down: 'Retirado pela plataforma',
    });
  });

  it('when a course is taken down for a rights claim, then its learners lose access; for a broken rule or any other status they keep it', () => {
    expect(keepsLearnerAccess({ status: 'taken_down', takedownKind: 'rights_claim' })).toBe(false);
    expect(keepsLearnerAccess({ status: 'taken_down', takedownKind: 'policy' })).toBe(true);
    expect(keepsLearnerAccess({ status: 'taken_down', takedownKind: null })).toBe(true);
    expect(keepsLearnerAccess({ status: 'unpublished', takedownKind: null })).toBe(true);
  });
});
