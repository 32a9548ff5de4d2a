import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { QuizInput } from '@aprendiz/contract/quizzes';
import { quizInputSchema } from '@aprendiz/contract/quizzes';
import { ChapterQuizEditor } from './chapter-quiz-editor';

let latest: QuizInput | null = null;

function Harness() {
  const [quiz, setQuiz] = useState<QuizInput | null>(null);
  latest = quiz;
  return <ChapterQuizEditor chapterTitle="Começo" quiz={quiz} onChange={setQuiz} />;
}

describe('ChapterQuizEditor', () => {
  it(
    'when the educator adds a quiz with a single, a multiple and a true/false question, then it passes the contract schema with 70 % and the attempts chosen',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      render(<Harness />);
      await user.click(screen.getByRole('button', { name: '+ Questionário' }));
      expect(screen.getByLabelText('Título do questionário')).toHaveValue('Começo');
      expect(screen.getByLabelText('Nota mínima (%)')).toHaveValue(70);

      await user.type(screen.getByLabelText('Enunciado'), 'Qual declara uma constante?');
      const texts = screen.getAllByLabelText(/Texto da opção/);
      await user.type(texts[0]!, 'const');
      await user.type(texts[1]!, 'let');
      await user.type(
        screen.getByLabelText('Explicação (mostrada após a aprovação ou a última tentativa)'),
        'const não muda',
      );

      await user.click(screen.getByRole('button', { name: '+ Pergunta' }));
      const prompts = screen.getAllByLabelText('Enunciado');
      await user.type(prompts[1]!, 'Quais são primitivos?');
      await user.selectOptions(screen.getAllByLabelText('Tipo')[1]!, 'multiple');
      await user.click(screen.getAllByRole('button', { name: '+ Opção' })[1]!);
      const second = screen.getAllByLabelText(/Texto da opção/).slice(2);
      await user.type(second[0]!, 'string');
      await user.type(second[1]!, 'Array');
      await user.type(second[2]!, 'number');
      await user.click(screen.getAllByLabelText('Opção 3 correta')[0]!);

      await user.click(screen.getByRole('button', { name: '+ Pergunta' }));
      await user.type(screen.getAllByLabelText('Enunciado')[2]!, 'TS compila para JS.');
      await user.selectOptions(screen.getAllByLabelText('Tipo')[2]!, 'truefalse');
      await user.selectOptions(screen.getByLabelText('Tentativas'), '3');

      const parsed = quizInputSchema.parse(latest);
      expect(parsed).toMatchObject({ passPercent: 70, maxAttempts: 3, required: true });
      expect(parsed.questions.map((q) => q.kind)).toEqual(['single', 'multiple', 'truefalse']);
      expect(parsed.questions[1]!.options.map((o) => o.correct)).toEqual([true, false, true]);
      expect(parsed.questions[2]!.options.map((o) => o.text)).toEqual(['Verdadeiro', 'Falso']);
    },
  );

  it('when a single-choice question gets another correct option, then only that one stays correct; removing the quiz leaves none', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: '+ Questionário' }));
    await user.click(screen.getByLabelText('Opção 2 correta'));
    expect(latest!.questions[0]!.options.map((o) => o.correct)).toEqual([false, true]);
    await user.click(screen.getByRole('button', { name: 'Remover questionário' }));
    expect(latest).toBeNull();
  });
});
