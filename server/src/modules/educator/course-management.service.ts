import { GUARANTEE_DAYS_DEFAULT } from '@aprendiz/contract/rules/guarantee';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  addCourseDataSchema,
  DISCOUNT_ENDS_PAST,
  updateCourseDataSchema,
  type EducatorCourseDetail,
} from '@aprendiz/contract/educator';
import { canUnpublish, type CourseStatus } from '@aprendiz/contract/rules/course-status';
import { normaliseCourseContent } from '@aprendiz/contract/rules/lectures';
import { draftChapterQuizzes, withQuizSummaries } from '@aprendiz/contract/rules/quiz-content';
import {
  keptAsDraftMessage,
  publishingProblems,
  publishRefusal,
} from '@aprendiz/contract/rules/publishing';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../db/schema/users';
import { badRequest, conflict, notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { assertCourseId, COURSE_NOT_FOUND } from '../courses/courses.service';
import {
  changeOwnCourseStatus,
  deleteOwnCourse,
  findOwnCourse,
  insertCourse,
  thumbnailInUse,
  updateOwnCourse,
  type NewCourse,
  type OwnCourseRow,
} from './course-management.repository';
import { findCourseQuizzes, type CurrentQuiz } from '../quizzes/quizzes.repository';
import { sanitizeDescription } from './sanitize-description';
import { toThumbnailWebp } from './thumbnail-image';
import { releaseDroppedVideos, withLectureVideos } from '../videos/lecture-videos';

export const THUMBNAIL_NOT_SELECTED = 'Thumbnail Not Selected';
export const COURSE_ADDED = 'Curso adicionado com sucesso';
export const DRAFT_SAVED = 'Rascunho salvo';
export const COURSE_UPDATED = 'Curso atualizado com sucesso';
export const COURSE_PUBLISHED = 'Curso publicado';
export const COURSE_SENT_TO_REVIEW =
  'Curso enviado para revisão: ele entra no catálogo assim que for aprovado';
export const COURSE_BACK_TO_REVIEW =
  'Curso atualizado. Como o título, a descrição ou o preço mudou, ele voltou para revisão e sai do catálogo até ser aprovado';
export const COURSE_TAKEN_DOWN =
  'Este curso foi retirado pela plataforma: fale com o suporte para publicá-lo de novo';
export const COURSE_UNPUBLISHED =
  'Curso despublicado: saiu do catálogo, e os alunos inscritos mantêm o acesso';
export const COURSE_DELETED = 'Curso excluído';
export const CHECKOUT_OPEN =
  'Um aluno está pagando este curso neste momento. Tente excluir de novo daqui a pouco.';
export const DRAFT_NOT_PUBLISHED = 'Um rascunho ainda não está publicado: não há o que despublicar';
export const COURSE_HAS_STUDENTS =
  'Não é possível excluir um curso com alunos inscritos. Despublique-o para o retirar do catálogo.';

export const COURSE_HAS_SALES =
  'Este curso já foi vendido, e as vendas (mesmo as reembolsadas) ficam registradas: não é possível excluí-lo. Despublique-o para o retirar do catálogo.';

type ManageDeps = Pick<
  AppDeps,
  'database' | 'catalogueCache' | 'thumbnails' | 'logger' | 'jobs' | 'config'
>;

export interface AddCourseForm {
  /** The multipart `courseData` field: JSON text. */
  courseData: unknown;
  image: Buffer | undefined;
}

/** The multipart courseData field, JSON text, read with the given contract schema. */
export function parseCourseData<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  if (typeof raw !== 'string' || raw.trim() === '')
    throw badRequest('Faltam os dados do curso (courseData)');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw badRequest('Os dados do curso (courseData) não são JSON válido');
  }
  return parseInput(schema, json);
}

/**
 * When the discount ends: cleared with the discount; left as stored when an edit does not say
 * (the spec's form has no such field); refused when it has already passed.
 */
function discountEnd(
  data: z.infer<typeof updateCourseDataSchema>,
  now: Date,
): Date | null | undefined {
  if (data.discount === 0) return null;
  if (data.discountEndsAt === undefined || data.discountEndsAt === null) return data.discountEndsAt;
  const endsAt = new Date(data.discountEndsAt);
  if (endsAt <= now) throw badRequest(DISCOUNT_ENDS_PAST);
  return endsAt;
}

/** The one mapping from the course form to the row's editable columns, for add and edit alike. */
function courseColumns(data: z.infer<typeof updateCourseDataSchema>): Omit<
  NewCourse,
  'educatorId' | 'thumbnailUrl' | 'status' | 'guaranteeDays'
> & {
  guaranteeDays: number | undefined;
} {
  const chapters = normaliseCourseContent(data.courseContent, randomUUID);
  // The quizzes' answers live apart from the content, which keeps only their summaries.
  const quizzes = draftChapterQuizzes(data.courseContent, chapters, randomUUID);
  return {
    title: data.courseTitle,
    descriptionHtml: sanitizeDescription(data.courseDescription),
    price: data.coursePrice.toFixed(2),
    discount: data.discount,
    discountEndsAt: discountEnd(data, new Date()),
    guaranteeDays: data.guaranteeDays,
    watermark: data.watermark,
    content: withQuizSummaries(chapters, quizzes),
    quizzes,
    category: data.category ?? null,
    level: data.level ?? null,
  };
}

/**
 * Validates everything before anything is stored, stores the thumbnail, then the course; a failed
 * insert takes the thumbnail back so no orphan file or asset is left behind.
 */
export async function addCourse(
  deps: ManageDeps,
  educator: UserRow,
  form: AddCourseForm,
): Promise<{ courseId: string; status: CourseStatus; message: string }> {
  const data = parseCourseData(addCourseDataSchema, form.courseData);
  if (!form.image) throw badRequest(THUMBNAIL_NOT_SELECTED);
  const webp = await toThumbnailWebp(form.image);
  const columns = await withLectureVideos(deps.database.db, educator.id, courseColumns(data));
  // One rule for publishing, whether from ADD or from a draft: what cannot be published is kept
  // as a draft, and the answer says why.
  const problems = data.status === 'published' ? publishingProblems(columns.content) : [];
  const asked: CourseStatus = problems.length > 0 ? 'draft' : data.status;
  // With course review on, what would be published waits for a reviewer instead.
  const status: CourseStatus =
    asked === 'published' && deps.config.courseReview ? 'in_review' : asked;
  const message =
    problems.length > 0
      ? keptAsDraftMessage(problems)
      : status === 'draft'
        ? DRAFT_SAVED
        : status === 'in_review'
          ? COURSE_SENT_TO_REVIEW
          : COURSE_ADDED;
  const course = {
    educatorId: educator.id,
    ...columns,
    guaranteeDays: columns.guaranteeDays ?? GUARANTEE_DAYS_DEFAULT,
    status,
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
  return { courseId, status, message };
}

function toEducatorCourseDetail(row: OwnCourseRow, quizzes: CurrentQuiz[]): EducatorCourseDetail {
  const byChapter = new Map(quizzes.map((current) => [current.quiz.chapterId, current]));
  return {
    _id: row.id,
    courseTitle: row.title,
    courseDescription: row.descriptionHtml,
    courseThumbnail: row.thumbnailUrl,
    coursePrice: Number(row.price),
    discount: row.discount,
    discountEndsAt: row.discountEndsAt?.toISOString() ?? null,
    guaranteeDays: row.guaranteeDays,
    watermark: row.watermark,
    courseContent: row.content.map((chapter) => {
      const current = byChapter.get(chapter.chapterId);
      if (!current) return { ...chapter, quiz: undefined };
      const { quiz, questions } = current;
      return {
        ...chapter,
        quiz: {
          quizId: quiz.quizId,
          title: quiz.title,
          passPercent: quiz.passPercent,
          maxAttempts: quiz.maxAttempts,
          required: quiz.required,
          version: quiz.version,
          questionCount: questions.length,
          questions,
        },
      };
    }),
    category: row.category,
    level: row.level,
    status: row.status,
    studentCount: row.studentCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Another educator's course answers exactly like a course that does not exist. */
function ownOrNotFound<T>(found: T | null): T {
  if (found === null) throw notFound(COURSE_NOT_FOUND);
  return found;
}

export async function getOwnCourse(
  deps: ManageDeps,
  educator: UserRow,
  courseId: string,
): Promise<EducatorCourseDetail> {
  assertCourseId(courseId);
  const row = ownOrNotFound(await findOwnCourse(deps.database.db, courseId, educator.id));
  return toEducatorCourseDetail(row, await findCourseQuizzes(deps.database.db, row.id));
}

/** Takes back an image no course shows any more; a failure only leaves a file behind, so it is logged. */
async function removeThumbnail(deps: ManageDeps, url: string): Promise<void> {
  try {
    if (await thumbnailInUse(deps.database.db, url)) return;
    await deps.thumbnails.remove(url);
  } catch (err) {
    deps.logger.error({ err, url }, 'thumbnail of a changed or deleted course left behind');
  }
}

/**
 * Replaces what the educator edits, keeping the status. Lecture ids sent back are kept, so
 * learners keep their progress; completions of lectures the edit removed are forgotten. The image
 * is optional: without one the thumbnail stays.
 */
export async function updateCourse(
  deps: ManageDeps,
  educator: UserRow,
  courseId: string,
  form: AddCourseForm,
): Promise<CourseStatus> {
  assertCourseId(courseId);
  const data = parseCourseData(updateCourseDataSchema, form.courseData);
  // Checked before the image is decoded and stored: nothing is written for someone else's course.
  const current = ownOrNotFound(await findOwnCourse(deps.database.db, courseId, educator.id));
  const webp = form.image ? await toThumbnailWebp(form.image) : undefined;
  const thumbnail = webp ? await deps.thumbnails.save(webp) : undefined;
  let before: OwnCourseRow | null;
  try {
    before = await updateOwnCourse(deps.database.db, courseId, educator.id, {
      ...(await withLectureVideos(deps.database.db, educator.id, courseColumns(data))),
      ...(thumbnail ? { thumbnailUrl: thumbnail.url } : {}),
    });
  } catch (err) {
    await thumbnail?.remove().catch((removeErr: unknown) => {
      deps.logger.error({ err: removeErr }, 'orphan thumbnail left after a failed edit');
    });
    throw err;
  }
  if (!before) {
    // Deleted between the look-up and the edit.
    await thumbnail?.remove();
    throw notFound(COURSE_NOT_FOUND);
  }
  deps.catalogueCache.invalidate();
  await releaseDroppedVideos(deps, educator.id, before.content, data.courseContent);
  if (thumbnail && before.thumbnailUrl !== thumbnail.url) {
    await removeThumbnail(deps, before.thumbnailUrl);
  }
  if (
    deps.config.courseReview &&
    before.status === 'published' &&
    reviewedFieldsChanged(before, data)
  ) {
    const changed = await changeOwnCourseStatus(
      deps.database.db,
      courseId,
      educator.id,
      (course) => (course.status === 'published' ? 'in_review' : course.status),
    );
    deps.catalogueCache.invalidate();
    return changed?.status ?? current.status;
  }
  return current.status;
}

/** What a reviewer approved and a buyer relies on: a change sends the course back to review. */
function reviewedFieldsChanged(
  before: OwnCourseRow,
  data: z.infer<typeof updateCourseDataSchema>,
): boolean {
  return (
    before.title !== data.courseTitle ||
    before.descriptionHtml !== sanitizeDescription(data.courseDescription) ||
    Number(before.price) !== Number(data.coursePrice.toFixed(2)) ||
    before.discount !== data.discount
  );
}

/** Publishing checks what a learner needs from the stored content and names every problem. */
export async function publishCourse(
  deps: ManageDeps,
  educator: UserRow,
  courseId: string,
): Promise<CourseStatus> {
  assertCourseId(courseId);
  const changed = ownOrNotFound(
    await changeOwnCourseStatus(deps.database.db, courseId, educator.id, (course) => {
      if (course.status === 'taken_down') throw conflict(COURSE_TAKEN_DOWN);
      // Already in the catalogue or waiting for a reviewer: nothing to send.
      if (
        deps.config.courseReview &&
        (course.status === 'published' || course.status === 'in_review')
      )
        return course.status;
      const problems = publishingProblems(course.content);
      if (problems.length > 0) throw badRequest(publishRefusal(problems));
      return deps.config.courseReview ? 'in_review' : 'published';
    }),
  );
  deps.catalogueCache.invalidate();
  return changed.status;
}

export async function unpublishCourse(
  deps: ManageDeps,
  educator: UserRow,
  courseId: string,
): Promise<CourseStatus> {
  assertCourseId(courseId);
  const changed = ownOrNotFound(
    await changeOwnCourseStatus(deps.database.db, courseId, educator.id, (course) => {
      if (course.status === 'draft') throw conflict(DRAFT_NOT_PUBLISHED);
      return canUnpublish(course.status) ? 'unpublished' : course.status;
    }),
  );
  deps.catalogueCache.invalidate();
  return changed.status;
}

/**
 * Only a course nobody is enrolled in and nobody paid for may go; its thumbnail and the uploaded
 * videos no other course of the educator names go with it.
 */
export async function deleteCourse(
  deps: ManageDeps,
  educator: UserRow,
  courseId: string,
): Promise<void> {
  assertCourseId(courseId);
  const result = await deleteOwnCourse(deps.database.db, courseId, educator.id);
  if (result.outcome === 'notFound') throw notFound(COURSE_NOT_FOUND);
  if (result.outcome === 'enrolled') throw conflict(COURSE_HAS_STUDENTS);
  if (result.outcome === 'checkoutOpen') throw conflict(CHECKOUT_OPEN);
  if (result.outcome === 'sold') throw conflict(COURSE_HAS_SALES);
  if (result.outcome === 'awaitingPayment')
    throw conflict(
      'Este curso tem um pagamento aguardando confirmação: você poderá excluí-lo quando ele terminar',
    );
  deps.catalogueCache.invalidate();
  await releaseDroppedVideos(deps, educator.id, result.content, []);
  await removeThumbnail(deps, result.thumbnailUrl);
}
