import type { ResumeResponse } from '@aprendiz/contract/learning';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client';

export type ResumePoint = {
  lectureId: string | null;
  seconds: number;
  /** For the beacon sent when the page hides; null when the resume point could not be read. */
  positionToken: string | null;
};

/**
 * Where the learner stopped in this course, as the server keeps it (so it follows them to another
 * device). Undefined while it loads; a failed read answers "nowhere yet" so the player still opens.
 */
export function useResumePoint(courseId: string): ResumePoint | undefined {
  const [point, setPoint] = useState<ResumePoint>();
  useEffect(() => {
    let current = true;
    api
      .get<ResumeResponse>(`/api/user/resume/${courseId}`)
      .then(({ data }) => {
        if (current) setPoint(data);
      })
      .catch(() => {
        if (current) setPoint({ lectureId: null, seconds: 0, positionToken: null });
      });
    return () => {
      current = false;
    };
  }, [courseId]);
  return point;
}
