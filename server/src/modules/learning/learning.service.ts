import type {
  EnrolledCourse,
  EnrolledCoursesResponse,
  EnrolledCourseSummary,
  LecturePositionBody,
  LectureSecond,
} from '@aprendiz/contract/learning';
import { keepsLearnerAccess } from '@aprendiz/contract/rules/course-status';
import { completionOf } from '@aprendiz/contract/rules/quiz-grading';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../db/schema/users';
import type { CachedBody } from '../courses/catalogue-cache';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import {
  ALREADY_OWNED,
  assertCanJoin,
  assertLecturesAvailable,
  findCourseAccess,
  insertEnrollment,
  priceToPay,
  requireCourse,
} from '../courses/course-access';
import { getQuizStandingsForCourse } from '../quizzes/quizzes.repository';
import { toCourseDetail, toCourseSummary } from '../courses/course-view';
import { markLecturesServed } from '../courses/courses.repository';
import { queueEnrollmentConfirmation } from '../mail/mail-jobs';
import { COURSE_NOT_FOUND } from '../courses/courses.service';
import {
  courseHasLecture,
  findPositionTarget,
  getCompletedLectureIds,
  findEnrolledCourse,
  getEnrolledCourseSummaries,
  getLecturePositions,
  markLectureCompleted,
  saveLecturePosition,
  unmarkLectureCompleted,
  upsertRating,
} from './learning.repository';
import { listRefundedPurchases, refundOfferOf } from '../payments/refund-offer';

export const NOT_ENROLLED = 'Inscreva-se no curso para continuar';

type LearningDeps = Pick<
  AppDeps,
  'config' | 'database' | 'catalogueCache' | 'learnerCache' | 'positions' | 'jobs' | 'logger'
>;

export async function enrollInFreeCourse(
  deps: LearningDeps,
  user: UserRow,
  courseId: string,
): Promise<void> {
  const course = await requireCourse(deps.database.db, user, courseId);
  assertCanJoin(course, user);
  if (priceToPay(course) !== 0)
    throw badRequest('Este curso não é gratuito: conclua a compra para se inscrever');
  // Concurrent requests all pass the check above; the primary key lets exactly one insert win.
  // The confirmation mail is queued in the same transaction as the enrollment.
  const created = await deps.database.db.transaction(async (tx) => {
    if (!(await insertEnrollment(tx, user.id, course.id))) return false;
    await queueEnrollmentConfirmation(deps.jobs, tx, user.id, course.id);
    return true;
  });
  if (!created) throw conflict(ALREADY_OWNED);
  deps.catalogueCache.invalidate();
}

/** The courses the learner gave back, kept in My Courses as 'Reembolsado' rows. */
export function listRefundedCourses(deps: LearningDeps, user: UserRow) {
  return listRefundedPurchases(deps.database.db, user.id);
}

/** My Enrollments and the top bar: summaries with the progress worked out here, never the content. */
export async function listEnrolledCourses(
  deps: LearningDeps,
  user: UserRow,
): Promise<EnrolledCourseSummary[]> {
  const now = new Date();
  const rows = await getEnrolledCourseSummaries(deps.database.db, user.id);
  return rows.map((row) => ({
    ...toCourseSummary(row),
    progress: completionOf(row.shape, row.lectureCompleted, row.quizzesPassed),
    lectureCompleted: row.lectureCompleted,
    quizzesPassed: row.quizzesPassed,
    myRating: row.myRating,
    enrolledAt: row.enrolledAt.toISOString(),
    refund: refundOfferOf(row.paid, row.recentRefunds, now),
    owedRefund: row.owedRefund && { ...row.owedRefund, amount: Number(row.owedRefund.amount) },
    removedForRightsClaim: !keepsLearnerAccess(row),
  }));
}

/**
 * GET /api/user/enrolled-courses's body, from the learner cache: the route sends it, and My
 * Courses drawn on the server reads the same bytes.
 */
export function enrolledCoursesBody(deps: LearningDeps, user: UserRow): Promise<CachedBody> {
  return deps.learnerCache.getOrLoad(user.id, 'enrolled-courses', async () =>
    JSON.stringify({
      success: true,
      enrolledCourses: await listEnrolledCourses(deps, user),
      refundedPurchases: await listRefundedCourses(deps, user),
    } satisfies EnrolledCoursesResponse),
  );
}

/** The player's course: all of it, every lecture URL, with the learner's own standing; null when not enrolled. */
export async function getEnrolledCourse(
  deps: LearningDeps,
  user: UserRow,
  courseId: string,
): Promise<EnrolledCourse | null> {
  const access = await findCourseAccess(deps.database.db, courseId, user.id);
  if (access?.enrolled) assertLecturesAvailable(access, user.id);
  // Marked before the read, so the refund offer in this very answer already follows it; once only,
  // so a learner's later loads (and anyone not enrolled) skip the write.
  if (
    access?.enrolled &&
    !access.lecturesServed &&
    (await markLecturesServed(deps.database.db, user.id, courseId))
  )
    deps.learnerCache.forget(user.id);
  const row = await findEnrolledCourse(deps.database.db, user.id, courseId);
  if (!row) return null;
  return {
    ...toCourseDetail(row, { showAllLectureUrls: true, includeMyRating: true }),
    lectureCompleted: row.lectureCompleted,
    quizzesPassed: row.quizzesPassed,
    myReview: row.myReview,
    myReviewHidden: row.myReviewHidden,
    enrolledAt: row.enrolledAt.toISOString(),
    refund: refundOfferOf(row.paid, row.recentRefunds, new Date()),
    watermark: row.watermark,
  };
}

export async function getCourseProgress(
  deps: LearningDeps,
  user: UserRow,
  courseId: string,
): Promise<{ lectureCompleted: string[]; quizzesPassed: string[] }> {
  const db = deps.database.db;
  const course = await requireCourse(db, user, courseId);
  // Progress is the learner's own: an outsider (or a refunded buyer) reads nothing. The course's
  // educator, who may open it like a learner, gets their own (empty) list rather than an error.
  if (!course.enrolled && course.educatorId !== user.id) throw forbidden(NOT_ENROLLED);
  const [lectureCompleted, quizzes] = await Promise.all([
    getCompletedLectureIds(db, user.id, course.id),
    getQuizStandingsForCourse(db, user.id, course.id),
  ]);
  return {
    lectureCompleted,
    quizzesPassed: quizzes.filter((quiz) => quiz.passed).map((quiz) => quiz.quizId),
  };
}

const LECTURE_NOT_IN_COURSE = 'Esta aula não pertence ao curso';

/** `completed: false` un-marks the lecture, so a learner can take it again. */
export async function setLectureCompleted(
  deps: LearningDeps,
  user: UserRow,
  courseId: string,
  lectureId: string,
  completed: boolean,
): Promise<void> {
  const db = deps.database.db;
  const course = await requireCourse(deps.database.db, user, courseId);
  if (!course.enrolled) throw forbidden(NOT_ENROLLED);
  if (!(await courseHasLecture(db, course.id, lectureId))) {
    throw badRequest(LECTURE_NOT_IN_COURSE);
  }
  if (completed) await markLectureCompleted(db, user.id, course.id, lectureId);
  else await unmarkLectureCompleted(db, user.id, course.id, lectureId);
  // My Enrollments' progress is cached per learner; the catalogue does not follow progress.
  deps.learnerCache.forget(user.id);
}

/**
 * Declared durations are whole minutes and the video may run up to a minute past them; a position
 * past that is kept at the bound rather than refused, since the player reads it from the real video.
 */
export function positionBound(lectureMinutes: number): number {
  return (Math.ceil(lectureMinutes) + 1) * 60;
}

/**
 * Saves where an enrolled learner is in a lecture; answers the second stored (or, for a save held
 * for the next batch, the second that batch stores). Only a save of a lecture already watched since
 * the enrollment waits (position-writer.ts): the first one past its start is written at once, since
 * a refund asked right after must see it.
 */
export async function saveLecturePositionOf(
  deps: LearningDeps,
  userId: string,
  position: LecturePositionBody,
): Promise<number> {
  const db = deps.database.db;
  const target = await findPositionTarget(db, position.courseId, userId, position.lectureId);
  if (!target) throw notFound(COURSE_NOT_FOUND);
  if (!target.enrolled) throw forbidden(NOT_ENROLLED);
  assertLecturesAvailable(target, userId);
  if (target.minutes === null) throw badRequest(LECTURE_NOT_IN_COURSE);
  const save = { userId, courseId: target.id, lectureId: position.lectureId };
  const seconds =
    position.seconds === undefined
      ? null
      : Math.min(position.seconds, positionBound(target.minutes));
  if (target.watchedSeconds !== null && deps.positions.canHold()) {
    // Without a second (the video never said), the lecture is touched at the one it has.
    const held =
      seconds ??
      deps.positions.held(userId, target.id, position.lectureId) ??
      target.watchedSeconds;
    deps.positions.hold({ ...save, seconds: held });
    return held;
  }
  // Written now: a held save of the same lecture is older, and its batch leaves this row alone.
  return saveLecturePosition(db, { ...save, seconds });
}

/**
 * The lecture and second the learner last watched (no lecture before they watched any), and the
 * second they left each lecture at.
 */
export async function getResumePoint(
  deps: LearningDeps,
  user: UserRow,
  courseId: string,
): Promise<{ lectureId: string | null; seconds: number; lectures: LectureSecond[] }> {
  const course = await requireCourse(deps.database.db, user, courseId);
  if (!course.enrolled) throw forbidden(NOT_ENROLLED);
  // Saves this instance still holds are where the learner is: written first, then read.
  await deps.positions.settle(user.id, course.id);
  const lectures = await getLecturePositions(deps.database.db, user.id, course.id);
  const latest = lectures[0] ?? { lectureId: null, seconds: 0 };
  return { ...latest, lectures };
}

/**
 * The stars replace the learner's previous ones; `review` (already trimmed) replaces their text when
 * given, and an empty one removes it.
 */
export async function rateCourse(
  deps: LearningDeps,
  user: UserRow,
  courseId: string,
  rating: number,
  review?: string,
): Promise<void> {
  const course = await requireCourse(deps.database.db, user, courseId);
  if (!course.enrolled) throw forbidden(NOT_ENROLLED);
  await upsertRating(
    deps.database.db,
    user.id,
    course.id,
    rating,
    review === undefined ? undefined : review === '' ? null : review,
  );
  deps.catalogueCache.invalidate();
}
