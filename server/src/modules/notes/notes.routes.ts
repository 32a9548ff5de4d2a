import { Router } from 'express';
import {
  addNoteBodySchema,
  editNoteBodySchema,
  noteListQuerySchema,
} from '@aprendiz/contract/notes';
import { postIdParamsSchema } from '@aprendiz/contract/questions';
import type { AppDeps } from '../../deps';
import { currentUser, requireAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import { userRateLimit } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import { addNote, editNote, listCourseNotes, NOTE_NOT_FOUND, removeNote } from './notes.service';

export const NOTES_RATE_LIMITED = 'Você criou muitas notas seguidas. Tente novamente mais tarde.';

function noteId(params: Record<string, unknown>): string {
  const parsed = postIdParamsSchema.safeParse(params);
  if (!parsed.success) throw notFound(NOTE_NOT_FOUND);
  return parsed.data.id;
}

export function notesRoutes(deps: AppDeps): Router {
  const router = Router();
  const auth = requireAuth(deps.auth);
  // Notes are private but still rows: four times the posts' budget, per person.
  const writing = userRateLimit({
    name: 'qa-notes',
    max: deps.config.qaPostsPerHour * 4,
    windowMs: 60 * 60_000,
    message: NOTES_RATE_LIMITED,
    redis: deps.redis,
  });

  router.get('/course/:courseId/notes', auth, async (req, res) => {
    const { lectureId } = parseInput(noteListQuerySchema, req.query);
    const notes = await listCourseNotes(
      deps,
      currentUser(req),
      String(req.params.courseId),
      lectureId,
    );
    res.json({ success: true, notes });
  });

  router.post('/course/:courseId/notes', auth, writing, async (req, res) => {
    const input = parseInput(addNoteBodySchema, req.body);
    const note = await addNote(deps, currentUser(req), String(req.params.courseId), input);
    res.status(201).json({ success: true, note });
  });

  router.patch('/notes/:id', auth, async (req, res) => {
    const id = noteId(req.params);
    const { text } = parseInput(editNoteBodySchema, req.body);
    const note = await editNote(deps, currentUser(req), id, text);
    res.json({ success: true, note });
  });

  router.delete('/notes/:id', auth, async (req, res) => {
    await removeNote(deps, currentUser(req), noteId(req.params));
    res.json({ success: true, message: 'Nota apagada' });
  });

  return router;
}
