import type { DashboardData, EducatorCourse, EnrolledStudent } from '@aprendiz/contract/educator';
import type { PublicPerson } from '@aprendiz/contract/common';
import { courseEarnings } from '@aprendiz/contract/rules/pricing';
import { findIncompleteLectures } from '@aprendiz/contract/rules/incomplete-lectures';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../db/schema/users';
import {
  getEducatorCourses,
  getEducatorTotals,
  getLatestEnrollments,
  type EnrollmentRecordRow,
} from './educator.repository';

/** The dashboard's 'Latest Enrollments' table; the full count travels as totalEnrollments. */
export const DASHBOARD_LATEST_ENROLLMENTS = 10;
/** Newest enrollments the students page lists: a bounded answer however popular the educator is. */
export const ENROLLED_STUDENTS_LIMIT = 500;

type EducatorDeps = Pick<AppDeps, 'database' | 'catalogueCache' | 'thumbnails' | 'logger'>;

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
