import { and, desc, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Chapter } from '@aprendiz/contract/courses';
import type { CourseCategory, CourseLevel } from '@aprendiz/contract/catalogue';
import type { CourseStatus, TakedownKind } from '@aprendiz/contract/rules/course-status';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { courses } from '../../db/schema/courses';
import { enrollments } from '../../db/schema/enrollments';
import { ratings } from '../../db/schema/ratings';
import { users } from '../../db/schema/users';

/** One course as the catalogue shows it: no description, no content, counts aggregated in SQL. */
export interface CourseSummaryRow {
  id: string;
  title: string;
  thumbnailUrl: string;
  price: string;
  discount: number;
  discountEndsAt: Date | null;
  category: CourseCategory | null;
  level: CourseLevel | null;
  createdAt: Date;
  educatorId: string;
  educatorName: string;
  educatorImageUrl: string;
  studentCount: number;
  ratingCount: number;
  averageRating: number;
  /** One decimal. */
  meanRating: number;
  totalLectures: number;
  totalDuration: number;
}

export interface CourseDetailRow extends CourseSummaryRow {
  descriptionHtml: string;
  guaranteeDays: number;
  content: Chapter[];
  isPublished: boolean;
  /** With the takedown's kind, whether its learners may still watch it (contract's keepsLearnerAccess). */
  status: CourseStatus;
  takedownKind: TakedownKind | null;
  myRating: number | null;
  viewerEnrolled: boolean;
}

export const courseSummaryBaseColumns = {
  id: courses.id,
  title: courses.title,
  thumbnailUrl: courses.thumbnailUrl,
  price: courses.price,
  discount: courses.discount,
  discountEndsAt: courses.discountEndsAt,
  category: courses.category,
  level: courses.level,
  createdAt: courses.createdAt,
  educatorId: users.id,
  educatorName: users.name,
  educatorImageUrl: users.imageUrl,
};

/** Lecture count and total minutes read straight from the content jsonb, per course row. */
export function contentTotalColumns() {
  return {
    totalLectures:
      sql<number>`(select coalesce(sum(jsonb_array_length(ch -> 'chapterContent')), 0)::int
      from jsonb_array_elements(${courses.content}) ch)`.mapWith(Number),
    totalDuration: sql<number>`(select coalesce(sum((l ->> 'lectureDuration')::numeric), 0)
      from jsonb_array_elements(${courses.content}) ch
      cross join jsonb_array_elements(ch -> 'chapterContent') l)`.mapWith(Number),
  };
}

/**
 * A course's student and rating figures, read from the totals its row keeps (student_count follows
 * enrollments, migration 0003; rating_count and rating_total follow ratings, migration 0015), so a
 * course with 50,000 ratings costs what one with none does. The floored mean is the integer
 * division of the totals: ratings are 1 to 5, so it is floor(avg(rating)) exactly.
 */
export function perCourseStatColumns() {
  return {
    studentCount: courses.studentCount,
    ratingCount: courses.ratingCount,
    averageRating:
      sql<number>`coalesce(${courses.ratingTotal} / nullif(${courses.ratingCount}, 0), 0)`.mapWith(
        Number,
      ),
    meanRating: meanRatingColumn(),
  };
}

/** The mean to one decimal from the totals the course row keeps (migration 0015); 0 unrated. */
export function meanRatingColumn(): SQL<number> {
  return sql<number>`coalesce(round(${courses.ratingTotal}::numeric / nullif(${courses.ratingCount}, 0), 1), 0)`.mapWith(
    Number,
  );
}

export function viewerRatingColumn(viewerId: Placeholder): SQL<number | null> {
  return sql<number | null>`(select own.rating from ${ratings} own
    where own.user_id = ${viewerId} and own.course_id = ${courses.id})`.mapWith((v) =>
    v === null ? null : Number(v),
  );
}

/** GET /api/course/all's bound: the catalogue page is the newest courses; search reaches the rest. */
export const CATALOGUE_LIMIT = 1000;

/** The newest published courses in ONE statement, their figures from the totals each row keeps. */
export async function getCourseSummaries(db: Db): Promise<CourseSummaryRow[]> {
  return db
    .select({
      ...courseSummaryBaseColumns,
      ...perCourseStatColumns(),
      ...contentTotalColumns(),
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.educatorId))
    .where(eq(courses.isPublished, true))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(CATALOGUE_LIMIT);
}

/** The detail's columns; the viewer's rating and enrollment when a viewer is given. */
function courseDetailStatement(db: Db, viewer: Placeholder | null) {
  return db
    .select({
      ...courseSummaryBaseColumns,
      ...perCourseStatColumns(),
      ...contentTotalColumns(),
      descriptionHtml: courses.descriptionHtml,
      guaranteeDays: courses.guaranteeDays,
      content: courses.content,
      isPublished: courses.isPublished,
      status: courses.status,
      takedownKind: courses.takedownKind,
      myRating: viewer
        ? viewerRatingColumn(viewer)
        : sql<number | null>`null`.mapWith((v) => (v === null ? null : Number(v))),
      viewerEnrolled: viewer
        ? sql<boolean>`exists (select 1 from ${enrollments} viewer
            where viewer.user_id = ${viewer} and viewer.course_id = ${courses.id})`.mapWith(Boolean)
        : sql<boolean>`false`.mapWith(Boolean),
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.educatorId))
    .where(eq(courses.id, sql.placeholder('courseId')))
    .limit(1);
}

/**
 * Prepared, for visitors and for signed-in viewers: a first visit's course page spent more of
 * PostgreSQL's time planning this statement than running it (docs/scale-explain.md).
 */
const courseDetail = prepared('course_detail', (db) => courseDetailStatement(db, null));
const courseDetailForViewer = prepared('course_detail_for_viewer', (db) =>
  courseDetailStatement(db, sql.placeholder('viewerId')),
);

/** One course with its counts and, when a viewer is known, their rating and enrollment: one statement. */
export async function findCourseDetail(
  db: Db,
  courseId: string,
  viewerId: string | null,
): Promise<CourseDetailRow | null> {
  const [row] = viewerId
    ? await courseDetailForViewer(db).execute({ courseId, viewerId })
    : await courseDetail(db).execute({ courseId });
  return row ?? null;
}

/**
 * Notes that every lecture address of the course was handed to the learner, the first time only;
 * true when this was the first time. With the EU waiver this ends the right of withdrawal: a
 * YouTube address plays anywhere, so reading it counts as playing in the player would.
 */
export async function markLecturesServed(
  db: Db,
  userId: string,
  courseId: string,
): Promise<boolean> {
  const marked = await db
    .update(enrollments)
    .set({ lecturesServedAt: sql`now()` })
    .where(
      and(
        eq(enrollments.userId, userId),
        eq(enrollments.courseId, courseId),
        isNull(enrollments.lecturesServedAt),
      ),
    )
    .returning({ courseId: enrollments.courseId });
  return marked.length > 0;
}
