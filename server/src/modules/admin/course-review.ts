import { and, desc, eq, sql } from 'drizzle-orm';
import type { NotificationKind } from '@aprendiz/contract/notifications';
import type { AdminReviewCourse, RequestChangesBody, TakedownBody } from '@aprendiz/contract/staff';
import type { CourseStatus, TakedownKind } from '@aprendiz/contract/rules/course-status';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { users } from '../../db/schema/users';
import { conflict, notFound } from '../../http/errors';
import type { JobQueue } from '../jobs/job-queue';
import { courseReviewMail, type CourseReviewDecision } from '../mail/mail-templates';
import { notify, withdrawNotice } from '../notifications/notifications.service';
import { appendAudit } from './audit.repository';
import type { Actor } from './staff.repository';

export const COURSE_NOT_FOUND = 'Curso não encontrado';
export const NOT_IN_REVIEW = 'Este curso não está esperando revisão';
export const NOT_IN_CATALOGUE = 'Só um curso publicado pode ser retirado';
export const COURSE_REVIEW_MAIL_JOB = 'mail-course-review';

interface CourseReviewMailJob {
  courseId: string;
  decision: CourseReviewDecision;
  checklist: string[];
  note: string | null;
  /** Only for a takedown; absent in jobs queued before takedowns had kinds. */
  takedownKind?: TakedownKind;
}

const DECISION_NOTICES: Record<CourseReviewDecision, NotificationKind> = {
  approved: 'course_approved',
  changes_requested: 'course_changes_requested',
  taken_down: 'course_taken_down',
};

type ReviewDeps = Pick<
  AppDeps,
  'database' | 'jobs' | 'catalogueCache' | 'config' | 'mailer' | 'logger'
>;

/** Courses sent to review, the longest waiting first. */
export async function listCoursesInReview(db: Db): Promise<AdminReviewCourse[]> {
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      educatorId: courses.educatorId,
      educatorName: users.name,
      educatorEmail: users.email,
      price: courses.price,
      discount: courses.discount,
      status: courses.status,
      lectureCount: sql<number>`(select count(*)::int from jsonb_array_elements(${courses.content}) c, jsonb_array_elements(c->'chapterContent') l)`,
      createdAt: courses.createdAt,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.educatorId))
    .where(eq(courses.status, 'in_review'))
    .orderBy(courses.createdAt)
    .limit(200);
  return rows.map((r) => ({
    _id: r.id,
    courseTitle: r.title,
    educatorId: r.educatorId,
    educatorName: r.educatorName,
    educatorEmail: r.educatorEmail,
    coursePrice: Number(r.price),
    discount: r.discount,
    status: r.status,
    lectureCount: Number(r.lectureCount),
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Moves a course from `from` to `to`, with its audit row, the educator's notification and mail job,
 * in one transaction; the catalogue forgets what it showed.
 */
async function decide(
  deps: ReviewDeps,
  actor: Actor,
  courseId: string,
  change: {
    from: CourseStatus;
    to: CourseStatus;
    refusal: string;
    decision: CourseReviewDecision;
    checklist?: readonly string[];
    note?: string | null;
    takedownKind?: TakedownKind;
  },
): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const [course] = await tx
      .select({ id: courses.id, status: courses.status, educatorId: courses.educatorId })
      .from(courses)
      .where(eq(courses.id, courseId))
      .for('update')
      .limit(1);
    if (!course) throw notFound(COURSE_NOT_FOUND);
    if (course.status !== change.from) throw conflict(change.refusal);
    await tx
      .update(courses)
      .set({ status: change.to, takedownKind: change.takedownKind ?? null })
      .where(and(eq(courses.id, courseId), eq(courses.status, change.from)));
    await appendAudit(tx, {
      actorId: actor.id,
      action: `course.${change.decision}`,
      targetType: 'course',
      targetId: courseId,
      before: { status: change.from },
      after: {
        status: change.to,
        ...(change.takedownKind ? { kind: change.takedownKind } : {}),
        ...(change.checklist?.length ? { checklist: change.checklist } : {}),
        ...(change.note ? { note: change.note } : {}),
      },
      address: actor.address,
    });
    // A course decided again (changes asked twice) is notified anew, not swallowed by the first.
    const notice = {
      userId: course.educatorId,
      kind: DECISION_NOTICES[change.decision],
      subjectId: courseId,
    };
    await withdrawNotice(tx, notice);
    await notify(deps.jobs, tx, { ...notice, ...(change.note ? { note: change.note } : {}) });
    const job: CourseReviewMailJob = {
      courseId,
      decision: change.decision,
      checklist: [...(change.checklist ?? [])],
      note: change.note ?? null,
      ...(change.takedownKind ? { takedownKind: change.takedownKind } : {}),
    };
    await deps.jobs.send(
      tx,
      COURSE_REVIEW_MAIL_JOB,
      job,
      `course-review:${courseId}:${Date.now()}`,
    );
  });
  deps.catalogueCache.invalidate();
}

export function approveCourse(deps: ReviewDeps, actor: Actor, courseId: string) {
  return decide(deps, actor, courseId, {
    from: 'in_review',
    to: 'published',
    refusal: NOT_IN_REVIEW,
    decision: 'approved',
  });
}

export function requestCourseChanges(
  deps: ReviewDeps,
  actor: Actor,
  courseId: string,
  body: RequestChangesBody,
) {
  return decide(deps, actor, courseId, {
    from: 'in_review',
    to: 'changes_requested',
    refusal: NOT_IN_REVIEW,
    decision: 'changes_requested',
    checklist: body.checklist,
    note: body.note,
  });
}

/**
 * Out of the catalogue by the platform, and its educator cannot republish; its learners keep access
 * unless the takedown is for a rights claim.
 */
export function takeDownCourse(
  deps: ReviewDeps,
  actor: Actor,
  courseId: string,
  body: TakedownBody,
) {
  return decide(deps, actor, courseId, {
    from: 'published',
    to: 'taken_down',
    refusal: NOT_IN_CATALOGUE,
    decision: 'taken_down',
    note: body.reason,
    takedownKind: body.kind,
  });
}

/** The educator's mail, written from the course's current row when the job runs. */
export function registerCourseReviewMailJobs(jobs: JobQueue, deps: ReviewDeps): void {
  jobs.work<CourseReviewMailJob>(COURSE_REVIEW_MAIL_JOB, async (job) => {
    const [row] = await deps.database.db
      .select({ title: courses.title, name: users.name, email: users.email })
      .from(courses)
      .innerJoin(users, eq(users.id, courses.educatorId))
      .where(eq(courses.id, job.courseId))
      .orderBy(desc(courses.createdAt))
      .limit(1);
    if (!row) return;
    await deps.mailer.send({
      to: row.email,
      ...courseReviewMail({
        name: row.name,
        courseTitle: row.title,
        decision: job.decision,
        checklist: job.checklist,
        note: job.note,
        learnersKeepAccess: job.takedownKind !== 'rights_claim',
        link: `${deps.config.publicUrl}/educator/my-courses`,
      }),
    });
  });
}
