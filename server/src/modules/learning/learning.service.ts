import type { EnrolledCourse } from '@aprendiz/contract/learning';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../db/schema/users';
import { badRequest, conflict, forbidden } from '../../http/errors';
import {
  ALREADY_OWNED,
  assertCanJoin,
  insertEnrollment,
  priceToPay,
  requireCourse,
} from '../courses/course-access';
import { toCourseDetail } from '../courses/course-view';
import {
  courseHasLecture,
  getCompletedLectureIds,
  getEnrolledCourses,
  markLectureCompleted,
  upsertRating,
} from './learning.repository';

export const NOT_ENROLLED = 'Inscreva-se no curso para continuar';

type LearningDeps = Pick<AppDeps, 'database' | 'catalogueCache'>;

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
  const created = await insertEnrollment(deps.database.db, user.id, course.id);
  if (!created) throw conflict(ALREADY_OWNED);
  deps.catalogueCache.invalidate();
}

export async function listEnrolledCourses(
  deps: LearningDeps,
  user: UserRow,
): Promise<EnrolledCourse[]> {
  const rows = await getEnrolledCourses(deps.database.db, user.id);
  return rows.map((row) => ({
    ...toCourseDetail(row, { showAllLectureUrls: true, includeMyRating: true }),
    lectureCompleted: row.lectureCompleted,
    enrolledAt: row.enrolledAt.toISOString(),
  }));
}

export async function getCourseProgress(
  deps: LearningDeps,
  user: UserRow,
  courseId: string,
): Promise<{ lectureCompleted: string[] }> {
  const course = await requireCourse(deps.database.db, user, courseId);
  return { lectureCompleted: await getCompletedLectureIds(deps.database.db, user.id, course.id) };
}

export async function completeLecture(
  deps: LearningDeps,
  user: UserRow,
  courseId: string,
  lectureId: string,
): Promise<void> {
  const db = deps.database.db;
  const course = await requireCourse(deps.database.db, user, courseId);
  if (!course.enrolled) throw forbidden(NOT_ENROLLED);
  if (!(await courseHasLecture(db, course.id, lectureId))) {
    throw badRequest('Esta aula não pertence ao curso');
  }
  await markLectureCompleted(db, user.id, course.id, lectureId);
}

export async function rateCourse(
  deps: LearningDeps,
  user: UserRow,
  courseId: string,
  rating: number,
): Promise<void> {
  const course = await requireCourse(deps.database.db, user, courseId);
  if (!course.enrolled) throw forbidden(NOT_ENROLLED);
  await upsertRating(deps.database.db, user.id, course.id, rating);
  deps.catalogueCache.invalidate();
}
