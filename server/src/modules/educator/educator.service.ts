import type { DashboardData, EducatorCourse, EnrolledStudent } from '@aprendiz/contract/educator';
import type { PublicPerson } from '@aprendiz/contract/common';
import { findIncompleteLectures } from '@aprendiz/contract/rules/incomplete-lectures';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../db/schema/users';
import {
  getCourseEarnings,
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

/** numeric text → a number of whole cents, as the JSON carries money. */
function money(amount: string): number {
  return Math.round(Number(amount) * 100) / 100;
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
    getEducatorTotals(db, educator.id, new Date()),
    getLatestEnrollments(db, educator.id, DASHBOARD_LATEST_ENROLLMENTS),
  ]);
  const { balance } = totals;
  const available = money(balance.available);
  const pending = money(balance.pending);
  return {
    totalCourses: totals.totalCourses,
    totalEnrollments: totals.totalEnrollments,
    // Earned net of refunds: what is available plus what may still be refunded.
    totalEarnings: money(String(Number(balance.available) + Number(balance.pending))),
    refunds: { count: totals.refundCount, amount: money(totals.refundAmount) },
    balance: {
      available,
      pending,
      refunded: money(balance.refunded),
      gross: money(balance.gross),
      platformFee: money(balance.platformFee),
    },
    awaitingPayment: { count: totals.awaitingCount, amount: money(totals.awaitingAmount) },
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
  const [rows, earnings] = await Promise.all([
    getEducatorCourses(deps.database.db, educator.id),
    getCourseEarnings(deps.database.db, educator.id),
  ]);
  return rows.map((row) => {
    const price = Number(row.price);
    return {
      _id: row.id,
      courseTitle: row.title,
      courseThumbnail: row.thumbnailUrl,
      coursePrice: price,
      discount: row.discount,
      studentCount: row.studentCount,
      // What the buyers paid, net of refunds (the ledger), not students × today's price.
      earnings: money(earnings.get(row.id) ?? '0'),
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
