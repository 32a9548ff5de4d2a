import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LearnerQuiz, QuizAttempt } from '@aprendiz/contract/quizzes';
import { stubApi } from '../../test/api-stub';
import { LOADED } from '../../test/render';
import { ANSWERS_LATER, NOTHING_ANSWERED, QuizPanel, unansweredText } from './quiz-panel';

const quiz: LearnerQuiz = {
  quizId: 'z1',
  title: 'Revisão',
  passPercent: 70,
  maxAttempts: 2,
  required: true,
  version: 1,
  attemptsLeft: 2,
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
    {
      questionId: 'q2',
      prompt: 'Quais são primitivos?',
      kind: 'multiple',
      options: [
        { optionId: 'a', text: 'string' },
        { optionId: 'b', text: 'Array' },
        { optionId: 'c', text: 'number' },
      ],
    },
  ],
};

function attempt(overrides: Partial<QuizAttempt>): QuizAttempt {
  return {
    attemptId: 'x',
    attemptNumber: 1,
    version: 1,
    score: 50,
    passed: false,
    attemptsLeft: 1,
    submittedAt: '2026-11-25T12:00:00.000Z',
    results: [
      { questionId: 'q1', correct: true, explanation: 'const não muda' },
      { questionId: 'q2', correct: false, explanation: 'Array é um objeto' },
    ],
    ...overrides,
  };
}

describe('QuizPanel', () => {
  it('when a learner fails with attempts left, then the score and why no question is marked are shown, and no explanation or correct option', async () => {
    const { calls } = stubApi(() => ({
      status: 201,
      // As the server answers then: no per-question results until a pass or the last attempt.
      data: { success: true, attempt: attempt({ results: [] }) },
    }));
    const onGraded = vi.fn();
    render(<QuizPanel courseId="c1" quiz={quiz} onClose={vi.fn()} onGraded={onGraded} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'const' }, LOADED));
    await user.click(screen.getByRole('checkbox', { name: 'string' }));
    await user.click(screen.getByRole('checkbox', { name: 'Array' }));
    await user.click(screen.getByRole('button', { name: 'Enviar respostas' }));
    expect(await screen.findByText('Não aprovado: 50%')).toBeInTheDocument();
    expect(screen.getAllByText('1 tentativa restante').length).toBeGreaterThan(0);
    expect(screen.getByText(ANSWERS_LATER)).toBeInTheDocument();
    expect(screen.queryByText('Errada')).not.toBeInTheDocument();
    expect(screen.queryByText('Certa')).not.toBeInTheDocument();
    expect(screen.queryByText('(correta)')).not.toBeInTheDocument();
    expect(onGraded).toHaveBeenCalledWith(expect.objectContaining({ passed: false, score: 50 }));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toBe('/api/course/c1/quizzes/z1/attempts');
    expect(calls[0]!.body).toEqual({
      answers: [
        { questionId: 'q1', optionIds: ['a'] },
        { questionId: 'q2', optionIds: ['a', 'b'] },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(screen.getByRole('radio', { name: 'const' })).not.toBeChecked();
  });

  it('when the learner passes, then the correct options are marked and the course goes on from there', async () => {
    stubApi(() => ({
      status: 201,
      data: {
        success: true,
        attempt: attempt({
          score: 100,
          passed: true,
          results: [
            { questionId: 'q1', correct: true, explanation: '', correctOptionIds: ['a'] },
            {
              questionId: 'q2',
              correct: true,
              explanation: '',
              correctOptionIds: ['a', 'c'],
            },
          ],
        }),
      },
    }));
    const onNextLecture = vi.fn();
    render(<QuizPanel courseId="c1" quiz={quiz} onClose={vi.fn()} onNextLecture={onNextLecture} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'const' }, LOADED));
    // Not passed yet: nothing to go on to.
    expect(screen.queryByRole('button', { name: 'Próxima aula' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'string' }));
    await user.click(screen.getByRole('checkbox', { name: 'number' }));
    await user.click(screen.getByRole('button', { name: 'Enviar respostas' }));
    expect(await screen.findByText('Aprovado: 100%')).toBeInTheDocument();
    expect(screen.getAllByText('(correta)')).toHaveLength(3);
    expect(screen.getByText(/Melhor nota 100% · Aprovado/)).toBeInTheDocument();
    // Passed: attempts no longer matter, so none are counted.
    expect(screen.queryByText(/tentativas? restantes?/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Próxima aula' }));
    expect(onNextLecture).toHaveBeenCalledTimes(1);
  });

  it('when no attempts are left, then the server refusal is shown beside the button', async () => {
    stubApi(() => ({
      status: 409,
      data: { success: false, message: 'Você já usou todas as tentativas deste questionário' },
    }));
    render(<QuizPanel courseId="c1" quiz={quiz} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'const' }, LOADED));
    await user.click(screen.getByRole('checkbox', { name: 'string' }));
    await user.click(screen.getByRole('button', { name: 'Enviar respostas' }));
    expect(
      await screen.findByText('Você já usou todas as tentativas deste questionário'),
    ).toBeInTheDocument();
  });

  it('when nothing is chosen, then nothing is sent and the learner is asked to answer', async () => {
    const { calls } = stubApi(() => ({ status: 500, data: {} }));
    render(<QuizPanel courseId="c1" quiz={quiz} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enviar respostas' }, LOADED));
    expect(screen.getByRole('alert')).toHaveTextContent(NOTHING_ANSWERED);
    expect(calls).toHaveLength(0);
  });

  it('when a question is left unanswered, then the learner confirms first, and on the last attempt it reads "Sem resposta"', async () => {
    const { calls } = stubApi(() => ({
      status: 201,
      data: {
        success: true,
        attempt: attempt({
          attemptsLeft: 0,
          results: [
            { questionId: 'q1', correct: true, explanation: '', correctOptionIds: ['a'] },
            { questionId: 'q2', correct: false, explanation: '', correctOptionIds: ['a', 'c'] },
          ],
        }),
      },
    }));
    render(<QuizPanel courseId="c1" quiz={quiz} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'const' }, LOADED));
    await user.click(screen.getByRole('button', { name: 'Enviar respostas' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Enviar respostas?' });
    expect(dialog).toHaveTextContent('Você deixou 1 pergunta sem resposta. Enviar mesmo assim?');
    await user.click(screen.getByRole('button', { name: 'Continuar respondendo' }));
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Enviar respostas' }));
    await user.click(await screen.findByRole('button', { name: 'Enviar mesmo assim' }));
    expect(await screen.findByText('Não aprovado: 50%')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(screen.getByText('Certa')).toBeInTheDocument();
    expect(screen.getByText('Sem resposta')).toBeInTheDocument();
    expect(screen.queryByText('Errada')).not.toBeInTheDocument();
  });

  it('when two questions are left, then the question counts them', () => {
    expect(unansweredText(2)).toBe('Você deixou 2 perguntas sem resposta. Enviar mesmo assim?');
  });
});
