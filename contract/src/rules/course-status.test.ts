import { describe, expect, it } from 'vitest';
import { canUnpublish, COURSE_STATUS_LABELS, COURSE_STATUSES } from './course-status';

describe('course status', () => {
  it('when a course is published, then it may be unpublished; a draft or an unpublished course may not', () => {
    expect(COURSE_STATUSES.filter(canUnpublish)).toEqual(['published']);
  });

  it('when shown to the educator, then each status has its Portuguese label', () => {
    expect(COURSE_STATUS_LABELS).toEqual({
      published: 'Publicado',
      draft: 'Rascunho',
      unpublished: 'Despublicado',
    });
  });
});
