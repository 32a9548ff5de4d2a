import type { QuizSummary } from '@aprendiz/contract/quizzes';
import { focusRing } from '../../components/ui/focus-ring';
import { CompletedTick } from '../../components/completed-tick';
import { quizHeading } from '@aprendiz/contract/rules/quiz-content';

function QuizMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0 fill-violet-600">
      <path d="M4 2h9l3 3v13H4zm2 5v2h8V7zm0 4v2h8v-2zm0 4v1h5v-1z" />
    </svg>
  );
}

/** A chapter's quiz as the last item of its lecture list. */
export function QuizListItem({
  quiz,
  current,
  passed = false,
  onOpen,
}: {
  quiz: QuizSummary;
  current: boolean;
  passed?: boolean;
  onOpen?: (quizId: string) => void;
}) {
  return (
    <li
      aria-current={current ? 'true' : undefined}
      className={`flex items-center gap-3 px-4 py-2 text-sm ${current ? 'bg-blue-50' : ''}`}
    >
      {passed ? <CompletedTick label="Aprovado" /> : <QuizMark />}
      <span className="min-w-0 flex-1 break-words text-slate-800">
        {quizHeading(quiz.title)}
        <span className="block text-xs text-slate-600">
          {quiz.questionCount === 1 ? '1 pergunta' : `${quiz.questionCount} perguntas`} ·{' '}
          {quiz.required ? 'obrigatório' : 'opcional'}
          {passed && ' · aprovado'}
        </span>
      </span>
      {onOpen && (
        <button
          type="button"
          onClick={() => onOpen(quiz.quizId)}
          aria-label={`Fazer questionário: ${quiz.title}`}
          className={`shrink-0 rounded-sm font-medium text-blue-700 hover:underline ${focusRing}`}
        >
          {current ? 'Aberto' : 'Fazer'}
        </button>
      )}
    </li>
  );
}
