import type { ErrorResponse } from '@aprendiz/contract/common';
import type { EnrolledCourse, MessageResponse } from '@aprendiz/contract/learning';
import { useCallback, useMemo, useRef, useState } from 'react';
import { notify } from '../../../components/toast';
import { useAppContext } from '../../../context/app-context';
import { api, errorMessage } from '../../../lib/api-client';
import { fireConfetti } from '../../../lib/confetti';
import { courseProgress } from '../course-progress';

// Each lecture marked answers with a toast; they replace one another instead of piling up.
const PROGRESS_TOAST = 'lecture-progress';

export type LectureProgress = {
  completedIds: ReadonlySet<string>;
  markCompleted: (lectureId: string) => Promise<void>;
  /** The lecture whose completion is being saved, if any. */
  savingLectureId: string | null;
};

/**
 * The learner's completed lectures in this course: what the enrolled courses say, plus what was marked
 * here since, so a tick shows as soon as the server accepts it, before the enrolled courses come back.
 */
export function useLectureProgress(course: EnrolledCourse): LectureProgress {
  const { fetchUserEnrolledCourses } = useAppContext();
  const [markedHere, setMarkedHere] = useState<readonly string[]>([]);
  const [savingLectureId, setSavingLectureId] = useState<string | null>(null);
  const inFlight = useRef(false);

  const completedIds = useMemo(
    () => new Set([...course.lectureCompleted, ...markedHere]),
    [course.lectureCompleted, markedHere],
  );

  const markCompleted = useCallback(
    async (lectureId: string) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSavingLectureId(lectureId);
      try {
        const { data } = await api.post<MessageResponse | ErrorResponse>(
          '/api/user/update-course-progress',
          { courseId: course._id, lectureId },
        );
        if (!data.success) {
          notify.error(data.message, { key: PROGRESS_TOAST });
          return;
        }
        notify.success(data.message, { key: PROGRESS_TOAST });
        const wasFinished = courseProgress(course, [...completedIds]).percent === 100;
        const isFinished = courseProgress(course, [...completedIds, lectureId]).percent === 100;
        setMarkedHere((ids) => [...ids, lectureId]);
        if (isFinished && !wasFinished) {
          // A celebration only: if its chunk cannot load, nothing the learner needs is missing.
          fireConfetti().catch(() => {});
        }
        void fetchUserEnrolledCourses();
      } catch (err) {
        notify.error(errorMessage(err), { key: PROGRESS_TOAST });
      } finally {
        inFlight.current = false;
        setSavingLectureId(null);
      }
    },
    [course, completedIds, fetchUserEnrolledCourses],
  );

  return { completedIds, markCompleted, savingLectureId };
}
