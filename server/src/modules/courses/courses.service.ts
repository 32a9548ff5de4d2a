import type {
  CourseDetail,
  CourseSearchQuery,
  CourseSearchResponse,
} from '@aprendiz/contract/courses';
import { uuidSchema } from '@aprendiz/contract/common';
import {
  COURSE_REMOVED_FOR_RIGHTS_CLAIM,
  keepsLearnerAccess,
} from '@aprendiz/contract/rules/course-status';
import type { CourseSuggestResponse } from '@aprendiz/contract/search';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../db/schema/users';
import { gone, notFound } from '../../http/errors';
import type { CachedBody } from './catalogue-cache';
import { toCourseDetail, toCourseSummary } from './course-view';
import { nearestCatalogueWords, searchCourses } from './course-search.repository';
import { suggestCourses } from './course-suggest.repository';
import { teaserStatement } from './course-teaser.repository';
import { findCourseDetail, getCourseSummaries, markLecturesServed } from './courses.repository';

export const COURSE_NOT_FOUND = 'Curso não encontrado';

/** How many popular courses a search that found nothing offers instead. */
const POPULAR_COURSES = 6;

/** What the catalogue's reads need: the database, the cached bodies and the word search. */
export type CatalogueDeps = Pick<AppDeps, 'database' | 'catalogueCache' | 'courseSearch'>;

/** A path id that is not a UUID names no course; answering 404 keeps it away from the database. */
export function assertCourseId(id: string): void {
  if (!uuidSchema.safeParse(id).success) throw notFound(COURSE_NOT_FOUND);
}

/** The serialised catalogue, built by one SQL statement and then served from memory until a write. */
export function listCatalogue(deps: CatalogueDeps): Promise<CachedBody> {
  return deps.catalogueCache.getOrLoad(async () => {
    const rows = await getCourseSummaries(deps.database.db);
    return JSON.stringify({ success: true, courses: rows.map(toCourseSummary) });
  });
}

/** The home page's few courses, serialised once and served from memory until a write, like the catalogue. */
export function listTeaser(deps: CatalogueDeps): Promise<CachedBody> {
  return deps.catalogueCache.getOrLoadTeaser(async () => {
    const rows = await teaserStatement(deps.database.db);
    return JSON.stringify({ success: true, courses: rows.map(toCourseSummary) });
  });
}

/** One page of the published courses matching the query, best first unless another order is asked. */
export async function searchCatalogue(
  deps: CatalogueDeps,
  query: CourseSearchQuery,
): Promise<CourseSearchResponse> {
  const db = deps.database.db;
  const { rows, total, unmatchedWords, partialMatch } = await searchCourses(
    db,
    deps.courseSearch,
    query,
  );
  const answer: CourseSearchResponse = {
    success: true,
    courses: rows.map(toCourseSummary),
    total,
    page: query.page,
    pageSize: query.pageSize,
    unmatchedWords,
    ...(partialMatch ? { partialMatch } : {}),
  };
  if (total > 0 || unmatchedWords.length === 0) return answer;
  // Nothing holds any word: never a dead end, but the nearest words and what most people learn.
  const [didYouMean, popular] = await Promise.all([
    nearestCatalogueWords(db, unmatchedWords),
    searchCourses(db, deps.courseSearch, {
      q: '',
      sort: 'students',
      page: 1,
      pageSize: POPULAR_COURSES,
    }),
  ]);
  return { ...answer, didYouMean, popular: popular.rows.map(toCourseSummary) };
}

/** What the search box offers while a query is typed: the first courses and matching educators. */
export async function suggestCatalogue(
  deps: CatalogueDeps,
  q: string,
): Promise<CourseSuggestResponse> {
  return { success: true, ...(await suggestCourses(deps.database.db, deps.courseSearch, q)) };
}

/** What a signed-out visitor sees: the same for everyone, so it is cached beside the catalogue. */
export async function getPublicCourse(deps: CatalogueDeps, courseId: string): Promise<CachedBody> {
  assertCourseId(courseId);
  const entry = await deps.catalogueCache.getOrLoadCourse(courseId, async () => {
    const row = await findCourseDetail(deps.database.db, courseId, null);
    if (!row?.isPublished) return null;
    const courseData = toCourseDetail(row, { showAllLectureUrls: false, includeMyRating: false });
    return JSON.stringify({ success: true, courseData });
  });
  if (!entry) throw notFound(COURSE_NOT_FOUND);
  return entry;
}

/** A signed-in caller's view: every lecture link once enrolled or when it is their own course. */
export async function getCourseForUser(
  deps: CatalogueDeps & Pick<AppDeps, 'learnerCache'>,
  courseId: string,
  user: UserRow,
): Promise<CourseDetail> {
  assertCourseId(courseId);
  const row = await findCourseDetail(deps.database.db, courseId, user.id);
  const isOwner = row?.educatorId === user.id;
  if (!row || (!row.isPublished && !isOwner && !row.viewerEnrolled)) {
    throw notFound(COURSE_NOT_FOUND);
  }
  if (!isOwner && !keepsLearnerAccess(row)) throw gone(COURSE_REMOVED_FOR_RIGHTS_CLAIM);
  if (row.viewerEnrolled && !isOwner) {
    if (await markLecturesServed(deps.database.db, user.id, courseId))
      deps.learnerCache.forget(user.id);
  }
  return toCourseDetail(row, {
    showAllLectureUrls: isOwner || row.viewerEnrolled,
    includeMyRating: true,
  });
}
