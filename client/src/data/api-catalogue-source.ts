import type {
  CourseDetailResponse,
  CourseSearchQuery,
  CourseSearchResponse,
  CourseTeaserResponse,
} from '@aprendiz/contract/courses';
import { api } from '../lib/api-client';
import { isApiError } from '../lib/api-error';
import type { CertificateResponse } from '@aprendiz/contract/certificates';
import type { CourseReviewsResponse } from '@aprendiz/contract/reviews';
import type { CatalogueSource, CertificateSource } from '@aprendiz/contract/rendering';

/** GET /api/course/search's address for a query. */
export function searchUrl(query: CourseSearchQuery): string {
  const params = new URLSearchParams({ q: query.q });
  if (query.category) params.set('category', query.category);
  if (query.level) params.set('level', query.level);
  params.set('sort', query.sort);
  params.set('page', String(query.page));
  params.set('pageSize', String(query.pageSize));
  return `/api/course/search?${params.toString()}`;
}

/** The catalogue through the JSON API; the signed-in user's token rides along (lecture links, myRating). */
export const apiCatalogueSource: CatalogueSource = {
  async teaser() {
    const { data } = await api.get<CourseTeaserResponse>('/api/course/teaser');
    return data.courses;
  },
  async course(courseId) {
    try {
      const { data } = await api.get<CourseDetailResponse>(
        `/api/course/${encodeURIComponent(courseId)}`,
      );
      return data.courseData;
    } catch (err) {
      if (isApiError(err, 404)) return null;
      throw err;
    }
  },
  async search(query) {
    const { data } = await api.get<CourseSearchResponse>(searchUrl(query));
    return data;
  },
  async reviews(courseId, page) {
    try {
      const { data } = await api.get<CourseReviewsResponse>(
        `/api/course/${encodeURIComponent(courseId)}/reviews`,
        { params: { page } },
      );
      return data;
    } catch (err) {
      if (isApiError(err, 404)) return null;
      throw err;
    }
  },
};

/** A certificate through the JSON API: an id that names none (or is malformed) is null. */
export const apiCertificateSource: CertificateSource = {
  async certificate(id) {
    try {
      const { data } = await api.get<CertificateResponse>(
        `/api/certificate/${encodeURIComponent(id)}`,
      );
      return data.certificate;
    } catch (err) {
      if (isApiError(err, 404) || isApiError(err, 400)) return null;
      throw err;
    }
  },
};
