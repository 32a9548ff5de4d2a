import { Router } from 'express';
import {
  addRatingBodySchema,
  courseProgressBodySchema,
  enrollFreeBodySchema,
  updateProgressBodySchema,
} from '@aprendiz/contract/learning';
import type { AppDeps } from '../../deps';
import { currentUser, requireAuth } from '../../http/auth';
import { parseInput } from '../../http/validate';
import {
  completeLecture,
  enrollInFreeCourse,
  getCourseProgress,
  listEnrolledCourses,
  rateCourse,
} from './learning.service';

export function learningRoutes(deps: AppDeps): Router {
  const router = Router();
  const auth = requireAuth(deps.auth);

  router.post('/user/enroll-free-course', auth, async (req, res) => {
    const { courseId } = parseInput(enrollFreeBodySchema, req.body);
    await enrollInFreeCourse(deps, currentUser(req), courseId);
    res.json({ success: true, message: 'Inscrição realizada com sucesso!' });
  });

  router.get('/user/enrolled-courses', auth, async (req, res) => {
    const enrolledCourses = await listEnrolledCourses(deps, currentUser(req));
    res.set('Cache-Control', 'private, no-cache').json({ success: true, enrolledCourses });
  });

  router.post('/user/get-course-progress', auth, async (req, res) => {
    const { courseId } = parseInput(courseProgressBodySchema, req.body);
    const progressData = await getCourseProgress(deps, currentUser(req), courseId);
    res.json({ success: true, progressData });
  });

  router.post('/user/update-course-progress', auth, async (req, res) => {
    const { courseId, lectureId } = parseInput(updateProgressBodySchema, req.body);
    await completeLecture(deps, currentUser(req), courseId, lectureId);
    res.json({ success: true, message: 'Progresso do curso atualizado' });
  });

  router.post('/user/add-rating', auth, async (req, res) => {
    const { courseId, rating } = parseInput(addRatingBodySchema, req.body);
    await rateCourse(deps, currentUser(req), courseId, rating);
    res.json({ success: true, message: 'Avaliação registrada com sucesso' });
  });

  return router;
}
