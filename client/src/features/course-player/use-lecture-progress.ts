import type { EnrolledCourse, MessageResponse } from '@aprendiz/contract/learning';
import { useCallback, useMemo, useRef, useState } from 'react';
import { notify } from '../../components/toast';
import { useAppContext } from '../../context/app-context';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { fireConfetti } from '../../lib/confetti';
import { courseProgress } from './course-progress';

// Each lecture marked answers with a toast; they replace one another instead of piling up.
const PROGRESS_TOAST = 'lecture-progress';

export type LectureProgress = {
  completedIds: ReadonlySet<string>;
  markCompleted: (lectureId: string) => Promise<void>;
  /** Takes a lecture's completion back, so the learner can take it again. */
  unmarkCompleted: (lectureId: string) => Promise<void>;
  /** The lecture whose completion is being saved, if any. */
  savingLectureId: string | null;
};

/**
 * The learner's completed lectures in this course: what the enrolled courses say, changed by what was
 * marked or un-marked here since, so a tick shows (or goes) as soon as the server accepts it, before
 * the enrolled courses come back.
 */
export function useLectureProgress(
  course: EnrolledCourse,
  passedQuizIds: ReadonlySet<string>,
): LectureProgress {
  const { refreshSignedIn } = useAppContext();
  const [changedHere, setChangedHere] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [savingLectureId, setSavingLectureId] = useState<string | null>(null);
  const inFlight = useRef(false);

  const completedIds = useMemo(() => {
    const ids = new Set(course.lectureCompleted);
    for (const [lectureId, completed] of changedHere) {
      if (completed) ids.add(lectureId);
      else ids.delete(lectureId);
    }
    return ids;
  }, [course.lectureCompleted, changedHere]);

  const setCompleted = useCallback(
    async (lectureId: string, completed: boolean) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSavingLectureId(lectureId);
      try {
        const data = await send(
          api.post<MessageResponse>(
            '/api/user/update-course-progress',
            completed
              ? { courseId: course._id, lectureId }
              : { courseId: course._id, lectureId, completed },
          ),
          { toastKey: PROGRESS_TOAST },
        );
        if (!data) return;
        notify.success(data.message, { key: PROGRESS_TOAST });
        const wasFinished = courseProgress(course, completedIds, passedQuizIds).complete;
        const after = completed
          ? [...completedIds, lectureId]
          : [...completedIds].filter((id) => id !== lectureId);
        const isFinished = courseProgress(course, after, passedQuizIds).complete;
        setChangedHere((changes) => new Map(changes).set(lectureId, completed));
        if (isFinished && !wasFinished) {
          // A celebration only: if its chunk cannot load, nothing the learner needs is missing.
          fireConfetti().catch(() => {});
        }
        void refreshSignedIn();
      } finally {
        inFlight.current = false;
        setSavingLectureId(null);
      }
    },
    [course, completedIds, passedQuizIds, refreshSignedIn],
  );

  const markCompleted = useCallback(
    (lectureId: string) => setCompleted(lectureId, true),
    [setCompleted],
  );
  const unmarkCompleted = useCallback(
    (lectureId: string) => setCompleted(lectureId, false),
    [setCompleted],
  );
  return { completedIds, markCompleted, unmarkCompleted, savingLectureId };
}
