import { Router, type Request } from 'express';
import { analyticsQuerySchema, enrolledStudentsQuerySchema } from '@aprendiz/contract/educator';
import type { AppDeps } from '../../deps';
import { parseInput } from '../../http/validate';
import { getAnalytics } from './analytics.service';
import { currentUser, requireAuth, requireEducator } from '../../http/auth';
import { singleImageUpload } from '../../http/upload';
import {
  addCourse,
  COURSE_DELETED,
  COURSE_BACK_TO_REVIEW,
  COURSE_PUBLISHED,
  COURSE_SENT_TO_REVIEW,
  COURSE_UNPUBLISHED,
  COURSE_UPDATED,
  deleteCourse,
  getOwnCourse,
  publishCourse,
  unpublishCourse,
  updateCourse,
  type AddCourseForm,
} from './course-management.service';
import { getDashboard, listEducatorCourses, listEnrolledStudents } from './educator.service';
import { closeOpenCheckouts } from '../payments/course-checkouts';
import { addsPublishedCourse, withinPublishQuota } from './publish-quota';

/** The multipart form add-course and edit share: courseData (JSON text) and an optional image. */
function courseForm(req: Request): AddCourseForm {
  return {
    courseData: (req.body as Record<string, unknown> | undefined)?.courseData,
    image: req.file?.buffer,
  };
}

export function educatorRoutes(deps: AppDeps): Router {
  const router = Router();
  // Per route, not router.use('/educator'): /educator/update-role (auth module) is for students too.
  // Role first, body second: a student's upload is refused before it is read into memory.
  const educator = [requireAuth(deps.auth), requireEducator];

  router.post('/educator/add-course', ...educator, singleImageUpload('image'), async (req, res) => {
    const user = currentUser(req);
    const form = courseForm(req);
    const add = () => addCourse(deps, user, form);
    const { courseId, status, message } = addsPublishedCourse(form.courseData)
      ? await withinPublishQuota(deps, user.id, add)
      : await add();
    res.status(201).json({ success: true, message, courseId, status });
  });

  router.get('/educator/course/:id', ...educator, async (req, res) => {
    const courseData = await getOwnCourse(deps, currentUser(req), String(req.params.id));
    res.set('Cache-Control', 'private, no-cache').json({ success: true, courseData });
  });

  router.put('/educator/course/:id', ...educator, singleImageUpload('image'), async (req, res) => {
    const courseId = String(req.params.id);
    const status = await updateCourse(deps, currentUser(req), courseId, courseForm(req));
    const message =
      status === 'in_review' && deps.config.courseReview ? COURSE_BACK_TO_REVIEW : COURSE_UPDATED;
    res.json({ success: true, message, courseId, status });
  });

  router.post('/educator/course/:id/publish', ...educator, async (req, res) => {
    const courseId = String(req.params.id);
    const user = currentUser(req);
    const status = await withinPublishQuota(deps, user.id, () =>
      publishCourse(deps, user, courseId),
    );
    const message = status === 'in_review' ? COURSE_SENT_TO_REVIEW : COURSE_PUBLISHED;
    res.json({ success: true, message, courseId, status });
  });

  router.post('/educator/course/:id/unpublish', ...educator, async (req, res) => {
    const courseId = String(req.params.id);
    const status = await unpublishCourse(deps, currentUser(req), courseId);
    res.json({ success: true, message: COURSE_UNPUBLISHED, courseId, status });
  });

  router.delete('/educator/course/:id', ...educator, async (req, res) => {
    const user = currentUser(req);
    const courseId = String(req.params.id);
    // Stripe sessions first: a purchase must not vanish while its checkout can still be paid.
    await closeOpenCheckouts(deps, user.id, courseId);
    await deleteCourse(deps, user, courseId);
    res.json({ success: true, message: COURSE_DELETED });
  });

  router.get('/educator/dashboard', ...educator, async (req, res) => {
    const dashboardData = await getDashboard(deps, currentUser(req));
    res.set('Cache-Control', 'private, no-cache').json({ success: true, dashboardData });
  });

  router.get('/educator/analytics', ...educator, async (req, res) => {
    const { days } = parseInput(analyticsQuerySchema, req.query);
    const analytics = await getAnalytics(deps, currentUser(req), days);
    res.set('Cache-Control', 'private, no-cache').json({ success: true, analytics });
  });

  router.get('/educator/courses', ...educator, async (req, res) => {
    const courses = await listEducatorCourses(deps, currentUser(req));
    res.set('Cache-Control', 'private, no-cache').json({ success: true, courses });
  });

  router.get('/educator/enrolled-students', ...educator, async (req, res) => {
    const { before } = parseInput(enrolledStudentsQuerySchema, req.query);
    const page = await listEnrolledStudents(deps, currentUser(req), before);
    res.set('Cache-Control', 'private, no-cache').json({ success: true, ...page });
  });

  return router;
}
