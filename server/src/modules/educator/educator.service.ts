import {
  ENROLLED_STUDENTS_PAGE_SIZE,
  studentsCursorText,
  type DashboardData,
  type EducatorCourse,
  type EnrolledStudent,
  type StudentsCursor,
} from '@aprendiz/contract/educator';
import type { PublicPerson } from '@aprendiz/contract/common';
import { findIncompleteLectures } from '@aprendiz/contract/rules/incomplete-lectures';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../db/schema/users';
import {
  countEducatorEnrollments,
  getCourseEarnings,
  getEducatorCourses,
  getEducatorTotals,
  getLatestEnrollments,
  type EnrollmentRecordRow,
} from './educator.repository';

/** The dashboard's 'Latest Enrollments' table; the full count travels as totalEnrollments. */
export const DASHBOARD_LATEST_ENROLLMENTS = 10;

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
  before?: StudentsCursor,
): Promise<{ enrolledStudents: EnrolledStudent[]; total: number; next: string | null }> {
  const db = deps.database.db;
  // One more than the page: whether a next page exists is known without a page that turns out empty.
  const [rows, total] = await Promise.all([
    getLatestEnrollments(db, educator.id, ENROLLED_STUDENTS_PAGE_SIZE + 1, before),
    countEducatorEnrollments(db, educator.id),
  ]);
  const page = rows.slice(0, ENROLLED_STUDENTS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    enrolledStudents: page.map((row) => ({
      student: studentOf(row),
      courseTitle: row.courseTitle,
      purchaseDate: row.enrolledAt.toISOString(),
    })),
    total,
    next:
      rows.length > page.length && last
        ? studentsCursorText({
            micros: last.enrolledMicros,
            courseId: last.courseId,
            userId: last.studentId,
          })
        : null,
  };
}
