import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnrolledCourse } from '@aprendiz/contract/learning';
import type { LearnerQuiz, QuizAttempt } from '@aprendiz/contract/quizzes';
import { stubApi, type StubRequest, type StubResponse } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import { enrolledCourse, enrolledSummary } from '../../test/enrolled-course-fixture';
import PlayerPage, { loader, shouldRevalidate } from './player';
import QuizPage, {
  loader as quizLoader,
  shouldRevalidate as quizShouldRevalidate,
} from './player/quiz-page';

vi.mock('../../components/youtube-player-media', () => ({
  default: (props: { title: string }) => <iframe title={props.title} />,
}));
const confetti = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../../lib/confetti', () => ({ fireConfetti: confetti }));
beforeEach(() => confetti.mockClear());

const QUIZ_ID = 'quiz-1';

/** The fixture course (1.1 and 1.2 in chapter 1, 2.1 in chapter 2) with a quiz ending chapter 1. */
function courseWithQuiz(overrides: Partial<EnrolledCourse> = {}, required = true): EnrolledCourse {
  const course = enrolledCourse(overrides);
  return {
    ...course,
    courseContent: course.courseContent.map((chapter, index) =>
      index === 0
        ? {
            ...chapter,
            quiz: {
              quizId: QUIZ_ID,
              title: 'Revisão',
              passPercent: 70,
              maxAttempts: null,
              required,
              questionCount: 1,
            },
          }
        : chapter,
    ),
  };
}

const learnerQuiz: LearnerQuiz = {
  quizId: QUIZ_ID,
  title: 'Revisão',
  passPercent: 70,
  maxAttempts: null,
  required: true,
  version: 1,
  attemptsLeft: null,
  bestScore: null,
  passed: false,
  questions: [
    {
      questionId: 'q1',
      prompt: 'Qual declara uma constante?',
      kind: 'single',
      options: [
        { optionId: 'a', text: 'const' },
        { optionId: 'b', text: 'let' },
      ],
    },
  ],
};

const passedAttempt: QuizAttempt = {
  attemptId: 'x',
  attemptNumber: 1,
  version: 1,
  score: 100,
  passed: true,
  attemptsLeft: null,
  submittedAt: '2026-11-25T12:00:00.000Z',
  results: [{ questionId: 'q1', correct: true, explanation: '', correctOptionIds: ['a'] }],
};

const ALL_LECTURES = ['lec-1', 'lec-2', 'lec-3'];

/** The course the player's loader reads (GET /api/user/enrolled-courses/:courseId). */
let served: EnrolledCourse | null = null;

function serve(handler: (request: StubRequest) => StubResponse | undefined) {
  const calls: StubRequest[] = [];
  stubApi((request) => {
    if (request.url.startsWith('/api/user/resume/')) {
      return {
        data: { success: true, lectureId: null, seconds: 0, lectures: [], positionToken: 't' },
      };
    }
    if (request.method === 'GET' && request.url.startsWith('/api/user/enrolled-courses/')) {
      return { data: { success: true, enrolledCourse: served } };
    }
    calls.push(request);
    return handler(request) ?? { status: 404, data: { success: false, message: 'Rota' } };
  });
  return { calls };
}

function renderPlayer(course: EnrolledCourse, route = `/player/${course._id}`) {
  served = course;
  return renderWithProviders(<Outlet />, {
    route,
    auth: { user: testUser },
    app: { enrolledCourses: [enrolledSummary(course)] },
    routes: [
      {
        path: '/player/:courseId',
        Component: PlayerPage,
        loader,
        shouldRevalidate,
        children: [
          {
            path: 'quiz/:quizId',
            Component: QuizPage,
            loader: quizLoader,
            shouldRevalidate: quizShouldRevalidate,
          },
        ],
      },
    ],
  });
}

function structure() {
  return screen.getByRole('region', { name: 'Estrutura do curso' });
}

function progressBar() {
  return screen.getByRole('progressbar', { name: 'Progresso no curso' });
}

describe('the player with a required chapter quiz', () => {
  it('when every lecture is done but the quiz is not passed, then the chapter and the course are not complete', async () => {
    serve(() => undefined);
    renderPlayer(courseWithQuiz({ lectureCompleted: ALL_LECTURES }));
    await screen.findByRole('region', { name: 'Estrutura do curso' }, LOADED);
    expect(progressBar()).toHaveAttribute('aria-valuenow', '75');
    expect(screen.getByText('3 de 3 aulas · 0 de 1 questionário')).toBeInTheDocument();
    expect(within(structure()).getByText(/2 de 3 concluídas/)).toHaveTextContent(
      'falta o questionário',
    );
    expect(within(structure()).getByText(/1 de 1 concluídas/)).toBeInTheDocument();
    expect(
      screen.getByText(/Falta passar no questionário obrigatório para concluir o curso/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Parabéns!/)).not.toBeInTheDocument();
  });

  it('when the quiz is opened and passed, then it is read by the route, counted at once, the enrollments refreshed and the quiz not read again', async () => {
    const { calls } = serve((request) => {
      if (request.method === 'GET') return { data: { success: true, quiz: learnerQuiz } };
      return { status: 201, data: { success: true, attempt: passedAttempt } };
    });
    const course = courseWithQuiz({ lectureCompleted: ALL_LECTURES });
    // Opened at its address: jsdom's act() drops the retry of a route that suspends after a click
    // (the e2e journey opens it from the list in a real browser).
    const { app, location } = renderPlayer(course, `/player/${course._id}/quiz/${QUIZ_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'const' }, LOADED));
    expect(
      within(structure()).getByRole('button', { name: 'Fazer questionário: Revisão' }),
    ).toHaveTextContent('Aberto');
    await user.click(screen.getByRole('button', { name: 'Enviar respostas' }));
    expect(await screen.findByText('Aprovado: 100%')).toBeInTheDocument();
    await waitFor(() => expect(progressBar()).toHaveAttribute('aria-valuenow', '100'));
    expect(screen.getByText('3 de 3 aulas · 1 de 1 questionário')).toBeInTheDocument();
    expect(within(structure()).getByRole('img', { name: 'Aprovado' })).toBeInTheDocument();
    expect(app.refreshSignedIn).toHaveBeenCalledTimes(1);
    expect(confetti).toHaveBeenCalledTimes(1);
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Voltar às aulas' }));
    expect(location()).toBe(`/player/${course._id}`);
    expect(await screen.findByText(/^Parabéns!/)).toBeInTheDocument();
  });

  it('when the quiz cannot be read, then the error is shown with a retry that asks again', async () => {
    let answered = 0;
    serve((request) => {
      if (request.method !== 'GET') return undefined;
      answered += 1;
      return answered === 1
        ? { status: 503, data: { success: false, message: 'Serviço indisponível' } }
        : { data: { success: true, quiz: learnerQuiz } };
    });
    const course = courseWithQuiz();
    renderPlayer(course, `/player/${course._id}/quiz/${QUIZ_ID}`);
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Não foi possível carregar o questionário' },
        LOADED,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Serviço indisponível')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(answered).toBe(2));
  });

  it('when the quiz no longer exists, then the player says so and leads back to the lectures', async () => {
    serve(() => ({
      status: 404,
      data: { success: false, message: 'Questionário não encontrado' },
    }));
    const course = courseWithQuiz();
    const { location } = renderPlayer(course, `/player/${course._id}/quiz/gone`);
    expect(
      await screen.findByRole('heading', { name: 'Questionário não encontrado' }, LOADED),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Voltar às aulas' }));
    expect(location()).toBe(`/player/${course._id}`);
  });

  it('when the server says the quiz was passed, or the quiz is optional, then the course reads as before: 100% once the lectures are done', async () => {
    serve(() => undefined);
    renderPlayer(courseWithQuiz({ lectureCompleted: ALL_LECTURES, quizzesPassed: [QUIZ_ID] }));
    await screen.findByRole('region', { name: 'Estrutura do curso' }, LOADED);
    expect(progressBar()).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText(/^Parabéns!/)).toBeInTheDocument();
  });

  it('when the quiz is optional, then it is not counted', async () => {
    serve(() => undefined);
    renderPlayer(courseWithQuiz({ lectureCompleted: ALL_LECTURES }, false));
    await screen.findByRole('region', { name: 'Estrutura do curso' }, LOADED);
    expect(progressBar()).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('3 de 3 aulas')).toBeInTheDocument();
    expect(within(structure()).getByText(/2 de 2 concluídas/)).toBeInTheDocument();
  });
});
