import { and, asc, desc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { courses } from '../../db/schema/courses';
import { enrollments } from '../../db/schema/enrollments';
import { lectureProgress } from '../../db/schema/lecture-progress';
import { lecturePositions } from '../../db/schema/lecture-positions';
import { manualRefunds } from '../../db/schema/ledger';
import { purchases } from '../../db/schema/purchases';
import { quizAttempts } from '../../db/schema/quizzes';
import { ratings } from '../../db/schema/ratings';
import { users } from '../../db/schema/users';
import {
  contentTotalColumns,
  courseSummaryBaseColumns,
  perCourseStatColumns,
  viewerRatingColumn,
  type CourseDetailRow,
  type CourseSummaryRow,
} from '../courses/courses.repository';
import { courseAccessColumns, type CourseAccessRow } from '../courses/course-access';
import {
  paidPurchaseColumn,
  recentRefundsColumn,
  refundWindowStart,
  type PaidPurchaseFacts,
} from '../payments/refund-offer';
import type { CompletionShape } from '@aprendiz/contract/rules/quiz-grading';
import type { CourseStatus, TakedownKind } from '@aprendiz/contract/rules/course-status';

/** Money of the course owed back by hand whose destination the learner has not given yet. */
export interface OwedRefundRow {
  purchaseId: string;
  /** jsonb's number of a numeric, as text or number depending on the driver. */
  amount: string | number;
  currency: string;
}

export interface EnrolledCourseRow extends Omit<
  CourseDetailRow,
  'isPublished' | 'viewerEnrolled' | 'status' | 'takedownKind'
> {
  enrolledAt: Date;
  paid: PaidPurchaseFacts | null;
  /** The learner's refunds asked lately, for the abuse limit of the refund rule. */
  recentRefunds: number;
  owedRefund: OwedRefundRow | null;
  lectureCompleted: string[];
  quizzesPassed: string[];
  myReview: string | null;
  myReviewHidden: { note: string | null } | null;
  watermark: boolean;
}

/** One enrolled course as My Enrollments lists it: no description, no content, only its ids. */
export interface EnrolledCourseSummaryRow extends CourseSummaryRow {
  status: CourseStatus;
  takedownKind: TakedownKind | null;
  enrolledAt: Date;
  paid: PaidPurchaseFacts | null;
  /** The learner's refunds asked lately, for the abuse limit of the refund rule. */
  recentRefunds: number;
  owedRefund: OwedRefundRow | null;
  lectureCompleted: string[];
  quizzesPassed: string[];
  myRating: number | null;
  /** The ids progress counts, read from the content in SQL so the content never leaves it. */
  shape: CompletionShape;
}

/** What the learner did in the course: the lectures completed and the quizzes passed. */
/** The learner's id and the start of the refund window, given when the statement is run. */
const learner = sql.placeholder('userId');
const refundsSince = sql.placeholder('refundsSince');

function learnerProgressColumns(userId: Placeholder, since: Placeholder) {
  return {
    enrolledAt: enrollments.enrolledAt,
    lectureCompleted: sql<string[]>`coalesce((select jsonb_agg(${lectureProgress.lectureId}
        order by ${lectureProgress.completedAt}, ${lectureProgress.lectureId})
      from ${lectureProgress}
      where ${lectureProgress.userId} = ${userId}
        and ${lectureProgress.courseId} = ${courses.id}), '[]'::jsonb)`,
    // Read beside the lectures so My Enrollments and the player hold a chapter with a required
    // quiz back until it is passed.
    quizzesPassed: sql<string[]>`coalesce((select jsonb_agg(distinct ${quizAttempts.quizId})
      from ${quizAttempts}
      where ${quizAttempts.userId} = ${userId}
        and ${quizAttempts.courseId} = ${courses.id}
        and ${quizAttempts.passed}), '[]'::jsonb)`,
    paid: paidPurchaseColumn(userId, courses.id),
    recentRefunds: recentRefundsColumn(userId, since),
    owedRefund: sql<OwedRefundRow | null>`(select jsonb_build_object('purchaseId', p.id,
        'amount', p.amount, 'currency', p.currency)
      from ${manualRefunds} m join ${purchases} p on p.id = m.purchase_id
      where p.user_id = ${userId} and p.course_id = ${courses.id}
        and m.paid_at is null and m.destination is null
      order by m.created_at limit 1)`,
  };
}

/**
 * Every course the user is enrolled in, as a summary with their progress, most recent enrollment
 * first: ONE statement whatever the number of courses, and the content stays in the database (the
 * SQL reads only its lecture and required-quiz ids).
 */
const enrolledCourseSummaries = prepared('enrolled_course_summaries', (db) =>
  db
    .select({
      ...courseSummaryBaseColumns,
      ...perCourseStatColumns(),
      ...contentTotalColumns(),
      ...learnerProgressColumns(learner, refundsSince),
      myRating: viewerRatingColumn(learner),
      status: courses.status,
      takedownKind: courses.takedownKind,
      shape: sql<CompletionShape>`jsonb_build_object(
        'lectureIds', jsonb_path_query_array(${courses.content}, '$[*].chapterContent[*].lectureId'),
        'requiredQuizIds', jsonb_path_query_array(${courses.content},
          '$[*].quiz ? (@.required == true).quizId'))`,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(users, eq(users.id, courses.educatorId))
    .where(eq(enrollments.userId, learner))
    .orderBy(desc(enrollments.enrolledAt), asc(courses.id)),
);

export async function getEnrolledCourseSummaries(
  db: Db,
  userId: string,
): Promise<EnrolledCourseSummaryRow[]> {
  return enrolledCourseSummaries(db).execute({
    userId,
    refundsSince: refundWindowStart(new Date()).toISOString(),
  });
}

/**
 * One course the user is enrolled in, fully (every lecture URL), with their rating, review and
 * progress: what the player opens. Prepared: PostgreSQL planned this statement of a dozen
 * subqueries in 1.5 ms on every request, five times what running it took (docs/scale-explain.md).
 */
const enrolledCourse = prepared('enrolled_course', (db) =>
  db
    .select({
      ...courseSummaryBaseColumns,
      ...perCourseStatColumns(),
      ...contentTotalColumns(),
      ...learnerProgressColumns(learner, refundsSince),
      descriptionHtml: courses.descriptionHtml,
      guaranteeDays: courses.guaranteeDays,
      watermark: courses.watermark,
      content: courses.content,
      myRating: viewerRatingColumn(learner),
      myReview: sql<string | null>`(select own.review from ${ratings} own
        where own.user_id = ${learner} and own.course_id = ${courses.id})`,
      myReviewHidden: sql<{ note: string | null } | null>`(select
          case when own.hidden_at is not null then jsonb_build_object('note', own.hidden_note) end
        from ${ratings} own where own.user_id = ${learner} and own.course_id = ${courses.id})`,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(users, eq(users.id, courses.educatorId))
    .where(
      and(eq(enrollments.userId, learner), eq(enrollments.courseId, sql.placeholder('courseId'))),
    )
    .limit(1),
);

/** Undefined when the user is not enrolled in the course. */
export async function findEnrolledCourse(
  db: Db,
  userId: string,
  courseId: string,
): Promise<EnrolledCourseRow | undefined> {
  const [row] = await enrolledCourse(db).execute({
    userId,
    courseId,
    refundsSince: refundWindowStart(new Date()).toISOString(),
  });
  return row;
}

export async function courseHasLecture(
  db: Db,
  courseId: string,
  lectureId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(courses)
    .where(
      and(
        eq(courses.id, courseId),
        sql`exists (select 1 from jsonb_array_elements(${courses.content}) ch
          cross join jsonb_array_elements(ch -> 'chapterContent') l
          where l ->> 'lectureId' = ${lectureId})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function getCompletedLectureIds(
  db: Db,
  userId: string,
  courseId: string,
): Promise<string[]> {
  const rows = await db
    .select({ lectureId: lectureProgress.lectureId })
    .from(lectureProgress)
    .where(and(eq(lectureProgress.userId, userId), eq(lectureProgress.courseId, courseId)))
    .orderBy(asc(lectureProgress.completedAt), asc(lectureProgress.lectureId));
  return rows.map((r) => r.lectureId);
}

/** The lecture's declared duration in minutes (0 when it declares none), null when no such lecture. */
function lectureMinutesColumn(lectureId: string | Placeholder) {
  return sql<number | null>`(select coalesce((l ->> 'lectureDuration')::numeric, 0)
    from jsonb_array_elements(${courses.content}) ch
    cross join jsonb_array_elements(ch -> 'chapterContent') l
    where l ->> 'lectureId' = ${lectureId} limit 1)`.mapWith((v) =>
    v === null ? null : Number(v),
  );
}

export interface PositionTargetRow extends CourseAccessRow {
  /** Null when the course has no such lecture. */
  minutes: number | null;
  /**
   * The second stored for the lecture when it was saved past its start since the enrollment (what
   * the EU withdrawal rule reads as watched); null otherwise.
   */
  watchedSeconds: number | null;
}

const positionTarget = prepared('position_target', (db) => {
  const userId = sql.placeholder('userId');
  const lectureId = sql.placeholder('lectureId');
  return db
    .select({
      ...courseAccessColumns(userId),
      minutes: lectureMinutesColumn(lectureId),
      watchedSeconds: sql<number | null>`(select w.seconds from ${lecturePositions} w
        join ${enrollments} e on e.user_id = w.user_id and e.course_id = w.course_id
        where w.user_id = ${userId} and w.course_id = ${courses.id} and w.lecture_id = ${lectureId}
          and w.seconds > 0 and w.updated_at >= e.enrolled_at)`,
    })
    .from(courses)
    .where(eq(courses.id, sql.placeholder('courseId')))
    .limit(1);
});

/**
 * What a position save checks and needs, in one prepared statement (the player sends one every
 * 10 s): access, the lecture's length, and its stored row.
 */
export async function findPositionTarget(
  db: Db,
  courseId: string,
  userId: string,
  lectureId: string,
): Promise<PositionTargetRow | undefined> {
  const [row] = await positionTarget(db).execute({ courseId, userId, lectureId });
  return row;
}

const lecturePositionsOf = prepared('lecture_positions_of', (db) =>
  db
    .select({ lectureId: lecturePositions.lectureId, seconds: lecturePositions.seconds })
    .from(lecturePositions)
    .innerJoin(courses, eq(courses.id, lecturePositions.courseId))
    .where(
      and(
        eq(lecturePositions.userId, sql.placeholder('userId')),
        eq(lecturePositions.courseId, sql.placeholder('courseId')),
        sql`exists (select 1 from jsonb_array_elements(${courses.content}) ch
          cross join jsonb_array_elements(ch -> 'chapterContent') l
          where l ->> 'lectureId' = ${lecturePositions.lectureId})`,
      ),
    )
    .orderBy(desc(lecturePositions.updatedAt), asc(lecturePositions.lectureId)),
);

/**
 * The positions saved on the lectures the course still has, newest first: the first is where the
 * learner resumes, each the second its lecture reopens at.
 */
export async function getLecturePositions(
  db: Db,
  userId: string,
  courseId: string,
): Promise<{ lectureId: string; seconds: number }[]> {
  return lecturePositionsOf(db).execute({ userId, courseId });
}

/**
 * Makes the lecture the newest position of its course, at `seconds`; with null (the video never
 * said where it was) at the second it was left last, or its start. Answers the second stored.
 */
export async function saveLecturePosition(
  db: Db,
  position: { userId: string; courseId: string; lectureId: string; seconds: number | null },
): Promise<number> {
  const [row] = await db
    .insert(lecturePositions)
    .values({ ...position, seconds: position.seconds ?? 0 })
    .onConflictDoUpdate({
      target: [lecturePositions.userId, lecturePositions.courseId, lecturePositions.lectureId],
      set: {
        seconds: position.seconds ?? sql`${lecturePositions.seconds}`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ seconds: lecturePositions.seconds });
  return row!.seconds;
}

/** Un-marking a lecture that was never completed changes nothing. */
export async function unmarkLectureCompleted(
  db: Db,
  userId: string,
  courseId: string,
  lectureId: string,
): Promise<void> {
  await db
    .delete(lectureProgress)
    .where(
      and(
        eq(lectureProgress.userId, userId),
        eq(lectureProgress.courseId, courseId),
        eq(lectureProgress.lectureId, lectureId),
      ),
    );
}

/** Marking a lecture twice keeps the first completion time and one row. */
export async function markLectureCompleted(
  db: Db,
  userId: string,
  courseId: string,
  lectureId: string,
): Promise<void> {
  await db.insert(lectureProgress).values({ userId, courseId, lectureId }).onConflictDoNothing();
}

/**
 * A user's rating replaces their previous one for the course. `review` undefined leaves the written
 * review as it was; null removes it.
 */
export async function upsertRating(
  db: Db,
  userId: string,
  courseId: string,
  rating: number,
  review?: string | null,
): Promise<void> {
  await db
    .insert(ratings)
    .values({ userId, courseId, rating, review: review ?? null })
    // A review moderation hid stays hidden when its text changes, or rewriting it would undo the
    // decision; an admin shows it again from the console.
    .onConflictDoUpdate({
      target: [ratings.userId, ratings.courseId],
      set:
        review === undefined
          ? { rating, updatedAt: sql`now()` }
          : { rating, review, updatedAt: sql`now()` },
    });
}
