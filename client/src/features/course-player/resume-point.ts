import type {
  EnrolledCourse,
  EnrolledCourseResponse,
  LectureSecond,
  ResumeResponse,
} from '@aprendiz/contract/learning';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { oncePerCourseAndUser } from '../../data/revalidation';
import { loadSignedIn, type SignedIn } from '../../data/signed-in-loader';
import { api } from '../../lib/api-client';

export type ResumePoint = {
  lectureId: string | null;
  seconds: number;
  /** The second each watched lecture was left at. */
  lectures: readonly LectureSecond[];
  /** For the beacon sent when the page hides; null when the resume point could not be read. */
  positionToken: string | null;
};

export const NOWHERE_YET: ResumePoint = {
  lectureId: null,
  seconds: 0,
  lectures: [],
  positionToken: null,
};

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

/** The course the player opens (null: not enrolled in it) and where the learner stopped in it. */
export type PlayerData = { course: EnrolledCourse | null; resume: ResumePoint };

/**
 * The course alone, every lecture URL and the learner's own standing: My Enrollments' list carries
 * summaries only, so the player reads what it plays here.
 */
async function readCourse(courseId: string, signal: AbortSignal): Promise<EnrolledCourse | null> {
  const { data } = await api.get<EnrolledCourseResponse>(
    `/api/user/enrolled-courses/${encodeURIComponent(courseId)}`,
    { signal },
  );
  return data.enrolledCourse;
}

/**
 * The enrolled course and where the learner stopped in it, as the server keeps it (so it follows
 * them to another device): read side by side, and the player waits for both.
 */
export function loader({ params, request }: LoaderFunctionArgs): Promise<SignedIn<PlayerData>> {
  const courseId = params.courseId ?? '';
  return loadSignedIn(request, async (signal) => {
    const [course, resume] = await Promise.all([
      readCourse(courseId, signal),
      readResumePoint(courseId, signal),
    ]);
    return { course, resume };
  });
}

/**
 * Read once per course and learner (or when the page retries a failed read): marking a lecture
 * done revalidates the enrollments, and reading the course and resume point again then would move
 * the player back to where the page opened.
 */
export const shouldRevalidate = oncePerCourseAndUser;
