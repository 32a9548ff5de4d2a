import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { addCourseDataSchema } from '@aprendiz/contract/educator';
import type { DashboardData, EducatorCourse, EnrolledStudent } from '@aprendiz/contract/educator';
import type { PublicPerson } from '@aprendiz/contract/common';
import type { CourseStatus } from '@aprendiz/contract/rules/course-status';
import { courseEarnings } from '@aprendiz/contract/rules/pricing';
import { findIncompleteLectures } from '@aprendiz/contract/rules/incomplete-lectures';
import { normaliseCourseContent } from '@aprendiz/contract/rules/lectures';
import { draftChapterQuizzes, withQuizSummaries } from '@aprendiz/contract/rules/quiz-content';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../db/schema/users';
import { badRequest } from '../../http/errors';
import { parseInput } from '../../http/validate';
import {
  getEducatorCourses,
  getEducatorTotals,
  getLatestEnrollments,
  insertCourse,
  type EnrollmentRecordRow,
} from './educator.repository';
import { sanitizeDescription } from './sanitize-description';
import { toThumbnailWebp } from './thumbnail-image';

export const THUMBNAIL_NOT_SELECTED = 'Thumbnail Not Selected';
export const COURSE_ADDED = 'Curso adicionado com sucesso';
export const DRAFT_SAVED = 'Rascunho guardado';
/** The dashboard's 'Latest Enrollments' table; the full count travels as totalEnrollments. */
export const DASHBOARD_LATEST_ENROLLMENTS = 10;
/** Newest enrollments the students page lists: a bounded answer however popular the educator is. */
export const ENROLLED_STUDENTS_LIMIT = 500;

type EducatorDeps = Pick<AppDeps, 'database' | 'catalogueCache' | 'thumbnails' | 'logger'>;

export interface AddCourseForm {
  /** The multipart `courseData` field: JSON text. */
  courseData: unknown;
  image: Buffer | undefined;
}

/** The multipart courseData field, JSON text, read with the given contract schema. */
export function parseCourseData<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  if (typeof raw !== 'string' || raw.trim() === '')
    throw badRequest('Os dados do curso (courseData) estão em falta');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw badRequest('Os dados do curso (courseData) não são JSON válido');
  }
  return parseInput(schema, json);
}

/**
 * Validates everything before anything is stored, stores the thumbnail, then the course; a failed
 * insert takes the thumbnail back so no orphan file or asset is left behind.
 */
export async function addCourse(
  deps: EducatorDeps,
  educator: UserRow,
  form: AddCourseForm,
): Promise<{ courseId: string; status: CourseStatus }> {
  const data = parseCourseData(addCourseDataSchema, form.courseData);
  if (!form.image) throw badRequest(THUMBNAIL_NOT_SELECTED);
  const webp = await toThumbnailWebp(form.image);
  const chapters = normaliseCourseContent(data.courseContent, randomUUID);
  const quizzes = draftChapterQuizzes(data.courseContent, chapters, randomUUID);
  const course = {
    educatorId: educator.id,
    title: data.courseTitle,
    descriptionHtml: sanitizeDescription(data.courseDescription),
    price: data.coursePrice.toFixed(2),
    discount: data.discount,
    content: withQuizSummaries(chapters, quizzes),
    quizzes,
    category: data.category ?? null,
    level: data.level ?? null,
    status: data.status,
  };

  const thumbnail = await deps.thumbnails.save(webp);
  let courseId: string;
  try {
    // The thumbnail URL is a column of the course row, so this one INSERT stores both atomically.
    ({ id: courseId } = await insertCourse(deps.database.db, {
      ...course,
      thumbnailUrl: thumbnail.url,
    }));
  } catch (err) {
    await thumbnail.remove().catch((removeErr: unknown) => {
      deps.logger.error(
        { err: removeErr, url: thumbnail.url },
        'orphan thumbnail left after a failed insert',
      );
    });
    throw err;
  }
  deps.catalogueCache.invalidate();
  return { courseId, status: course.status };
}

function studentOf(row: EnrollmentRecordRow): PublicPerson {
  return { _id: row.studentId, name: row.studentName, imageUrl: row.studentImageUrl };
}

export async function getDashboard(
  deps: EducatorDeps,
  educator: UserRow,
): Promise<DashboardData & { totalEnrollments: number }> {
  const db = deps.database.db;
  const [totals, latest] = await Promise.all([
    getEducatorTotals(db, educator.id),
    getLatestEnrollments(db, educator.id, DASHBOARD_LATEST_ENROLLMENTS),
  ]);
  return {
    totalCourses: totals.totalCourses,
    totalEnrollments: totals.totalEnrollments,
    totalEarnings: Math.round(Number(totals.totalEarnings) * 100) / 100,
    refunds: {
      count: totals.refundCount,
      amount: Math.round(Number(totals.refundAmount) * 100) / 100,
    },
    enrolledStudentsData: latest.map((row) => ({
      courseTitle: row.courseTitle,
      student: studentOf(row),
    })),
  };
}

export async function listEducatorCourses(
  deps: EducatorDeps,
  educator: UserRow,
): Promise<EducatorCourse[]> {
  const rows = await getEducatorCourses(deps.database.db, educator.id);
  return rows.map((row) => {
    const price = Number(row.price);
    return {
      _id: row.id,
      courseTitle: row.title,
      courseThumbnail: row.thumbnailUrl,
      coursePrice: price,
      discount: row.discount,
      studentCount: row.studentCount,
      earnings: courseEarnings(row.studentCount, price, row.discount),
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      incompleteLectures: findIncompleteLectures(row.content),
    };
  });
}

export async function listEnrolledStudents(
  deps: EducatorDeps,
  educator: UserRow,
): Promise<EnrolledStudent[]> {
  const rows = await getLatestEnrollments(deps.database.db, educator.id, ENROLLED_STUDENTS_LIMIT);
  return rows.map((row) => ({
    student: studentOf(row),
    courseTitle: row.courseTitle,
    purchaseDate: row.enrolledAt.toISOString(),
  }));
}
