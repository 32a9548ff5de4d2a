import type { ResumeResponse } from '@aprendiz/contract/learning';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { oncePerCourseAndUser } from '../../../data/revalidation';
import { loadSignedIn, type SignedIn } from '../../../data/signed-in-loader';
import { api } from '../../../lib/api-client';

export type ResumePoint = {
  lectureId: string | null;
  seconds: number;
  /** For the beacon sent when the page hides; null when the resume point could not be read. */
  positionToken: string | null;
};

export const NOWHERE_YET: ResumePoint = { lectureId: null, seconds: 0, positionToken: null };

/** A failed read answers "nowhere yet", so the player still opens. */
async function readResumePoint(courseId: string, signal: AbortSignal): Promise<ResumePoint> {
  try {
    const { data } = await api.get<ResumeResponse>(
      `/api/user/resume/${encodeURIComponent(courseId)}`,
      { signal },
    );
    return data;
  } catch {
    return NOWHERE_YET;
  }
}

/**
 * Where the learner stopped in this course, as the server keeps it (so it follows them to another
 * device): read beside the enrollments, and the player waits for both.
 */
export function loader({ params, request }: LoaderFunctionArgs): Promise<SignedIn<ResumePoint>> {
  return loadSignedIn(request, (signal) => readResumePoint(params.courseId ?? '', signal));
}

/**
 * Read once per course and learner: marking a lecture done revalidates the enrollments, and reading
 * the resume point again then would move the player back to where the page opened.
 */
export const shouldRevalidate = oncePerCourseAndUser;
