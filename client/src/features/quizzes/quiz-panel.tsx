import type { LearnerQuiz, QuizAttempt, QuizAttemptResponse } from '@aprendiz/contract/quizzes';
import { QUIZ_NOTHING_ANSWERED } from '@aprendiz/contract/rules/quiz-grading';
import { useState } from 'react';
import { api } from '../../lib/api-client';
import { buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { send } from '../../lib/send';
import { quizHeading } from '@aprendiz/contract/rules/quiz-content';

type QuizPanelProps = {
  courseId: string;
  /** As the route's loader read it: no correct flags, no explanations. */
  quiz: LearnerQuiz;
  onClose: () => void;
  /** Each graded attempt, so the player can count a passed quiz at once. */
  onGraded?: (attempt: QuizAttempt) => void;
  /** Once the quiz is passed, where the course goes on ('Próxima aula'); absent after the last chapter. */
  onNextLecture?: (() => void) | null;
};

const primary = buttonClass();
const secondary = buttonClass({ variant: 'secondary' });

/** The server tells which questions were right only after a pass or on the last attempt. */
export const ANSWERS_LATER =
  'Você verá quais questões acertou, e por quê, quando for aprovado ou na última tentativa.';

function attemptsText(left: number | null): string {
  if (left === null) return 'Tentativas ilimitadas';
  return left === 1 ? '1 tentativa restante' : `${left} tentativas restantes`;
}

/** Said before sending when nothing is chosen: the server refuses such an attempt with it too. */
export const NOTHING_ANSWERED = QUIZ_NOTHING_ANSWERED;

export function unansweredText(count: number): string {
  return count === 1
    ? 'Você deixou 1 pergunta sem resposta. Enviar mesmo assim?'
    : `Você deixou ${count} perguntas sem resposta. Enviar mesmo assim?`;
}

export function quizUrl(courseId: string, quizId: string): string {
  return `/api/course/${encodeURIComponent(courseId)}/quizzes/${encodeURIComponent(quizId)}`;
}

/**
 * A chapter's quiz in the player: every question on one page on a wide screen, one per screen on a
 * phone. The correct options come only with a graded attempt, and only when the server reveals them.
 */
export function QuizPanel({
  courseId,
  quiz: loaded,
  onClose,
  onGraded,
  onNextLecture,
}: QuizPanelProps) {
  const url = quizUrl(courseId, loaded.quizId);
  const [quiz, setQuiz] = useState(loaded);
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const [step, setStep] = useState(0);
  const [sending, setSending] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState<QuizAttempt | null>(null);
  const [confirming, setConfirming] = useState(false);

  const questions = quiz.questions;
  const choose = (questionId: string, optionId: string, multiple: boolean) =>
    setAnswers((current) => {
      const chosen = current[questionId] ?? [];
      const next = multiple
        ? chosen.includes(optionId)
          ? chosen.filter((id) => id !== optionId)
          : [...chosen, optionId]
        : [optionId];
      return { ...current, [questionId]: next };
    });

  const unanswered = questions.filter((q) => (answers[q.questionId] ?? []).length === 0).length;

  /**
   * 'Enviar respostas': an attempt is a try the learner may not get back (one attempt allowed and
   * the certificate waits on it), so nothing chosen is not sent, and a partial answer is sent only
   * once the learner confirms it.
   */
  function askToSubmit() {
    if (unanswered === questions.length) {
      setSubmitError(NOTHING_ANSWERED);
      return;
    }
    if (unanswered > 0) setConfirming(true);
    else void submit();
  }

  async function submit() {
    setConfirming(false);
    setSending(true);
    setSubmitError(null);
    const data = await send(
      api.post<QuizAttemptResponse>(`${url}/attempts`, {
        answers: questions.map((q) => ({
          questionId: q.questionId,
          optionIds: answers[q.questionId] ?? [],
        })),
      }),
      { inline: setSubmitError },
    );
    setSending(false);
    if (!data) return;
    setAttempt(data.attempt);
    setQuiz((current) => ({
      ...current,
      attemptsLeft: data.attempt.attemptsLeft,
      passed: current.passed || data.attempt.passed,
      bestScore: Math.max(current.bestScore ?? 0, data.attempt.score),
    }));
    onGraded?.(data.attempt);
  }

  function retry() {
    setAttempt(null);
    setAnswers({});
    setStep(0);
  }

  const results = new Map(attempt?.results.map((result) => [result.questionId, result]));
  const canSubmit = !attempt && quiz.attemptsLeft !== 0;

  return (
    <section
      aria-labelledby="quiz-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="quiz-heading" className="text-xl font-semibold text-slate-900">
        {quizHeading(quiz.title)}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Nota mínima {quiz.passPercent}%{!quiz.passed && ` · ${attemptsText(quiz.attemptsLeft)}`}
        {quiz.required ? ' · Obrigatório' : ' · Opcional'}
        {quiz.bestScore !== null && ` · Melhor nota ${quiz.bestScore}%`}
        {quiz.passed && ' · Aprovado'}
      </p>

      {attempt && (
        <div
          role="status"
          className={`mt-4 rounded-lg p-4 ${attempt.passed ? 'bg-green-50 text-green-900' : 'bg-amber-50 text-amber-900'}`}
        >
          <p className="text-lg font-semibold">
            {attempt.passed ? 'Aprovado' : 'Não aprovado'}: {attempt.score}%
          </p>
          {!attempt.passed && <p className="text-sm">{attemptsText(attempt.attemptsLeft)}</p>}
          {attempt.results.length === 0 && <p className="text-sm">{ANSWERS_LATER}</p>}
        </div>
      )}

      <ol className="mt-4 space-y-6">
        {questions.map((question, index) => {
          const result = results.get(question.questionId);
          const multiple = question.kind === 'multiple';
          const chosen = answers[question.questionId] ?? [];
          const shown = attempt !== null || index === step;
          return (
            <li key={question.questionId} className={shown ? '' : 'hidden md:block'}>
              <fieldset disabled={attempt !== null}>
                <legend className="font-medium text-slate-900">
                  {index + 1}. {question.prompt}
                  {multiple && (
                    <span className="block text-sm font-normal text-slate-600">
                      Escolha todas as opções corretas
                    </span>
                  )}
                </legend>
                <div className="mt-2 space-y-2">
                  {question.options.map((option) => {
                    const isRight = result?.correctOptionIds?.includes(option.optionId);
                    return (
                      <label
                        key={option.optionId}
                        className={`flex items-start gap-2 rounded-md border px-3 py-2 ${isRight ? 'border-green-600 bg-green-50' : 'border-slate-200'}`}
                      >
                        <input
                          type={multiple ? 'checkbox' : 'radio'}
                          name={`q-${question.questionId}`}
                          checked={chosen.includes(option.optionId)}
                          onChange={() => choose(question.questionId, option.optionId, multiple)}
                          className="mt-1"
                        />
                        <span className="break-words text-slate-800">
                          {option.text}
                          {isRight && (
                            <span className="ml-2 text-sm text-green-800">(correta)</span>
                          )}
                        </span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>
              {result && (
                <div
                  className={`mt-2 text-sm ${result.correct ? 'text-green-800' : 'text-red-800'}`}
                >
                  <p className="font-medium">
                    {result.correct ? 'Certa' : chosen.length === 0 ? 'Sem resposta' : 'Errada'}
                  </p>
                  {!result.correct && result.explanation && (
                    <p className="text-slate-700">{result.explanation}</p>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ol>

      {submitError && (
        <p role="alert" className="mt-4 text-red-800">
          {submitError}
        </p>
      )}

      <div className="mt-6 flex flex-wrap items-center gap-3">
        {canSubmit && (
          <>
            <button
              type="button"
              className={`md:hidden ${secondary}`}
              disabled={step === 0}
              onClick={() => setStep((n) => n - 1)}
            >
              Anterior
            </button>
            {step < questions.length - 1 && (
              <button
                type="button"
                className={`md:hidden ${primary}`}
                onClick={() => setStep((n) => n + 1)}
              >
                Próxima
              </button>
            )}
            <button
              type="button"
              className={`${primary} ${step < questions.length - 1 ? 'hidden md:inline-block' : ''}`}
              aria-busy={sending || undefined}
              disabled={sending}
              onClick={askToSubmit}
            >
              {sending ? 'Enviando…' : 'Enviar respostas'}
            </button>
          </>
        )}
        {attempt && attempt.attemptsLeft !== 0 && !attempt.passed && (
          <button type="button" className={primary} onClick={retry}>
            Tentar novamente
          </button>
        )}
        {(attempt?.passed ?? quiz.passed) && onNextLecture && (
          <button type="button" className={primary} onClick={onNextLecture}>
            Próxima aula
          </button>
        )}
        <button type="button" className={secondary} onClick={onClose}>
          Voltar às aulas
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Enviar respostas?"
        message={unansweredText(unanswered)}
        confirmLabel="Enviar mesmo assim"
        cancelLabel="Continuar respondendo"
        onConfirm={() => void submit()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
