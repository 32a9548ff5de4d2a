import { Router, type RequestHandler } from 'express';
import {
  answerBodySchema,
  askQuestionBodySchema,
  dismissReportsBodySchema,
  editQuestionBodySchema,
  educatorQuestionsQuerySchema,
  educatorReportsQuerySchema,
  hideBodySchema,
  postIdParamsSchema,
  questionListQuerySchema,
  reportBodySchema,
} from '@aprendiz/contract/questions';
import type { AppDeps } from '../../deps';
import { currentUser, requireAuth, requireEducator } from '../../http/auth';
import { notFound } from '../../http/errors';
import { userRateLimit } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import {
  acceptAnswer,
  ANSWER_NOT_FOUND,
  answerQuestion,
  askQuestion,
  dismissReports,
  editAnswer,
  editQuestion,
  getQuestion,
  hideAnswer,
  hideQuestion,
  listCourseQuestions,
  listEducatorInbox,
  listEducatorReports,
  QUESTION_NOT_FOUND,
  removeAnswer,
  removeQuestion,
  reportAnswer,
  reportQuestion,
  unhideAnswer,
  unhideQuestion,
  upvoteQuestion,
} from './questions.service';

export const QA_RATE_WINDOW_MS = 60 * 60_000;
export const QA_RATE_LIMITED = 'Você publicou muitas vezes seguidas. Tente novamente mais tarde.';
export const QA_EDITS_RATE_LIMITED =
  'Você editou muitas vezes seguidas. Tente novamente mais tarde.';

/** An id that cannot exist is simply not found. */
function postId(params: Record<string, unknown>, message: string): string {
  const parsed = postIdParamsSchema.safeParse(params);
  if (!parsed.success) throw notFound(message);
  return parsed.data.id;
}

export function questionsRoutes(deps: AppDeps): Router {
  const router = Router();
  const auth = requireAuth(deps.auth);
  const budget = (name: string): RequestHandler =>
    userRateLimit({
      name: `qa-${name}`,
      max: deps.config.qaPostsPerHour,
      windowMs: QA_RATE_WINDOW_MS,
      message: QA_RATE_LIMITED,
      redis: deps.redis,
    });
  const asking = budget('questions');
  const answering = budget('answers');
  const reporting = budget('reports');
  // The 30-minute edit window bounds how long a post can change, not how often: each edit is a
  // write that every reader's list and the search index follow. Questions and answers share it.
  const editing = userRateLimit({
    name: 'qa-edits',
    max: deps.config.qaEditsPerHour,
    windowMs: QA_RATE_WINDOW_MS,
    message: QA_EDITS_RATE_LIMITED,
    redis: deps.redis,
  });
  const question = (req: { params: Record<string, unknown> }) =>
    postId(req.params, QUESTION_NOT_FOUND);
  const answer = (req: { params: Record<string, unknown> }) => postId(req.params, ANSWER_NOT_FOUND);

  router.get('/course/:courseId/questions', auth, async (req, res) => {
    const query = parseInput(questionListQuerySchema, req.query);
    const page = await listCourseQuestions(
      deps,
      currentUser(req),
      String(req.params.courseId),
      query,
    );
    res.json({ success: true, ...page });
  });

  router.post('/course/:courseId/questions', auth, asking, async (req, res) => {
    const input = parseInput(askQuestionBodySchema, req.body);
    const created = await askQuestion(deps, currentUser(req), String(req.params.courseId), input);
    res.status(201).json({ success: true, question: created });
  });

  router.get('/questions/:id', auth, async (req, res) => {
    const detail = await getQuestion(deps, currentUser(req), question(req));
    res.json({ success: true, question: detail });
  });

  router.patch('/questions/:id', auth, editing, async (req, res) => {
    const id = question(req);
    const edit = parseInput(editQuestionBodySchema, req.body);
    const updated = await editQuestion(deps, currentUser(req), id, edit);
    res.json({ success: true, question: updated });
  });

  router.delete('/questions/:id', auth, async (req, res) => {
    await removeQuestion(deps, currentUser(req), question(req));
    res.json({ success: true, message: 'Pergunta apagada' });
  });

  router.post('/questions/:id/answers', auth, answering, async (req, res) => {
    const id = question(req);
    const { body } = parseInput(answerBodySchema, req.body);
    const created = await answerQuestion(deps, currentUser(req), id, body);
    res.status(201).json({ success: true, answer: created });
  });

  router.post('/questions/:id/upvote', auth, async (req, res) => {
    const upvotes = await upvoteQuestion(deps, currentUser(req), question(req));
    res.json({ success: true, upvotes, upvoted: true });
  });

  router.post('/questions/:id/report', auth, reporting, async (req, res) => {
    const id = question(req);
    const { reason } = parseInput(reportBodySchema, req.body);
    await reportQuestion(deps, currentUser(req), id, reason);
    res.json({ success: true, message: 'Obrigado. O educador do curso vai analisar.' });
  });

  router.post('/questions/:id/hide', auth, async (req, res) => {
    const id = question(req);
    const { note } = parseInput(hideBodySchema, req.body);
    await hideQuestion(deps, currentUser(req), id, note);
    res.json({ success: true, message: 'Pergunta ocultada' });
  });

  router.post('/questions/:id/unhide', auth, async (req, res) => {
    await unhideQuestion(deps, currentUser(req), question(req));
    res.json({ success: true, message: 'Pergunta exibida novamente' });
  });

  router.patch('/answers/:id', auth, editing, async (req, res) => {
    const id = answer(req);
    const { body } = parseInput(answerBodySchema, req.body);
    const updated = await editAnswer(deps, currentUser(req), id, body);
    res.json({ success: true, answer: updated });
  });

  router.delete('/answers/:id', auth, async (req, res) => {
    await removeAnswer(deps, currentUser(req), answer(req));
    res.json({ success: true, message: 'Resposta apagada' });
  });

  router.post('/answers/:id/accept', auth, async (req, res) => {
    await acceptAnswer(deps, currentUser(req), answer(req));
    res.json({ success: true, message: 'Resposta aceita' });
  });

  router.post('/answers/:id/report', auth, reporting, async (req, res) => {
    const id = answer(req);
    const { reason } = parseInput(reportBodySchema, req.body);
    await reportAnswer(deps, currentUser(req), id, reason);
    res.json({ success: true, message: 'Obrigado. O educador do curso vai analisar.' });
  });

  router.post('/answers/:id/hide', auth, async (req, res) => {
    const id = answer(req);
    const { note } = parseInput(hideBodySchema, req.body);
    await hideAnswer(deps, currentUser(req), id, note);
    res.json({ success: true, message: 'Resposta ocultada' });
  });

  router.post('/answers/:id/unhide', auth, async (req, res) => {
    await unhideAnswer(deps, currentUser(req), answer(req));
    res.json({ success: true, message: 'Resposta exibida novamente' });
  });

  router.get('/educator/questions', auth, requireEducator, async (req, res) => {
    const { page } = parseInput(educatorQuestionsQuerySchema, req.query);
    const inbox = await listEducatorInbox(deps, currentUser(req), page);
    res.json({ success: true, ...inbox });
  });

  router.get('/educator/reports', auth, requireEducator, async (req, res) => {
    const { page } = parseInput(educatorReportsQuerySchema, req.query);
    const reported = await listEducatorReports(deps, currentUser(req), page);
    res.json({ success: true, ...reported });
  });

  router.post('/educator/reports/dismiss', auth, requireEducator, async (req, res) => {
    const post = parseInput(dismissReportsBodySchema, req.body);
    const dismissed = await dismissReports(deps, currentUser(req), post);
    res.json({ success: true, message: 'Denúncias dispensadas', dismissed });
  });

  return router;
}
