import express, { Router } from 'express';
import { courseIdBodySchema } from '@aprendiz/contract/common';
import {
  addRatingBodySchema,
  courseProgressBodySchema,
  enrollFreeBodySchema,
  lecturePositionBeaconSchema,
  lecturePositionBodySchema,
  updateProgressBodySchema,
} from '@aprendiz/contract/learning';
import { certificateIdParamsSchema } from '@aprendiz/contract/certificates';
import {
  reviewIdParamsSchema,
  reviewReplyBodySchema,
  reviewReportBodySchema,
  reviewsQuerySchema,
} from '@aprendiz/contract/reviews';
import type { AppDeps } from '../../deps';
import { currentUser, optionalAuth, requireAuth, requireEducator } from '../../http/auth';
import { badRequest, methodNotAllowed, unauthorized } from '../../http/errors';
import { userRateLimit } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import { QA_RATE_LIMITED, QA_RATE_WINDOW_MS } from '../questions/questions.routes';
import {
  enrollInFreeCourse,
  getCourseProgress,
  getEnrolledCourse,
  getResumePoint,
  enrolledCoursesBody,
  rateCourse,
  saveLecturePositionOf,
  setLectureCompleted,
} from './learning.service';
import { positionTokensFor } from './position-token';
import { listCourseReviews, replyToReview, reportReview } from './reviews.service';
import { certificateFor, getCertificate, getCertificatePdf } from './certificates.service';
import { alreadyHeld } from '../../http/uploads';
import { sendCached } from '../../http/send-cached';

const courseIdParamsSchema = courseIdBodySchema;

export const CERTIFICATE_ISSUED_BY_POST = 'Método não permitido: o certificado é pedido com POST';

const BEACON_BODY_LIMIT = '2kb';

/** A text/plain beacon arrives as a string of JSON; one sent as JSON is already parsed. */
function beaconBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw badRequest('Corpo do pedido inválido');
  }
}

export function learningRoutes(deps: AppDeps): Router {
  const router = Router();
  const auth = requireAuth(deps.auth);
  const positionTokens = positionTokensFor(deps.config);
  // Reports on reviews share the questions' hourly budget: the same person, the same kind of act.
  const reportingReviews = userRateLimit({
    name: 'review-reports',
    max: deps.config.qaPostsPerHour,
    windowMs: QA_RATE_WINDOW_MS,
    message: QA_RATE_LIMITED,
    redis: deps.redis,
  });

  router.post('/user/enroll-free-course', auth, async (req, res) => {
    const { courseId } = parseInput(enrollFreeBodySchema, req.body);
    await enrollInFreeCourse(deps, currentUser(req), courseId);
    res.json({ success: true, message: 'Inscrição realizada com sucesso!' });
  });

  router.get('/user/enrolled-courses', auth, async (req, res) => {
    const entry = await enrolledCoursesBody(deps, currentUser(req));
    // The learner's own: a shared cache must not keep it, nor answer another Authorization with it.
    sendCached(req, res, entry, 'Authorization, Accept-Encoding', 'private, no-cache');
  });

  router.get('/user/enrolled-courses/:courseId', auth, async (req, res) => {
    const { courseId } = parseInput(courseIdParamsSchema, { courseId: req.params.courseId });
    const enrolledCourse = await getEnrolledCourse(deps, currentUser(req), courseId);
    res.set('Cache-Control', 'private, no-cache').json({ success: true, enrolledCourse });
  });

  router.post('/user/get-course-progress', auth, async (req, res) => {
    const { courseId } = parseInput(courseProgressBodySchema, req.body);
    const progressData = await getCourseProgress(deps, currentUser(req), courseId);
    res.json({ success: true, progressData });
  });

  router.post('/user/update-course-progress', auth, async (req, res) => {
    const { courseId, lectureId, completed } = parseInput(updateProgressBodySchema, req.body);
    await setLectureCompleted(deps, currentUser(req), courseId, lectureId, completed);
    res.json({ success: true, message: 'Progresso do curso atualizado' });
  });

  router.post('/user/add-rating', auth, async (req, res) => {
    const { courseId, rating, review } = parseInput(addRatingBodySchema, req.body);
    await rateCourse(deps, currentUser(req), courseId, rating, review);
    res.json({ success: true, message: 'Avaliação registrada com sucesso' });
  });

  router.post('/user/lecture-position', auth, async (req, res) => {
    const position = parseInput(lecturePositionBodySchema, req.body);
    const user = currentUser(req);
    const seconds = await saveLecturePositionOf(deps, user.id, position);
    const positionToken = (await positionTokens()).issue(user.id, position.courseId);
    res.json({ success: true, seconds, positionToken });
  });

  // sendBeacon posts text/plain (a CORS-safelisted type, so no preflight from another origin) and
  // no Authorization header: the body's position token names the learner instead.
  router.post(
    '/user/lecture-position/beacon',
    express.text({ type: 'text/plain', limit: BEACON_BODY_LIMIT }),
    async (req, res) => {
      const beacon = parseInput(lecturePositionBeaconSchema, beaconBody(req.body));
      const userId = (await positionTokens()).verify(beacon.token, beacon.courseId);
      if (!userId) throw unauthorized('Token de posição inválido ou expirado');
      await saveLecturePositionOf(deps, userId, beacon);
      res.status(204).end();
    },
  );

  router.get('/user/resume/:courseId', auth, async (req, res) => {
    const { courseId } = parseInput(courseIdParamsSchema, { courseId: req.params.courseId });
    const user = currentUser(req);
    const resume = await getResumePoint(deps, user, courseId);
    const positionToken = (await positionTokens()).issue(user.id, courseId);
    res.set('Cache-Control', 'private, no-store').json({ success: true, ...resume, positionToken });
  });

  router.get('/course/:id/reviews', optionalAuth(deps.auth), async (req, res) => {
    const { courseId } = parseInput(courseIdParamsSchema, { courseId: req.params.id });
    const { page } = parseInput(reviewsQuerySchema, { page: req.query.page });
    const reviews = await listCourseReviews(deps, req.user, courseId, page);
    res.set('Cache-Control', 'no-cache').json({ success: true, ...reviews });
  });

  router.post('/review/:id/report', auth, reportingReviews, async (req, res) => {
    const { id } = parseInput(reviewIdParamsSchema, req.params);
    const { reason } = parseInput(reviewReportBodySchema, req.body);
    await reportReview(deps, currentUser(req), id, reason);
    res.json({ success: true, message: 'Obrigado. A equipe da plataforma vai analisar.' });
  });

  router.post('/educator/review/:id/reply', auth, requireEducator, async (req, res) => {
    const { id } = parseInput(reviewIdParamsSchema, req.params);
    const { reply } = parseInput(reviewReplyBodySchema, req.body);
    await replyToReview(deps, currentUser(req), id, reply);
    res.status(201).json({ success: true, message: 'Resposta publicada' });
  });

  // Issuing writes (the first ask at 100 % creates the certificate), so it is a POST; asking again
  // answers the same id.
  router.post('/user/certificate/:courseId', auth, async (req, res) => {
    const { courseId } = parseInput(courseIdParamsSchema, { courseId: req.params.courseId });
    const certificateId = await certificateFor(deps, currentUser(req), courseId);
    res.set('Cache-Control', 'private, no-store').json({ success: true, certificateId });
  });
  // The address that used to issue on a GET: a GET must never write, so it only names the method.
  router.get('/user/certificate/:courseId', (_req, res) => {
    res.set('Allow', 'POST');
    throw methodNotAllowed(CERTIFICATE_ISSUED_BY_POST);
  });

  router.get('/certificate/:id', async (req, res) => {
    const { id } = parseInput(certificateIdParamsSchema, req.params);
    const certificate = await getCertificate(deps, id);
    res.json({ success: true, certificate });
  });

  router.get('/certificate/:id/pdf', async (req, res) => {
    const { id } = parseInput(certificateIdParamsSchema, req.params);
    // A refund revokes the certificate at any moment: no shared cache keeps the PDF, and a browser
    // asks again with its tag each time, getting a 304 only while the certificate still stands.
    // Set before the look-up, so the 404 and 410 answers are not kept either.
    res.set('Cache-Control', 'private, no-cache');
    const { pdf, etag } = await getCertificatePdf(deps, id);
    res.set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="certificado-${id}.pdf"`,
      ETag: etag,
    });
    if (alreadyHeld(req.get('If-None-Match'), etag)) {
      res.status(304).end();
      return;
    }
    res.send(pdf);
  });

  return router;
}
