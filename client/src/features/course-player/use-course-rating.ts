import type { EnrolledCourse, MessageResponse } from '@aprendiz/contract/learning';
import { useCallback, useRef, useState } from 'react';
import { notify } from '../../components/toast';
import { useAppContext } from '../../context/app-context';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';

// A learner trying a few stars gets one toast that follows the last answer, not one per click.
const RATING_TOAST = 'course-rating';

/**
 * The learner's own rating of the course, preloaded from `myRating`. Each change is sent at once; the
 * stars stay enabled meanwhile (a disabled radio would drop keyboard focus), so changes made during a
 * request are sent one after another and the last one chosen is the one stored.
 */
export function useCourseRating(course: EnrolledCourse): {
  rating: number | null;
  rate: (rating: number) => void;
  /** Sends the written review with the current stars; true when the server stored it. */
  publishReview: (review: string) => Promise<boolean>;
} {
  const { refreshSignedIn } = useAppContext();
  const [rating, setRating] = useState<number | null>(course.myRating ?? null);
  const saved = useRef<number | null>(course.myRating ?? null);
  const queued = useRef<number | null>(null);
  const sending = useRef(false);

  const sendRating = useCallback(
    async (value: number): Promise<void> => {
      const data = await send(
        api.post<MessageResponse>('/api/user/add-rating', { courseId: course._id, rating: value }),
        { toastKey: RATING_TOAST },
      );
      if (data) {
        saved.current = value;
        notify.success(data.message, { key: RATING_TOAST });
        void refreshSignedIn();
        return;
      }
      if (queued.current === null) setRating(saved.current);
    },
    [course._id, refreshSignedIn],
  );

  const rate = useCallback(
    (value: number) => {
      setRating(value);
      queued.current = value;
      if (sending.current) return;
      sending.current = true;
      void (async () => {
        while (queued.current !== null) {
          const next = queued.current;
          queued.current = null;
          await sendRating(next);
        }
        sending.current = false;
      })();
    },
    [sendRating],
  );

  const publishReview = useCallback(
    async (review: string): Promise<boolean> => {
      const stars = rating;
      if (stars === null) return false;
      const data = await send(
        api.post<MessageResponse>('/api/user/add-rating', {
          courseId: course._id,
          rating: stars,
          review,
        }),
        { toastKey: RATING_TOAST },
      );
      if (!data) return false;
      saved.current = stars;
      notify.success(data.message, { key: RATING_TOAST });
      void refreshSignedIn();
      return true;
    },
    [course._id, refreshSignedIn, rating],
  );

  return { rating, rate, publishReview };
}
