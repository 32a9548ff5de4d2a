import { courseSearchQuerySchema } from '@aprendiz/contract/courses';
import type { CourseDetailResponse, CourseTeaserResponse } from '@aprendiz/contract/courses';
import { uuidSchema } from '@aprendiz/contract/common';
import { CERTIFICATE_ID_PATTERN } from '@aprendiz/contract/certificates';
import type { CatalogueSource, CertificateSource } from '@aprendiz/contract/rendering';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import {
  getPublicCourse,
  listTeaser,
  searchCatalogue,
  type CatalogueDeps,
} from '../courses/courses.service';
import { getCertificate } from '../learning/certificates.service';
import { listCourseReviews } from '../learning/reviews.service';

/**
 * The catalogue as the server renderer's loaders read it: the very services and in-memory bodies
 * the JSON API answers with, so a rendered page costs no HTTP call and no extra query.
 */
export function serverCatalogueSource(deps: CatalogueDeps): CatalogueSource {
  return {
    async teaser() {
      const { body } = await listTeaser(deps);
      return (JSON.parse(body) as CourseTeaserResponse).courses;
    },
    async course(courseId) {
      try {
        const { body } = await getPublicCourse(deps, courseId);
        return (JSON.parse(body) as CourseDetailResponse).courseData;
      } catch (err) {
        if (err instanceof AppError && err.status === 404) return null;
        throw err;
      }
    },
    // The address is the visitor's: it is checked like the API's query (a bad one is not rendered).
    search: async (query) => searchCatalogue(deps, courseSearchQuerySchema.parse(query)),
    async reviews(courseId, page) {
      if (!uuidSchema.safeParse(courseId).success) return null;
      try {
        return { success: true, ...(await listCourseReviews(deps, undefined, courseId, page)) };
      } catch (err) {
        if (err instanceof AppError && err.status === 404) return null;
        throw err;
      }
    },
  };
}

/** Certificates for their server-rendered verification page, from the service the API uses. */
export function serverCertificateSource(
  deps: Pick<AppDeps, 'database' | 'config'>,
): CertificateSource {
  return {
    async certificate(id) {
      if (!CERTIFICATE_ID_PATTERN.test(id)) return null;
      try {
        return await getCertificate(deps, id);
      } catch (err) {
        if (err instanceof AppError && err.status === 404) return null;
        throw err;
      }
    },
  };
}
