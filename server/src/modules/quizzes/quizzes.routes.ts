import { Router } from 'express';
import { z } from 'zod';
import { quizAttemptRequestSchema } from '@aprendiz/contract/quizzes';
import { textSchema } from '@aprendiz/contract/text-schemas';
import type { AppDeps } from '../../deps';
import { currentUser, requireAuth, requireEducator } from '../../http/auth';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import {
  getCourseQuizStats,
  getLearnerQuiz,
  listOwnAttempts,
  QUIZ_NOT_FOUND,
  submitAttempt,
} from './quizzes.service';

const quizParamsSchema = z.object({
  courseId: textSchema({ field: 'O curso' }),
  quizId: textSchema({ field: 'O questionário' }).min(1).max(100),
});

function quizParams(params: Record<string, unknown>) {
  const parsed = quizParamsSchema.safeParse(params);
  // An id that cannot exist is simply not found.
  if (!parsed.success) throw notFound(QUIZ_NOT_FOUND);
  return parsed.data;
}

export function quizzesRoutes(deps: AppDeps): Router {
  const router = Router();
  const auth = requireAuth(deps.auth);

  router.get('/course/:courseId/quizzes/:quizId', auth, async (req, res) => {
    const { courseId, quizId } = quizParams(req.params);
    const quiz = await getLearnerQuiz(deps, currentUser(req), courseId, quizId);
    res.json({ success: true, quiz });
  });

  router.post('/course/:courseId/quizzes/:quizId/attempts', auth, async (req, res) => {
    const { courseId, quizId } = quizParams(req.params);
    const { answers } = parseInput(quizAttemptRequestSchema, req.body);
    const attempt = await submitAttempt(deps, currentUser(req), courseId, quizId, answers);
    res.status(201).json({ success: true, attempt });
  });

  router.get('/course/:courseId/quizzes/:quizId/attempts', auth, async (req, res) => {
    const { courseId, quizId } = quizParams(req.params);
    const attempts = await listOwnAttempts(deps, currentUser(req), courseId, quizId);
    res.json({ success: true, attempts });
  });

  router.get('/educator/course/:id/quiz-stats', auth, requireEducator, async (req, res) => {
    const stats = await getCourseQuizStats(deps, currentUser(req), String(req.params.id));
    res.json({ success: true, ...stats });
  });

  return router;
}
