import { z } from 'zod';
import { LECTURE_DURATION_MAX_MINUTES } from './rules/duration';
import { NOTE_TEXT_MAX_LENGTH } from './rules/questions';
import { postLectureIdSchema } from './questions';
import { textSchema } from './text-schemas';

const POSITION_MESSAGE = 'A posição da nota deve ser um número inteiro de segundos';

const noteTextSchema = textSchema({
  field: 'O texto da nota',
  typeError: 'O texto da nota deve ser um texto',
  multiline: true,
  trim: true,
})
  .min(1, 'Escreva a nota')
  .max(NOTE_TEXT_MAX_LENGTH, `A nota pode ter até ${NOTE_TEXT_MAX_LENGTH} caracteres`);

const positionSchema = z
  .number({ error: POSITION_MESSAGE })
  .int({ error: POSITION_MESSAGE })
  .min(0, POSITION_MESSAGE)
  .max(LECTURE_DURATION_MAX_MINUTES * 60, POSITION_MESSAGE);

export const addNoteBodySchema = z.object({
  lectureId: postLectureIdSchema,
  positionSeconds: positionSchema,
  text: noteTextSchema,
});
export type AddNoteBody = z.infer<typeof addNoteBodySchema>;

export const editNoteBodySchema = z.object({ text: noteTextSchema });
export type EditNoteBody = z.infer<typeof editNoteBodySchema>;

export const noteListQuerySchema = z.object({ lectureId: postLectureIdSchema.optional() });

export const noteSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  lectureId: z.string(),
  positionSeconds: z.number(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export const noteListResponseSchema = z.object({
  success: z.literal(true),
  notes: z.array(noteSchema),
});
export type NoteListResponse = z.infer<typeof noteListResponseSchema>;

export const noteResponseSchema = z.object({ success: z.literal(true), note: noteSchema });
