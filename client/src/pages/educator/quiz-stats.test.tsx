import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuizStatsResponse } from '@aprendiz/contract/quizzes';
import { stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import QuizStatsPage, { loader } from './quiz-stats';

const COURSE_ID = '6f1c2a9e-1111-4c3b-9a7e-000000000001';

function renderPage() {
  return renderWithProviders(<QuizStatsPage />, {
    route: `/educator/course/${COURSE_ID}/quizzes`,
    path: '/educator/course/:id/quizzes',
    loader,
    auth: { user: testUser },
    app: { isEducator: true },
  });
}

const stats: QuizStatsResponse = {
  success: true,
  courseTitle: 'JavaScript do Zero',
  quizzes: [
    {
      quizId: 'z1',
      title: 'Revisão do começo',
      chapterTitle: 'Introdução',
      attempts: 3,
      learners: 2,
      passRate: 33,
      averageScore: 55,
      mostMissed: [
        { questionId: 'q1', prompt: 'Qual declara uma constante?', missed: 2 },
        { questionId: 'q2', prompt: 'Quais são primitivos?', missed: 1 },
      ],
    },
    {
      quizId: 'z2',
      title: 'Funções',
      chapterTitle: 'Funções',
      attempts: 0,
      learners: 0,
      passRate: 0,
      averageScore: 0,
      mostMissed: [],
    },
  ],
};

describe('QuizStatsPage', () => {
  it('when the stats arrive, then each quiz shows attempts, learners, pass rate, average and the most missed questions', async () => {
    const { calls } = stubApi(() => ({ data: stats }));
    renderPage();
    const first = await screen.findByRole('article', { name: 'Revisão do começo' }, LOADED);
    expect(screen.getByRole('heading', { level: 1, name: 'JavaScript do Zero' })).toBeVisible();
    expect(calls[0]!.url).toBe(`/api/educator/course/${COURSE_ID}/quiz-stats`);
    const figures = within(first)
      .getAllByRole('definition')
      .map((node) => node.textContent);
    expect(figures).toEqual(['3', '2', '33%', '55%']);
    expect(within(first).getByText('Capítulo: Introdução')).toBeInTheDocument();
    const missed = within(first).getAllByRole('listitem');
    expect(missed.map((item) => item.textContent)).toEqual([
      'Qual declara uma constante? (errada 2 vezes)',
      'Quais são primitivos? (errada 1 vez)',
    ]);
    const second = screen.getByRole('article', { name: 'Funções' });
    expect(within(second).getByText('Nenhuma tentativa ainda.')).toBeInTheDocument();
  });

  it('when the course has no quizzes, then the page says so and leads to the editor', async () => {
    stubApi(() => ({ data: { ...stats, quizzes: [] } }));
    renderPage();
    expect(
      await screen.findByText('Este curso ainda não tem questionários.', {}, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Adicionar um questionário' })).toHaveAttribute(
      'href',
      `/educator/course/${COURSE_ID}/edit`,
    );
  });

  it("when the course is another educator's, then the server's refusal is shown with a way back", async () => {
    stubApi(() => ({
      status: 403,
      data: {
        success: false,
        message: 'Só o educador do curso pode ver as estatísticas dos questionários',
      },
    }));
    renderPage();
    expect(
      await screen.findByText(
        'Só o educador do curso pode ver as estatísticas dos questionários',
        {},
        LOADED,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar a My Courses' })).toBeInTheDocument();
  });

  it('when the stats cannot be read, then the error shows with a retry; an unknown course says not found', async () => {
    stubApi(() => ({ status: 503, data: { success: false, message: 'Serviço indisponível' } }));
    const { unmount } = renderPage();
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Não foi possível carregar as estatísticas dos questionários' },
        LOADED,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Serviço indisponível')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    unmount();

    stubApi(() => ({ status: 404, data: { success: false, message: 'Curso não encontrado' } }));
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Curso não encontrado' }, LOADED),
    ).toBeInTheDocument();
  });
});
