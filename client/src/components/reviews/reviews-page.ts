import type { CatalogueSource } from '@aprendiz/contract/rendering';
import type { CourseReviewsResponse } from '@aprendiz/contract/reviews';
import { failedWith, type LoadResult } from '../../data/load-result';

/** The course page's address names the reviews page it shows (`?avaliacoes=2`): shareable, and Back works. */
export const REVIEWS_PAGE_PARAM = 'avaliacoes';

/** The reviews page the address asks for; 1 when it names none (or not a page: the API's rule). */
export function readReviewsPage(params: URLSearchParams): number {
  const value = params.get(REVIEWS_PAGE_PARAM) ?? '';
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

const inBrowser = typeof document !== 'undefined';

/**
 * A page of a course's reviews for the course page's loader; null when there is no such course. In
 * the browser a failure is shown in the reviews section with a retry (no toast: the course is
 * there); on the server it is thrown, so the page is not rendered (nor cached) without its reviews.
 */
export async function loadReviews(
  source: CatalogueSource,
  courseId: string,
  page: number,
): Promise<LoadResult<CourseReviewsResponse | null>> {
  try {
    return { ok: true, value: await source.reviews(courseId, page) };
  } catch (err) {
    if (!inBrowser) throw err;
    return failedWith(err);
  }
}
