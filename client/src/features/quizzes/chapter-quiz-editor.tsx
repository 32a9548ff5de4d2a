import type { QuizInput, QuizKind } from '@aprendiz/contract/quizzes';
import { QUIZ_MAX_ATTEMPTS_LIMIT, QUIZ_PASS_PERCENT_DEFAULT } from '@aprendiz/contract/quizzes';
import { useId } from 'react';
import { buttonClass } from '../../components/ui/button';
import { focusRingTight } from '../../components/ui/focus-ring';

type QuestionInput = QuizInput['questions'][number];

const inputClass = `w-full rounded border border-gray-400 px-3 py-2 text-slate-900 ${focusRingTight}`;
const labelClass = 'block text-sm font-medium text-gray-700';
const smallButton = buttonClass({ variant: 'secondary', size: 'sm' });
const dangerButton = buttonClass({ variant: 'quietDanger', size: 'sm' });

const KIND_NAMES: Record<QuizKind, string> = {
  single: 'Uma opção correta',
  multiple: 'Várias opções corretas',
  truefalse: 'Verdadeiro ou falso',
};

const newId = () => crypto.randomUUID();

function newQuestion(kind: QuizKind = 'single'): QuestionInput {
  if (kind === 'truefalse') {
    return {
      questionId: newId(),
      prompt: '',
      kind,
      explanation: '',
      options: [
        { optionId: newId(), text: 'Verdadeiro', correct: true },
        { optionId: newId(), text: 'Falso', correct: false },
      ],
    };
  }
  return {
    questionId: newId(),
    prompt: '',
    kind,
    explanation: '',
    options: [
      { optionId: newId(), text: '', correct: true },
      { optionId: newId(), text: '', correct: false },
    ],
  };
}

export function newQuiz(chapterTitle: string): QuizInput {
  return {
    quizId: newId(),
    title: chapterTitle,
    passPercent: QUIZ_PASS_PERCENT_DEFAULT,
    maxAttempts: null,
    required: true,
    questions: [newQuestion()],
  };
}

/** Switching kinds keeps the options that still fit: true/false always has its own two. */
function changeKind(question: QuestionInput, kind: QuizKind): QuestionInput {
  if (kind === 'truefalse')
    return {
      ...newQuestion('truefalse'),
      questionId: question.questionId,
      prompt: question.prompt,
      explanation: question.explanation,
    };
  if (kind === 'single') {
    const first = question.options.findIndex((option) => option.correct);
    return {
      ...question,
      kind,
      options: question.options.map((option, index) => ({
        ...option,
        correct: index === Math.max(first, 0),
      })),
    };
  }
  return { ...question, kind };
}

function QuestionEditor({
  question,
  number,
  onChange,
  onRemove,
}: {
  question: QuestionInput;
  number: number;
  onChange: (question: QuestionInput) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const setOption = (index: number, fields: Partial<QuestionInput['options'][number]>) =>
    onChange({
      ...question,
      options: question.options.map((option, i) => {
        if (i === index) return { ...option, ...fields };
        // One correct option only, for single and true/false questions.
        if (fields.correct && question.kind !== 'multiple') return { ...option, correct: false };
        return option;
      }),
    });
  return (
    <li className="rounded border border-gray-200 p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium text-gray-800">Pergunta {number}</span>
        <button
          type="button"
          onClick={onRemove}
          className={dangerButton}
          aria-label={`Remover pergunta ${number}`}
        >
          Remover
        </button>
      </div>
      <label htmlFor={`${id}-prompt`} className={`mt-2 ${labelClass}`}>
        Enunciado
      </label>
      <textarea
        id={`${id}-prompt`}
        rows={2}
        value={question.prompt}
        onChange={(event) => onChange({ ...question, prompt: event.target.value })}
        className={inputClass}
      />
      <label htmlFor={`${id}-kind`} className={`mt-2 ${labelClass}`}>
        Tipo
      </label>
      <select
        id={`${id}-kind`}
        value={question.kind}
        onChange={(event) => onChange(changeKind(question, event.target.value as QuizKind))}
        className={inputClass}
      >
        {(Object.keys(KIND_NAMES) as QuizKind[]).map((kind) => (
          <option key={kind} value={kind}>
            {KIND_NAMES[kind]}
          </option>
        ))}
      </select>
      <fieldset className="mt-2">
        <legend className={labelClass}>Opções (marque a correta)</legend>
        <ul className="mt-1 space-y-2">
          {question.options.map((option, index) => (
            <li key={option.optionId ?? index} className="flex items-center gap-2">
              <input
                type={question.kind === 'multiple' ? 'checkbox' : 'radio'}
                name={`${id}-correct`}
                checked={option.correct}
                onChange={(event) =>
                  setOption(index, {
                    correct: question.kind === 'multiple' ? event.target.checked : true,
                  })
                }
                aria-label={`Opção ${index + 1} correta`}
              />
              <input
                type="text"
                value={option.text}
                disabled={question.kind === 'truefalse'}
                onChange={(event) => setOption(index, { text: event.target.value })}
                aria-label={`Texto da opção ${index + 1}`}
                className={inputClass}
              />
              {question.kind !== 'truefalse' && question.options.length > 2 && (
                <button
                  type="button"
                  className={dangerButton}
                  aria-label={`Remover opção ${index + 1}`}
                  onClick={() =>
                    onChange({
                      ...question,
                      options: question.options.filter((_, i) => i !== index),
                    })
                  }
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
        {question.kind !== 'truefalse' && question.options.length < 10 && (
          <button
            type="button"
            className={`mt-2 ${smallButton}`}
            onClick={() =>
              onChange({
                ...question,
                options: [...question.options, { optionId: newId(), text: '', correct: false }],
              })
            }
          >
            + Opção
          </button>
        )}
      </fieldset>
      <label htmlFor={`${id}-explanation`} className={`mt-2 ${labelClass}`}>
        Explicação (mostrada após a aprovação ou a última tentativa)
      </label>
      <textarea
        id={`${id}-explanation`}
        rows={2}
        value={question.explanation ?? ''}
        onChange={(event) => onChange({ ...question, explanation: event.target.value })}
        className={inputClass}
      />
    </li>
  );
}

/** The quiz that ends a chapter in the course editor: add, edit or remove it. */
export function ChapterQuizEditor({
  chapterTitle,
  quiz,
  onChange,
}: {
  chapterTitle: string;
  quiz: QuizInput | null | undefined;
  onChange: (quiz: QuizInput | null) => void;
}) {
  const id = useId();
  if (!quiz) {
    return (
      <button
        type="button"
        onClick={() => onChange(newQuiz(chapterTitle))}
        className={`mt-2 ml-2 ${smallButton}`}
      >
        + Questionário
      </button>
    );
  }
  const setQuestion = (index: number, question: QuestionInput) =>
    onChange({ ...quiz, questions: quiz.questions.map((q, i) => (i === index ? question : q)) });
  return (
    <section
      aria-label={`Questionário do capítulo ${chapterTitle}`}
      className="mt-3 rounded-lg border border-violet-200 bg-violet-50/40 p-3"
    >
      <div className="flex items-center justify-between gap-2">
        <h4 className="font-semibold text-gray-800">Questionário do capítulo</h4>
        <button type="button" onClick={() => onChange(null)} className={dangerButton}>
          Remover questionário
        </button>
      </div>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-title`} className={labelClass}>
            Título do questionário
          </label>
          <input
            id={`${id}-title`}
            type="text"
            value={quiz.title}
            onChange={(event) => onChange({ ...quiz, title: event.target.value })}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-pass`} className={labelClass}>
            Nota mínima (%)
          </label>
          <input
            id={`${id}-pass`}
            type="number"
            min={1}
            max={100}
            value={quiz.passPercent ?? QUIZ_PASS_PERCENT_DEFAULT}
            onChange={(event) => onChange({ ...quiz, passPercent: Number(event.target.value) })}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-attempts`} className={labelClass}>
            Tentativas
          </label>
          <select
            id={`${id}-attempts`}
            value={quiz.maxAttempts ?? ''}
            onChange={(event) =>
              onChange({
                ...quiz,
                maxAttempts: event.target.value === '' ? null : Number(event.target.value),
              })
            }
            className={inputClass}
          >
            <option value="">Ilimitadas</option>
            {Array.from({ length: QUIZ_MAX_ATTEMPTS_LIMIT }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 text-sm text-gray-800 sm:col-span-2">
          <input
            type="checkbox"
            checked={quiz.required ?? true}
            onChange={(event) => onChange({ ...quiz, required: event.target.checked })}
          />
          Obrigatório para o certificado
        </label>
      </div>
      <ol className="mt-3 space-y-3">
        {quiz.questions.map((question, index) => (
          <QuestionEditor
            key={question.questionId ?? index}
            question={question}
            number={index + 1}
            onChange={(next) => setQuestion(index, next)}
            onRemove={() =>
              onChange({ ...quiz, questions: quiz.questions.filter((_, i) => i !== index) })
            }
          />
        ))}
      </ol>
      <button
        type="button"
        className={`mt-3 ${smallButton}`}
        onClick={() => onChange({ ...quiz, questions: [...quiz.questions, newQuestion()] })}
      >
        + Pergunta
      </button>
    </section>
  );
}
