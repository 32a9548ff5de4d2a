import type {
  EducatorCourseDetail,
  EducatorCourseDetailResponse,
} from '@aprendiz/contract/educator';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { loadSignedIn, type SignedIn } from '../../data/signed-in-loader';
import { api } from '../../lib/api-client';

/**
 * GET /api/educator/course/:id, the owner's whole course (drafts and every lecture link), not awaited.
 * A failure is shown on the page with a retry (no toast).
 */
export function educatorCourseLoader({
  params,
  request,
}: LoaderFunctionArgs): Promise<SignedIn<EducatorCourseDetail>> {
  return loadSignedIn(request, async (signal) => {
    const { data } = await api.get<EducatorCourseDetailResponse>(
      `/api/educator/course/${encodeURIComponent(params.id ?? '')}`,
      { signal },
    );
    return data.courseData;
  });
}
