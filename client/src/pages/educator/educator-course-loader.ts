import type { EducatorCourseDetail } from '@aprendiz/contract/educator';
import type { LoaderFunctionArgs } from 'react-router-dom';
import type { LoadResult } from '../../data/load-result';
import { whenAuthKnown } from '../../lib/api-auth';
import { api, errorMessage } from '../../lib/api-client';

type EducatorCourseResponse = { success: true; courseData: EducatorCourseDetail };

export type EducatorCourseData = {
  /**
   * Not awaited, so the page shows its loader at once; null while nobody is signed in. A failure is
   * shown on the page with a retry (no toast), as it was before the page had a loader.
   */
  course: Promise<LoadResult<EducatorCourseDetail>> | null;
};

async function readCourse(
  id: string,
  signal: AbortSignal,
): Promise<LoadResult<EducatorCourseDetail>> {
  try {
    const { data } = await api.get<EducatorCourseResponse>(
      `/api/educator/course/${encodeURIComponent(id)}`,
      { signal },
    );
    return { ok: true, value: data.courseData };
  } catch (err) {
    return { ok: false, message: errorMessage(err) };
  }
}

/** GET /api/educator/course/:id, the owner's whole course (drafts and every lecture link). */
export async function educatorCourseLoader({
  params,
  request,
}: LoaderFunctionArgs): Promise<EducatorCourseData> {
  const auth = await whenAuthKnown(request.signal);
  return { course: auth?.userId ? readCourse(params.id ?? '', request.signal) : null };
}
