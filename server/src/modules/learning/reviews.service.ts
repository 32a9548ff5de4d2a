import type { CourseReviewsResponse } from '@aprendiz/contract/reviews';
import { meanRating, RATING_MAX, RATING_MIN } from '@aprendiz/contract/rules/ratings';
import { REVIEWS_PAGE_SIZE } from '@aprendiz/contract/rules/reviews';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../db/schema/users';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { findCourseAccess } from '../courses/course-access';
import { COURSE_NOT_FOUND } from '../courses/courses.service';
import {
  findReviewForReply,
  findReviewForReport,
  getRatingFigures,
  getReviewPage,
  insertReply,
  insertReviewReport,
} from './reviews.repository';

type ReviewsDeps = Pick<AppDeps, 'database'>;
type ReplyDeps = Pick<AppDeps, 'database' | 'catalogueCache'>;

export const REVIEW_NOT_FOUND = 'Avaliação não encontrada';
export const OWN_REVIEW_REPORT = 'Você não pode denunciar a sua própria avaliação';
export const REVIEW_ALREADY_REPORTED = 'Você já denunciou esta avaliação';
export const ONLY_WRITTEN_REVIEWS_REPORTED = 'Só avaliações escritas podem ser denunciadas';

/**
 * A page of the course's written reviews with the figures of every rating. Like the course itself,
 * an unpublished course's reviews are for its students and educator only.
 */
export async function listCourseReviews(
  deps: ReviewsDeps,
  viewer: UserRow | undefined,
  courseId: string,
  page: number,
): Promise<Omit<CourseReviewsResponse, 'success'>> {
  const db = deps.database.db;
  const course = await findCourseAccess(db, courseId, viewer?.id ?? '');
  if (!course || (!course.isPublished && !course.enrolled && course.educatorId !== viewer?.id)) {
    throw notFound(COURSE_NOT_FOUND);
  }
  const [figures, rows] = await Promise.all([
    getRatingFigures(db, course.id),
    getReviewPage(db, course.id, {
      offset: (page - 1) * REVIEWS_PAGE_SIZE,
      limit: REVIEWS_PAGE_SIZE,
    }),
  ]);
  const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let ratingCount = 0;
  let sum = 0;
  for (let stars = RATING_MIN; stars <= RATING_MAX; stars++) {
    const count = figures.counts.get(stars) ?? 0;
    distribution[stars as keyof typeof distribution] = count;
    ratingCount += count;
    sum += stars * count;
  }
  return {
    reviews: rows.map((row) => ({
      _id: row.id,
      authorId: row.authorId,
      rating: row.rating,
      review: row.review,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      reply: row.reply,
    })),
    total: figures.written,
    page,
    pageSize: REVIEWS_PAGE_SIZE,
    ratingCount,
    // The spec's rule: the floor of the mean, 0 when nobody has rated.
    averageRating: ratingCount === 0 ? 0 : Math.floor(sum / ratingCount),
    meanRating: meanRating(sum, ratingCount),
    distribution,
  };
}

/** The course's educator answers a written review once; the answer cannot be changed afterwards. */
export async function replyToReview(
  deps: ReplyDeps,
  educator: UserRow,
  reviewId: string,
  reply: string,
): Promise<void> {
  const db = deps.database.db;
  const review = await findReviewForReply(db, reviewId);
  if (!review) throw notFound(REVIEW_NOT_FOUND);
  if (review.educatorId !== educator.id) {
    throw forbidden('Só o educador do curso pode responder a esta avaliação');
  }
  if (!review.hasText) throw badRequest('Só avaliações escritas podem ser respondidas');
  if (review.reply !== null || !(await insertReply(db, reviewId, reply))) {
    throw conflict('Esta avaliação já tem resposta');
  }
  // The course page is rendered with its first reviews and cached with the catalogue.
  deps.catalogueCache.invalidate();
}

/**
 * Someone signed in reports a written review to the platform's moderation, once. Only a review the
 * reporter can see is reported: one of a course they may open, whose text is not hidden already.
 */
export async function reportReview(
  deps: ReviewsDeps,
  reporter: UserRow,
  reviewId: string,
  reason: string | undefined,
): Promise<void> {
  const db = deps.database.db;
  const review = await findReviewForReport(db, reviewId);
  if (!review) throw notFound(REVIEW_NOT_FOUND);
  if (review.authorId === reporter.id) throw forbidden(OWN_REVIEW_REPORT);
  const course = await findCourseAccess(db, review.courseId, reporter.id);
  if (
    !course ||
    (!course.isPublished && !course.enrolled && course.educatorId !== reporter.id) ||
    review.hidden
  ) {
    throw notFound(REVIEW_NOT_FOUND);
  }
  if (!review.hasText) throw badRequest(ONLY_WRITTEN_REVIEWS_REPORTED);
  if (!(await insertReviewReport(db, reviewId, reporter.id, reason))) {
    throw conflict(REVIEW_ALREADY_REPORTED);
  }
}
