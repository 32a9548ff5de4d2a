import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lectureNotes, type LectureNoteRow } from '../../db/schema/notes';

/** The owner's notes of a course (or one lecture), in video order. */
export function listNotes(
  db: Db,
  userId: string,
  courseId: string,
  lectureId: string | undefined,
): Promise<LectureNoteRow[]> {
  return db
    .select()
    .from(lectureNotes)
    .where(
      and(
        eq(lectureNotes.userId, userId),
        eq(lectureNotes.courseId, courseId),
        lectureId === undefined ? undefined : eq(lectureNotes.lectureId, lectureId),
      ),
    )
    .orderBy(
      asc(lectureNotes.lectureId),
      asc(lectureNotes.positionSeconds),
      asc(lectureNotes.createdAt),
    );
}

export async function insertNote(
  db: Db,
  values: {
    userId: string;
    courseId: string;
    lectureId: string;
    positionSeconds: number;
    text: string;
  },
): Promise<LectureNoteRow> {
  const [row] = await db.insert(lectureNotes).values(values).returning();
  return row!;
}

export async function findNote(db: Db, noteId: string): Promise<LectureNoteRow | null> {
  const [row] = await db.select().from(lectureNotes).where(eq(lectureNotes.id, noteId)).limit(1);
  return row ?? null;
}

export async function updateNoteText(
  db: Db,
  noteId: string,
  text: string,
): Promise<LectureNoteRow> {
  const [row] = await db
    .update(lectureNotes)
    .set({ text, updatedAt: sql`now()` })
    .where(eq(lectureNotes.id, noteId))
    .returning();
  return row!;
}

export async function deleteNote(db: Db, noteId: string): Promise<void> {
  await db.delete(lectureNotes).where(eq(lectureNotes.id, noteId));
}
