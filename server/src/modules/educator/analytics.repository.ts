import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  educatorDailyTotals,
  lectureCompletionTotals,
  courseCompletionCounts,
} from '../../db/schema/analytics-totals';
import { courses } from '../../db/schema/courses';

export interface DailyTotalsRow {
  date: string;
  enrollments: number;
  /** numeric text */
  earnings: string;
}

/** The educator's days since `since` (YYYY-MM-DD) that had an enrollment or a sale: ≤ 90 rows. */
export async function getDailyTotals(
  db: Db,
  educatorId: string,
  since: string,
): Promise<DailyTotalsRow[]> {
  return db
    .select({
      date: educatorDailyTotals.day,
      enrollments: educatorDailyTotals.enrollments,
      earnings: educatorDailyTotals.earnings,
    })
    .from(educatorDailyTotals)
    .where(and(eq(educatorDailyTotals.educatorId, educatorId), gte(educatorDailyTotals.day, since)))
    .orderBy(asc(educatorDailyTotals.day));
}

export interface CourseProgressRow {
  id: string;
  title: string;
  studentCount: number;
  /** The course's lectures in course order. */
  lectureIds: string[];
  lectureTitles: string[];
  /** Enrolled learners who completed every lecture, found through (course_id, completed). */
  finished: number;
}

/** How many courses the analytics describe: those with the most learners, a bounded answer. */
export const ANALYTICS_COURSES_LIMIT = 50;

/**
 * The educator's ANALYTICS_COURSES_LIMIT courses with the most learners (newest first among equals),
 * with their lectures (ids and titles only, read out of the content in SQL) and how many learners
 * finished each: one statement. The courses are chosen first, so only theirs are read out of jsonb.
 */
export async function getCourseProgress(db: Db, educatorId: string): Promise<CourseProgressRow[]> {
  const top = db
    .select({
      id: courses.id,
      title: courses.title,
      studentCount: courses.studentCount,
      createdAt: courses.createdAt,
      lectureIds:
        sql`jsonb_path_query_array(${courses.content}, '$[*].chapterContent[*].lectureId')`.as(
          'lecture_ids',
        ),
      lectureTitles:
        sql`jsonb_path_query_array(${courses.content}, '$[*].chapterContent[*].lectureTitle')`.as(
          'lecture_titles',
        ),
    })
    .from(courses)
    .where(eq(courses.educatorId, educatorId))
    .orderBy(desc(courses.studentCount), desc(courses.createdAt), desc(courses.id))
    .limit(ANALYTICS_COURSES_LIMIT)
    .as('top');
  return db
    .select({
      id: top.id,
      title: top.title,
      studentCount: top.studentCount,
      lectureIds: sql<string[]>`${top.lectureIds}`,
      lectureTitles: sql<string[]>`${top.lectureTitles}`,
      // A course without lectures has nobody who finished it. Only learners enrolled now count
      // (as in studentCount): a refunded learner keeps their progress but is no longer a learner.
      // Summed from the course's counts of current learners by lectures completed (migration
      // 0057): a row per number of lectures, not a row per learner.
      finished: sql<number>`(select coalesce(sum(done.learners), 0)::int
        from ${courseCompletionCounts} done
        where done.course_id = ${top.id}
          and done.completed >= greatest(jsonb_array_length(${top.lectureIds}), 1))`.mapWith(
        Number,
      ),
    })
    .from(top)
    .orderBy(desc(top.studentCount), desc(top.createdAt), desc(top.id));
}

export interface LectureCompletionRow {
  courseId: string;
  lectureId: string;
  learners: number;
}

/** Completions per lecture of the given courses, read from their running totals. */
export async function getLectureCompletions(
  db: Db,
  courseIds: string[],
): Promise<LectureCompletionRow[]> {
  if (courseIds.length === 0) return [];
  return db
    .select({
      courseId: lectureCompletionTotals.courseId,
      lectureId: lectureCompletionTotals.lectureId,
      learners: lectureCompletionTotals.learners,
    })
    .from(lectureCompletionTotals)
    .where(inArray(lectureCompletionTotals.courseId, courseIds));
}
