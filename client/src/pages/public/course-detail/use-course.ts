import type { ErrorResponse } from '@aprendiz/contract/common';
import type { CourseDetail, CourseDetailResponse } from '@aprendiz/contract/courses';
import { isAxiosError } from 'axios';
import { useCallback, useEffect, useState } from 'react';
import { useAuthUser } from '../../../auth/auth-context';
import { notify } from '../../../components/toast';
import { api, errorMessage } from '../../../lib/api-client';

export type CourseState =
  | { status: 'loading' }
  | { status: 'ready'; course: CourseDetail }
  | { status: 'not-found' }
  | { status: 'error'; message: string };

/**
 * GET /api/course/:id, again when the signed-in user changes: who asks decides which lecture links
 * come back and whether `myRating` is there.
 */
export function useCourse(courseId: string): { state: CourseState; reload: () => void } {
  const { user } = useAuthUser();
  const userId = user?.id ?? null;
  const [state, setState] = useState<CourseState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    // A new id shows the loader; the same course asked again (another user) stays on screen meanwhile.
    setState((current) =>
      current.status === 'ready' && current.course._id === courseId
        ? current
        : { status: 'loading' },
    );
    api
      .get<CourseDetailResponse | ErrorResponse>(`/api/course/${encodeURIComponent(courseId)}`, {
        signal: controller.signal,
      })
      .then(({ data }) => {
        if (data.success) {
          setState({ status: 'ready', course: data.courseData });
        } else {
          notify.error(data.message);
          setState({ status: 'error', message: data.message });
        }
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        if (isAxiosError(err) && err.response?.status === 404) {
          setState({ status: 'not-found' });
          return;
        }
        const message = errorMessage(err);
        notify.error(message);
        setState({ status: 'error', message });
      });
    return () => controller.abort();
  }, [courseId, userId, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, reload };
}
