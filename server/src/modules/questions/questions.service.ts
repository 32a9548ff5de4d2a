import type {
  Answer,
  AskQuestionBody,
  DismissReportsBody,
  EditQuestionBody,
  EducatorQuestion,
  QuestionDetail,
  QuestionListQuery,
  QuestionSummary,
  ReportedPost,
} from '@aprendiz/contract/questions';
import {
  QUESTIONS_PAGE_SIZE,
  REPORT_REASONS_LISTED,
  REPORTS_PAGE_SIZE,
  withinEditWindow,
} from '@aprendiz/contract/rules/questions';
import { searchWords } from '@aprendiz/contract/rules/search-words';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../db/schema/users';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { requireCourse } from '../courses/course-access';
import { assertCourseId } from '../courses/courses.service';
import { courseHasLecture } from '../learning/learning.repository';
import { NOT_ENROLLED } from '../learning/learning.service';
import { notify, withdrawNotice } from '../notifications/notifications.service';
import {
  addUpvote,
  deleteAnswer,
  deleteQuestion,
  deleteReports,
  findAnswer,
  findQuestion,
  hasAnswers,
  hideAnswerRow,
  hideQuestionRow,
  insertAnswer,
  insertQuestion,
  insertReport,
  listAnswers,
  listQuestions,
  listReportedForEducator,
  listUnansweredForEducator,
  setAcceptedAnswer,
  unhideAnswerRow,
  unhideQuestionRow,
  updateAnswer,
  updateQuestion,
  type AnswerListRow,
  type EducatorQuestionRow,
  type QuestionListRow,
  type Viewer,
} from './questions.repository';

type QuestionDeps = Pick<AppDeps, 'database' | 'jobs'>;

export const QUESTION_NOT_FOUND = 'Pergunta não encontrada';
export const ANSWER_NOT_FOUND = 'Resposta não encontrada';
export const LECTURE_NOT_IN_COURSE = 'Esta aula não pertence ao curso';
export const EDIT_WINDOW_OVER = 'Só é possível alterar ou apagar nos primeiros 30 minutos';
export const NOT_THE_AUTHOR = 'Só o autor pode alterar ou apagar o que escreveu';
export const ONLY_EDUCATOR = 'Só o educador do curso pode ocultar publicações';
export const ONLY_ASKER_OR_EDUCATOR =
  'Só quem perguntou ou o educador do curso pode aceitar uma resposta';
export const QUESTION_HAS_ANSWERS = 'Esta pergunta já tem respostas e não pode ser apagada';
export const ALREADY_HIDDEN = 'Esta publicação já está oculta';
export const ONLY_EDUCATOR_SHOWS = 'Só o educador do curso pode mostrar uma publicação oculta';
export const NOT_HIDDEN = 'Esta publicação não está oculta';
export const ONLY_EDUCATOR_DISMISSES = 'Só o educador do curso pode dispensar denúncias';
export const NOTHING_TO_DISMISS = 'Esta publicação não tem denúncias para dispensar';

/**
 * Questions are for the people of a course: its enrolled learners and its educator. An unknown
 * (or, for outsiders, unpublished) course is 404; anyone else is refused.
 */
async function requireParticipant(deps: QuestionDeps, user: UserRow, courseId: string) {
  assertCourseId(courseId);
  const course = await requireCourse(deps.database.db, user, courseId);
  const isEducator = course.educatorId === user.id;
  if (!course.enrolled && !isEducator) throw forbidden(NOT_ENROLLED);
  return { course, viewer: { userId: user.id, isEducator } satisfies Viewer };
}

async function requireLecture(deps: QuestionDeps, courseId: string, lectureId: string) {
  if (!(await courseHasLecture(deps.database.db, courseId, lectureId))) {
    throw badRequest(LECTURE_NOT_IN_COURSE);
  }
}

/** A hidden post is shown only to its author and the educator, with the note; to others it is gone. */
function canSee(viewer: Viewer, row: { hiddenAt: Date | null; authorId: string }): boolean {
  return row.hiddenAt === null || viewer.isEducator || row.authorId === viewer.userId;
}

function toSummary(row: QuestionListRow): QuestionSummary {
  return {
    _id: row.id,
    courseId: row.courseId,
    lectureId: row.lectureId,
    title: row.title,
    body: row.body,
    author: { _id: row.authorId, name: row.authorName, imageUrl: row.authorImageUrl },
    authorIsEducator: row.authorId === row.educatorId,
    authorEducatorTitle: row.authorId === row.educatorId ? row.authorEducatorTitle : null,
    upvotes: row.upvotes,
    upvoted: row.upvoted,
    answerCount: row.answerCount,
    accepted: row.acceptedAnswerId !== null,
    hidden: row.hiddenAt !== null,
    hiddenNote: row.hiddenNote,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAnswer(row: AnswerListRow, educatorId: string, acceptedId: string | null): Answer {
  return {
    _id: row.id,
    questionId: row.questionId,
    body: row.body,
    author: { _id: row.authorId, name: row.authorName, imageUrl: row.authorImageUrl },
    authorIsEducator: row.authorId === educatorId,
    authorEducatorTitle: row.authorId === educatorId ? row.authorEducatorTitle : null,
    accepted: row.id === acceptedId,
    hidden: row.hiddenAt !== null,
    hiddenNote: row.hiddenNote,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listCourseQuestions(
  deps: QuestionDeps,
  user: UserRow,
  courseId: string,
  query: QuestionListQuery,
) {
  const { course, viewer } = await requireParticipant(deps, user, courseId);
  if (query.lectureId !== undefined) await requireLecture(deps, course.id, query.lectureId);
  const { words } = searchWords(query.q ?? '');
  const { rows, total } = await listQuestions(deps.database.db, {
    courseId: course.id,
    lectureId: query.lectureId,
    sort: query.sort,
    words,
    viewer,
    offset: (query.page - 1) * QUESTIONS_PAGE_SIZE,
    limit: QUESTIONS_PAGE_SIZE,
  });
  return { questions: rows.map(toSummary), total, page: query.page, pageSize: QUESTIONS_PAGE_SIZE };
}

export async function askQuestion(
  deps: QuestionDeps,
  user: UserRow,
  courseId: string,
  input: AskQuestionBody,
): Promise<QuestionSummary> {
  const { course } = await requireParticipant(deps, user, courseId);
  await requireLecture(deps, course.id, input.lectureId);
  const questionId = await deps.database.db.transaction(async (tx) => {
    const id = await insertQuestion(tx, {
      courseId: course.id,
      lectureId: input.lectureId,
      authorId: user.id,
      title: input.title,
      body: input.body,
    });
    await notify(deps.jobs, tx, {
      userId: course.educatorId,
      kind: 'question',
      questionId: id,
      subjectId: id,
      actorId: user.id,
    });
    return id;
  });
  return toSummary((await findQuestion(deps.database.db, questionId, user.id))!);
}

/** The question and whether its course admits the caller; hidden ones are 404 to the rest. */
async function requireQuestion(deps: QuestionDeps, user: UserRow, questionId: string) {
  const row = await findQuestion(deps.database.db, questionId, user.id);
  if (!row) throw notFound(QUESTION_NOT_FOUND);
  const { viewer, course } = await requireParticipant(deps, user, row.courseId);
  if (!canSee(viewer, row)) throw notFound(QUESTION_NOT_FOUND);
  return { row, viewer, course };
}

export async function getQuestion(
  deps: QuestionDeps,
  user: UserRow,
  questionId: string,
): Promise<QuestionDetail> {
  const { row, viewer } = await requireQuestion(deps, user, questionId);
  const answerRows = await listAnswers(deps.database.db, row.id, viewer);
  return {
    ...toSummary(row),
    answers: answerRows.map((answer) => toAnswer(answer, row.educatorId, row.acceptedAnswerId)),
    canAccept: viewer.isEducator || row.authorId === user.id,
    canModerate: viewer.isEducator,
  };
}

function assertOwnAndFresh(user: UserRow, row: { authorId: string; createdAt: Date }) {
  if (row.authorId !== user.id) throw forbidden(NOT_THE_AUTHOR);
  if (!withinEditWindow(row.createdAt)) throw forbidden(EDIT_WINDOW_OVER);
}

export async function editQuestion(
  deps: QuestionDeps,
  user: UserRow,
  questionId: string,
  edit: EditQuestionBody,
): Promise<QuestionSummary> {
  const { row } = await requireQuestion(deps, user, questionId);
  assertOwnAndFresh(user, row);
  await updateQuestion(deps.database.db, row.id, edit);
  return toSummary((await findQuestion(deps.database.db, row.id, user.id))!);
}

/** Others' answers would vanish with it: a question that has any stays. */
export async function removeQuestion(deps: QuestionDeps, user: UserRow, questionId: string) {
  const { row } = await requireQuestion(deps, user, questionId);
  assertOwnAndFresh(user, row);
  if (await hasAnswers(deps.database.db, row.id)) throw conflict(QUESTION_HAS_ANSWERS);
  await deleteQuestion(deps.database.db, row.id);
}

export async function answerQuestion(
  deps: QuestionDeps,
  user: UserRow,
  questionId: string,
  body: string,
): Promise<Answer> {
  const { row } = await requireQuestion(deps, user, questionId);
  const db = deps.database.db;
  const answerId = await db.transaction(async (tx) => {
    const id = await insertAnswer(tx, { questionId: row.id, authorId: user.id, body });
    await notify(deps.jobs, tx, {
      userId: row.authorId,
      kind: 'answer',
      questionId: row.id,
      answerId: id,
      subjectId: id,
      actorId: user.id,
    });
    return id;
  });
  const answer = (await findAnswer(db, answerId))!;
  return toAnswer(answer, row.educatorId, row.acceptedAnswerId);
}

export async function upvoteQuestion(deps: QuestionDeps, user: UserRow, questionId: string) {
  const { row } = await requireQuestion(deps, user, questionId);
  return addUpvote(deps.database.db, row.id, user.id);
}

/** The answer with its course checked for the caller; hidden from them (and the question) is 404. */
async function requireAnswer(deps: QuestionDeps, user: UserRow, answerId: string) {
  const answer = await findAnswer(deps.database.db, answerId);
  if (!answer) throw notFound(ANSWER_NOT_FOUND);
  const { viewer } = await requireParticipant(deps, user, answer.courseId);
  const questionVisible = canSee(viewer, {
    hiddenAt: answer.questionHiddenAt,
    authorId: answer.questionAuthorId,
  });
  if (!questionVisible || !canSee(viewer, answer)) throw notFound(ANSWER_NOT_FOUND);
  return { answer, viewer };
}

export async function acceptAnswer(deps: QuestionDeps, user: UserRow, answerId: string) {
  const { answer, viewer } = await requireAnswer(deps, user, answerId);
  if (!viewer.isEducator && answer.questionAuthorId !== user.id) {
    throw forbidden(ONLY_ASKER_OR_EDUCATOR);
  }
  if (answer.hiddenAt) throw conflict('Uma resposta oculta não pode ser aceita');
  await deps.database.db.transaction(async (tx) => {
    await setAcceptedAnswer(tx, answer.questionId, answer.id);
    await notify(deps.jobs, tx, {
      userId: answer.authorId,
      kind: 'accepted',
      questionId: answer.questionId,
      answerId: answer.id,
      subjectId: answer.id,
      actorId: user.id,
    });
  });
}

export async function editAnswer(
  deps: QuestionDeps,
  user: UserRow,
  answerId: string,
  body: string,
) {
  const { answer } = await requireAnswer(deps, user, answerId);
  assertOwnAndFresh(user, answer);
  await updateAnswer(deps.database.db, answer.id, body);
  const row = (await findAnswer(deps.database.db, answer.id))!;
  return toAnswer(row, answer.educatorId, answer.acceptedAnswerId);
}

export async function removeAnswer(deps: QuestionDeps, user: UserRow, answerId: string) {
  const { answer } = await requireAnswer(deps, user, answerId);
  assertOwnAndFresh(user, answer);
  await deleteAnswer(deps.database.db, answer.id, answer.questionId);
}

/** Reporting twice is harmless: the second report adds nothing. */
export async function reportQuestion(
  deps: QuestionDeps,
  user: UserRow,
  questionId: string,
  reason: string | undefined,
) {
  const { row } = await requireQuestion(deps, user, questionId);
  await insertReport(deps.database.db, { questionId: row.id }, user.id, reason);
}

export async function reportAnswer(
  deps: QuestionDeps,
  user: UserRow,
  answerId: string,
  reason: string | undefined,
) {
  const { answer } = await requireAnswer(deps, user, answerId);
  await insertReport(deps.database.db, { answerId: answer.id }, user.id, reason);
}

export async function hideQuestion(
  deps: QuestionDeps,
  user: UserRow,
  questionId: string,
  note: string,
) {
  const { row, viewer } = await requireQuestion(deps, user, questionId);
  if (!viewer.isEducator) throw forbidden(ONLY_EDUCATOR);
  await deps.database.db.transaction(async (tx) => {
    if (!(await hideQuestionRow(tx, row.id, note))) throw conflict(ALREADY_HIDDEN);
    await notify(deps.jobs, tx, {
      userId: row.authorId,
      kind: 'hidden',
      questionId: row.id,
      subjectId: row.id,
      actorId: user.id,
      note,
    });
  });
}

export async function hideAnswer(
  deps: QuestionDeps,
  user: UserRow,
  answerId: string,
  note: string,
) {
  const { answer, viewer } = await requireAnswer(deps, user, answerId);
  if (!viewer.isEducator) throw forbidden(ONLY_EDUCATOR);
  await deps.database.db.transaction(async (tx) => {
    if (!(await hideAnswerRow(tx, answer.id, answer.questionId, note))) {
      throw conflict(ALREADY_HIDDEN);
    }
    await notify(deps.jobs, tx, {
      userId: answer.authorId,
      kind: 'hidden',
      questionId: answer.questionId,
      answerId: answer.id,
      subjectId: answer.id,
      actorId: user.id,
      note,
    });
  });
}

/** The post is shown again to everyone, and the author's notice that it was hidden is taken back. */
export async function unhideQuestion(deps: QuestionDeps, user: UserRow, questionId: string) {
  const { row, viewer } = await requireQuestion(deps, user, questionId);
  if (!viewer.isEducator) throw forbidden(ONLY_EDUCATOR_SHOWS);
  await deps.database.db.transaction(async (tx) => {
    if (!(await unhideQuestionRow(tx, row.id))) throw conflict(NOT_HIDDEN);
    await withdrawNotice(tx, { userId: row.authorId, kind: 'hidden', subjectId: row.id });
  });
}

/** Shown again, though no longer the accepted answer: hiding took that mark away for good. */
export async function unhideAnswer(deps: QuestionDeps, user: UserRow, answerId: string) {
  const { answer, viewer } = await requireAnswer(deps, user, answerId);
  if (!viewer.isEducator) throw forbidden(ONLY_EDUCATOR_SHOWS);
  await deps.database.db.transaction(async (tx) => {
    if (!(await unhideAnswerRow(tx, answer.id))) throw conflict(NOT_HIDDEN);
    await withdrawNotice(tx, { userId: answer.authorId, kind: 'hidden', subjectId: answer.id });
  });
}

function lectureTitleIn(content: EducatorQuestionRow['content'], lectureId: string): string {
  const lecture = content
    .flatMap((chapter) => chapter.chapterContent)
    .find((entry) => entry.lectureId === lectureId);
  return lecture?.lectureTitle ?? '';
}

export async function listEducatorReports(deps: QuestionDeps, educator: UserRow, page: number) {
  const { rows, total } = await listReportedForEducator(deps.database.db, educator.id, {
    offset: (page - 1) * REPORTS_PAGE_SIZE,
    limit: REPORTS_PAGE_SIZE,
  });
  const reports: ReportedPost[] = rows.map((row) => ({
    kind: row.answerId === null ? 'question' : 'answer',
    _id: row.answerId ?? row.questionId,
    questionId: row.questionId,
    questionTitle: row.questionTitle,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    lectureId: row.lectureId,
    lectureTitle: lectureTitleIn(row.content, row.lectureId),
    body: row.body,
    author: { _id: row.authorId, name: row.authorName, imageUrl: row.authorImageUrl },
    createdAt: row.createdAt.toISOString(),
    hidden: row.hiddenAt !== null,
    hiddenNote: row.hiddenNote,
    reportCount: row.reportCount,
    reasons: row.reasons.slice(0, REPORT_REASONS_LISTED),
    lastReportedAt: row.lastReportedAt.toISOString(),
  }));
  return { reports, total, page, pageSize: REPORTS_PAGE_SIZE };
}

/**
 * The educator is done with a post's reports: they are removed, so the post leaves 'Denúncias'
 * until someone reports it again. Answers how many there were.
 */
export async function dismissReports(
  deps: QuestionDeps,
  educator: UserRow,
  post: DismissReportsBody,
): Promise<number> {
  const db = deps.database.db;
  const found =
    post.kind === 'question'
      ? await findQuestion(db, post.id, educator.id)
      : await findAnswer(db, post.id);
  if (!found) throw notFound(post.kind === 'question' ? QUESTION_NOT_FOUND : ANSWER_NOT_FOUND);
  if (found.educatorId !== educator.id) throw forbidden(ONLY_EDUCATOR_DISMISSES);
  const dismissed = await deleteReports(
    db,
    post.kind === 'question' ? { questionId: found.id } : { answerId: found.id },
  );
  if (dismissed === 0) throw conflict(NOTHING_TO_DISMISS);
  return dismissed;
}

export async function listEducatorInbox(deps: QuestionDeps, educator: UserRow, page: number) {
  const { rows, total } = await listUnansweredForEducator(deps.database.db, educator.id, {
    offset: (page - 1) * QUESTIONS_PAGE_SIZE,
    limit: QUESTIONS_PAGE_SIZE,
  });
  const questions: EducatorQuestion[] = rows.map((row) => ({
    ...toSummary(row),
    courseTitle: row.courseTitle,
    lectureTitle: lectureTitleIn(row.content, row.lectureId),
  }));
  return { questions, total, page, pageSize: QUESTIONS_PAGE_SIZE };
}
