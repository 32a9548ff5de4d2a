import type { Analytics, AnalyticsPeriod } from '@aprendiz/contract/educator';
import {
  completionRate,
  dropOffLecture,
  fillDailySeries,
} from '@aprendiz/contract/rules/analytics';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../db/schema/users';
import { getCourseProgress, getDailyTotals, getLectureCompletions } from './analytics.repository';

const DAY_MS = 86_400_000;

/**
 * The dashboard's trends: enrollments and earnings per UTC day over the period, and per course the
 * completion rate and the lecture where most learners stop. Every figure comes from running totals
 * the database keeps (migration 0012_analytics_totals), so the cost does not grow with enrollments.
 */
export async function getAnalytics(
  deps: Pick<AppDeps, 'database'>,
  educator: UserRow,
  days: AnalyticsPeriod,
  now = new Date(),
): Promise<Analytics> {
  const db = deps.database.db;
  const since = new Date(now.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  const [daily, courseRows] = await Promise.all([
    getDailyTotals(db, educator.id, since),
    getCourseProgress(db, educator.id),
  ]);
  const completions = await getLectureCompletions(
    db,
    courseRows.map((course) => course.id),
  );
  const byLecture = new Map(completions.map((row) => [`${row.courseId}/${row.lectureId}`, row]));

  return {
    series: fillDailySeries(
      daily.map((row) => ({ ...row, earnings: Number(row.earnings) })),
      days,
      now,
    ),
    courses: courseRows.map((course) => ({
      courseId: course.id,
      courseTitle: course.title,
      completionRate: completionRate(course.finished, course.studentCount),
      dropOffLecture: dropOffLecture(
        course.studentCount,
        course.lectureIds.map((lectureId, index) => ({
          lectureId,
          lectureTitle: course.lectureTitles[index] ?? '',
          completed: byLecture.get(`${course.id}/${lectureId}`)?.learners ?? 0,
        })),
      ),
    })),
  };
}
