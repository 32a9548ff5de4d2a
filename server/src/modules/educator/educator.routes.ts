import { Router } from 'express';
import type { AppDeps } from '../../deps';
import { currentUser, requireAuth, requireEducator } from '../../http/auth';
import { singleImageUpload } from '../../http/upload';
import {
  addCourse,
  COURSE_ADDED,
  getDashboard,
  listEducatorCourses,
  listEnrolledStudents,
} from './educator.service';

export function educatorRoutes(deps: AppDeps): Router {
  const router = Router();
  // Per route, not router.use('/educator'): /educator/update-role (auth module) is for students too.
  // Role first, body second: a student's upload is refused before it is read into memory.
  const educator = [requireAuth(deps.auth), requireEducator];

  router.post('/educator/add-course', ...educator, singleImageUpload('image'), async (req, res) => {
    const courseId = await addCourse(deps, currentUser(req), {
      courseData: (req.body as Record<string, unknown> | undefined)?.courseData,
      image: req.file?.buffer,
    });
    res.status(201).json({ success: true, message: COURSE_ADDED, courseId });
  });

  router.get('/educator/dashboard', ...educator, async (req, res) => {
    const dashboardData = await getDashboard(deps, currentUser(req));
    res.set('Cache-Control', 'private, no-cache').json({ success: true, dashboardData });
  });

  router.get('/educator/courses', ...educator, async (req, res) => {
    const courses = await listEducatorCourses(deps, currentUser(req));
    res.set('Cache-Control', 'private, no-cache').json({ success: true, courses });
  });

  router.get('/educator/enrolled-students', ...educator, async (req, res) => {
    const enrolledStudents = await listEnrolledStudents(deps, currentUser(req));
    res.set('Cache-Control', 'private, no-cache').json({ success: true, enrolledStudents });
  });

  return router;
}
