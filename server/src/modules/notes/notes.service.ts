import type { AddNoteBody, Note } from '@aprendiz/contract/notes';
import type { AppDeps } from '../../deps';
import type { LectureNoteRow } from '../../db/schema/notes';
import type { UserRow } from '../../db/schema/users';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { requireCourse } from '../courses/course-access';
import { assertCourseId } from '../courses/courses.service';
import { courseHasLecture } from '../learning/learning.repository';
import { NOT_ENROLLED } from '../learning/learning.service';
import { deleteNote, findNote, insertNote, listNotes, updateNoteText } from './notes.repository';

type NotesDeps = Pick<AppDeps, 'database'>;

export const NOTE_NOT_FOUND = 'Nota não encontrada';
const LECTURE_NOT_IN_COURSE = 'Esta aula não pertence ao curso';

function toNote(row: LectureNoteRow): Note {
  return {
    _id: row.id,
    courseId: row.courseId,
    lectureId: row.lectureId,
    positionSeconds: row.positionSeconds,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Notes are taken where questions are asked: by the course's learners and its educator. */
async function requireParticipant(deps: NotesDeps, user: UserRow, courseId: string) {
  assertCourseId(courseId);
  const course = await requireCourse(deps.database.db, user, courseId);
  if (!course.enrolled && course.educatorId !== user.id) throw forbidden(NOT_ENROLLED);
  return course;
}

async function requireLecture(deps: NotesDeps, courseId: string, lectureId: string) {
  if (!(await courseHasLecture(deps.database.db, courseId, lectureId))) {
    throw badRequest(LECTURE_NOT_IN_COURSE);
  }
}

export async function listCourseNotes(
  deps: NotesDeps,
  user: UserRow,
  courseId: string,
  lectureId: string | undefined,
): Promise<Note[]> {
  const course = await requireParticipant(deps, user, courseId);
  if (lectureId !== undefined) await requireLecture(deps, course.id, lectureId);
  const rows = await listNotes(deps.database.db, user.id, course.id, lectureId);
  return rows.map(toNote);
}

export async function addNote(
  deps: NotesDeps,
  user: UserRow,
  courseId: string,
  input: AddNoteBody,
): Promise<Note> {
  const course = await requireParticipant(deps, user, courseId);
  await requireLecture(deps, course.id, input.lectureId);
  return toNote(
    await insertNote(deps.database.db, { userId: user.id, courseId: course.id, ...input }),
  );
}

/** Private: someone else's note is answered exactly like one that does not exist. */
async function requireOwnNote(deps: NotesDeps, user: UserRow, noteId: string) {
  const note = await findNote(deps.database.db, noteId);
  if (!note || note.userId !== user.id) throw notFound(NOTE_NOT_FOUND);
  return note;
}

export async function editNote(deps: NotesDeps, user: UserRow, noteId: string, text: string) {
  const note = await requireOwnNote(deps, user, noteId);
  return toNote(await updateNoteText(deps.database.db, note.id, text));
}

export async function removeNote(deps: NotesDeps, user: UserRow, noteId: string) {
  const note = await requireOwnNote(deps, user, noteId);
  await deleteNote(deps.database.db, note.id);
}
