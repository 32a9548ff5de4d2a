import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Chapter } from '@aprendiz/contract/courses';
import type { CourseCategory, CourseLevel } from '@aprendiz/contract/catalogue';
import type { PurchaseStatus } from '@aprendiz/contract/payments';
import type { CourseStatus } from '@aprendiz/contract/rules/course-status';
import type { QuizDraft } from '@aprendiz/contract/rules/quiz-content';
import type { Db } from '../../db/client';
import { saveCourseQuizzes } from '../quizzes/quizzes.repository';
import { courses } from '../../db/schema/courses';
import { enrollments } from '../../db/schema/enrollments';
import { ledgerEntries } from '../../db/schema/ledger';
import { lectureProgress } from '../../db/schema/lecture-progress';
import { purchases } from '../../db/schema/purchases';

export interface NewCourse {
  educatorId: string;
  title: string;
  descriptionHtml: string;
  thumbnailUrl: string;
  /** numeric(10,2) as text, so no float rounding reaches the column. */
  price: string;
  discount: number;
  /** When the discount ends; undefined on an edit leaves the stored one. */
  discountEndsAt?: Date | null;
  guaranteeDays: number;
  /** Undefined on an add leaves the column's default (off); on an edit, the stored choice. */
  watermark?: boolean;
  content: Chapter[];
  /** The chapters' quizzes in full; content holds only their summaries. */
  quizzes: QuizDraft[];
  category: CourseCategory | null;
  level: CourseLevel | null;
  status: CourseStatus;
}

export async function insertCourse(db: Db, course: NewCourse): Promise<{ id: string }> {
  const { quizzes, ...row } = course;
  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(courses).values(row).returning({ id: courses.id });
    await saveCourseQuizzes(tx, inserted!.id, quizzes);
    return inserted!;
  });
}

/** One of the educator's own courses, whole: what the edit page and the status changes read. */
export type OwnCourseRow = Omit<NewCourse, 'educatorId' | 'quizzes' | 'watermark'> & {
  id: string;
  watermark: boolean;
  studentCount: number;
  createdAt: Date;
};

const ownCourseColumns = {
  id: courses.id,
  title: courses.title,
  descriptionHtml: courses.descriptionHtml,
  thumbnailUrl: courses.thumbnailUrl,
  price: courses.price,
  discount: courses.discount,
  discountEndsAt: courses.discountEndsAt,
  guaranteeDays: courses.guaranteeDays,
  watermark: courses.watermark,
  content: courses.content,
  category: courses.category,
  level: courses.level,
  status: courses.status,
  studentCount: courses.studentCount,
  createdAt: courses.createdAt,
};

const ownedBy = (courseId: string, educatorId: string) =>
  and(eq(courses.id, courseId), eq(courses.educatorId, educatorId));

/** Null for an unknown course and for another educator's: neither is this educator's to see. */
export async function findOwnCourse(
  db: Db,
  courseId: string,
  educatorId: string,
): Promise<OwnCourseRow | null> {
  const [row] = await db
    .select(ownCourseColumns)
    .from(courses)
    .where(ownedBy(courseId, educatorId))
    .limit(1);
  return row ?? null;
}

export interface CourseEdit {
  title: string;
  descriptionHtml: string;
  price: string;
  discount: number;
  /** Left as it is when the form did not send one. */
  guaranteeDays?: number;
  /** Left as it is when the form did not send one. */
  watermark?: boolean;
  content: Chapter[];
  /** The chapters' quizzes in full; content holds only their summaries. */
  quizzes: QuizDraft[];
  category: CourseCategory | null;
  level: CourseLevel | null;
  /** Set only when a new thumbnail was sent. */
  thumbnailUrl?: string;
}

/**
 * Stores an edit and, in the same transaction, forgets the learners' completions of lectures the
 * edit removed: a percent is completed lectures over lectures, so a completion of a lecture that no
 * longer exists would count towards it. Lectures that stay keep their ids and their completions.
 * Answers the row as it was before the edit (its old thumbnail), or null when not the educator's.
 */
export async function updateOwnCourse(
  db: Db,
  courseId: string,
  educatorId: string,
  edit: CourseEdit,
): Promise<OwnCourseRow | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(ownCourseColumns)
      .from(courses)
      .where(ownedBy(courseId, educatorId))
      .for('update');
    if (!before) return null;
    const { quizzes, ...columns } = edit;
    await tx.update(courses).set(columns).where(eq(courses.id, courseId));
    await saveCourseQuizzes(tx, courseId, quizzes);
    const kept = edit.content.flatMap((chapter) => chapter.chapterContent.map((l) => l.lectureId));
    await tx
      .delete(lectureProgress)
      .where(
        kept.length === 0
          ? eq(lectureProgress.courseId, courseId)
          : and(
              eq(lectureProgress.courseId, courseId),
              notInArray(lectureProgress.lectureId, kept),
            ),
      );
    return before;
  });
}

/**
 * Moves the course to `status` when it is in one of `from`; answers the status it has afterwards,
 * or null when the course is not the educator's. The row lock makes a check-then-change atomic.
 */
export async function changeOwnCourseStatus(
  db: Db,
  courseId: string,
  educatorId: string,
  decide: (course: OwnCourseRow) => CourseStatus,
): Promise<{ before: OwnCourseRow; status: CourseStatus } | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(ownCourseColumns)
      .from(courses)
      .where(ownedBy(courseId, educatorId))
      .for('update');
    if (!before) return null;
    const status = decide(before);
    if (status !== before.status) {
      await tx.update(courses).set({ status }).where(eq(courses.id, courseId));
    }
    return { before, status };
  });
}

/** Checkouts that took no money: they go with a deleted course. */
const UNFINISHED_CHECKOUT_STATUSES: PurchaseStatus[] = ['pending', 'failed', 'expired'];

export type DeleteOutcome =
  | { outcome: 'deleted'; thumbnailUrl: string; content: Chapter[] }
  | { outcome: 'enrolled' }
  | { outcome: 'checkoutOpen' }
  | { outcome: 'awaitingPayment' }
  | { outcome: 'sold' }
  | { outcome: 'notFound' };

/**
 * Deletes a course nobody is enrolled in and nobody ever paid for, with its unfinished checkouts.
 * The row lock stops an enrollment or a purchase from slipping in between the check and the
 * delete: inserting one must lock the same course row.
 */
export async function deleteOwnCourse(
  db: Db,
  courseId: string,
  educatorId: string,
): Promise<DeleteOutcome> {
  return db.transaction(async (tx) => {
    const [course] = await tx
      .select({ id: courses.id, thumbnailUrl: courses.thumbnailUrl, content: courses.content })
      .from(courses)
      .where(ownedBy(courseId, educatorId))
      .for('update');
    if (!course) return { outcome: 'notFound' };
    const [enrolled] = await tx
      .select({ found: sql<number>`1` })
      .from(enrollments)
      .where(eq(enrollments.courseId, courseId))
      .limit(1);
    if (enrolled) return { outcome: 'enrolled' };
    // A Stripe checkout opened after the open ones were expired could still take money.
    const [open] = await tx
      .select({ found: sql<number>`1` })
      .from(purchases)
      .where(
        and(
          eq(purchases.courseId, courseId),
          eq(purchases.status, 'pending'),
          eq(purchases.provider, 'stripe'),
          sql`${purchases.createdAt} > now() - interval '24 hours'`,
        ),
      )
      .limit(1);
    if (open) return { outcome: 'checkoutOpen' };
    // A voucher still awaiting its money may yet be paid: the course waits for it to settle.
    const [awaiting] = await tx
      .select({ found: sql<number>`1` })
      .from(purchases)
      .where(and(eq(purchases.courseId, courseId), eq(purchases.status, 'awaiting_payment')))
      .limit(1);
    if (awaiting) return { outcome: 'awaitingPayment' };
    // A sale, even refunded, is a money record the ledger and the buyer's history keep: its rows
    // hold the course (their foreign keys refuse the delete), and a ledger entry outlives a deleted
    // buyer's purchase, so both are asked.
    const [sold] = await tx
      .select({ found: sql<number>`1` })
      .from(purchases)
      .where(
        and(
          eq(purchases.courseId, courseId),
          notInArray(purchases.status, UNFINISHED_CHECKOUT_STATUSES),
        ),
      )
      .limit(1);
    const [booked] = await tx
      .select({ found: sql<number>`1` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.courseId, courseId))
      .limit(1);
    if (sold || booked) return { outcome: 'sold' };
    await tx
      .delete(purchases)
      .where(
        and(
          eq(purchases.courseId, courseId),
          inArray(purchases.status, UNFINISHED_CHECKOUT_STATUSES),
        ),
      );
    await tx.delete(courses).where(eq(courses.id, courseId));
    return { outcome: 'deleted', thumbnailUrl: course.thumbnailUrl, content: course.content };
  });
}

/** Whether a course still shows this image: an image may be shared (tests and imports reuse one). */
export async function thumbnailInUse(db: Db, thumbnailUrl: string): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(courses)
    .where(eq(courses.thumbnailUrl, thumbnailUrl))
    .limit(1);
  return !!row;
}
