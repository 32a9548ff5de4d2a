import type { EnrolledCourse } from '@aprendiz/contract/learning';
import { discountedPrice } from '@aprendiz/contract/rules/pricing';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../db/schema/users';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { toCourseDetail } from '../courses/course-view';
import { COURSE_NOT_FOUND } from '../courses/courses.service';
import {
  insertPurchase,
  markPurchaseFailed,
  setPurchaseProviderRef,
} from '../payments/payments.repository';
import {
  courseHasLecture,
  findCourseAccess,
  getCompletedLectureIds,
  getEnrolledCourses,
  insertEnrollment,
  markLectureCompleted,
  upsertRating,
  type CourseAccessRow,
} from './learning.repository';

export const ALREADY_OWNED = 'Já adquirido';
export const OWN_COURSE = 'Você é o educador deste curso e já tem acesso a ele';
export const NOT_ENROLLED = 'Inscreva-se no curso para continuar';

type LearningDeps = Pick<AppDeps, 'config' | 'database' | 'catalogueCache' | 'payments' | 'logger'>;

/** The course as this user may reach it: unpublished courses exist only for their students and educator. */
async function requireCourse(
  deps: LearningDeps,
  user: UserRow,
  courseId: string,
): Promise<CourseAccessRow> {
  const course = await findCourseAccess(deps.database.db, courseId, user.id);
  if (!course || (!course.isPublished && !course.enrolled && course.educatorId !== user.id)) {
    throw notFound(COURSE_NOT_FOUND);
  }
  return course;
}

function assertNotOwned(course: CourseAccessRow, user: UserRow): void {
  if (course.enrolled) throw conflict(ALREADY_OWNED);
  // Educators enrolling in their own course would count themselves as students and earnings.
  if (course.educatorId === user.id) throw conflict(OWN_COURSE);
}

function priceToPay(course: CourseAccessRow): number {
  return discountedPrice(Number(course.price), course.discount);
}

export async function enrollInFreeCourse(
  deps: LearningDeps,
  user: UserRow,
  courseId: string,
): Promise<void> {
  const course = await requireCourse(deps, user, courseId);
  assertNotOwned(course, user);
  if (priceToPay(course) !== 0)
    throw badRequest('Este curso não é gratuito: conclua a compra para se inscrever');
  // Concurrent requests all pass the check above; the primary key lets exactly one insert win.
  const created = await insertEnrollment(deps.database.db, user.id, course.id);
  if (!created) throw conflict(ALREADY_OWNED);
  deps.catalogueCache.invalidate();
}

/** Opens a checkout for a paid course and answers where to send the browser. */
export async function startPurchase(
  deps: LearningDeps,
  user: UserRow,
  courseId: string,
): Promise<string> {
  const db = deps.database.db;
  const course = await requireCourse(deps, user, courseId);
  assertNotOwned(course, user);
  const amount = priceToPay(course);
  if (amount === 0) throw badRequest('Este curso é gratuito: use a inscrição gratuita');

  const purchase = await insertPurchase(db, {
    userId: user.id,
    courseId: course.id,
    amount: amount.toFixed(2),
    currency: deps.config.currency,
    provider: deps.payments.kind,
  });
  try {
    const session = await deps.payments.createCheckout({
      purchase: { id: purchase.id, amount, currency: purchase.currency },
      course: { id: course.id, title: course.title, thumbnailUrl: course.thumbnailUrl },
      user: { id: user.id, email: user.email },
    });
    if (session.providerRef) await setPurchaseProviderRef(db, purchase.id, session.providerRef);
    return session.url;
  } catch (err) {
    deps.logger.error({ err, purchaseId: purchase.id }, 'checkout could not be started');
    await markPurchaseFailed(db, purchase.id);
    throw new AppError('UNAVAILABLE', 'Não foi possível iniciar o pagamento. Tente novamente.', {
      cause: err,
    });
  }
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
  const course = await requireCourse(deps, user, courseId);
  return { lectureCompleted: await getCompletedLectureIds(deps.database.db, user.id, course.id) };
}

export async function completeLecture(
  deps: LearningDeps,
  user: UserRow,
  courseId: string,
  lectureId: string,
): Promise<void> {
  const db = deps.database.db;
  const course = await requireCourse(deps, user, courseId);
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
  const course = await requireCourse(deps, user, courseId);
  if (!course.enrolled) throw forbidden(NOT_ENROLLED);
  await upsertRating(deps.database.db, user.id, course.id, rating);
  deps.catalogueCache.invalidate();
}
