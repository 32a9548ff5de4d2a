import type { LearnerQuiz, LearnerQuizResponse, QuizAttempt } from '@aprendiz/contract/quizzes';
import { Deferred } from '../../components/deferred';
import { buttonClass } from '../../components/ui/button';
import type { LoadResult } from '../../data/load-result';
import { api } from '../../lib/api-client';
import { QuizPanel, quizUrl } from './quiz-panel';

/** What the player hands the quiz open in its place. */
export type QuizOutletContext = {
  courseId: string;
  onClose: () => void;
  onGraded: (quizId: string, attempt: QuizAttempt) => void;
  /** Opens the lecture after this quiz's chapter; null after the last chapter. */
  nextLecture: (quizId: string) => (() => void) | null;
};

/** GET /api/course/:courseId/quizzes/:quizId: the quiz a learner takes (answers not included). */
export async function loadPlayerQuiz(
  courseId: string,
  quizId: string,
  signal: AbortSignal,
): Promise<LearnerQuiz> {
  const { data } = await api.get<LearnerQuizResponse>(quizUrl(courseId, quizId), { signal });
  return data.quiz;
}

function Waiting() {
  return (
    <p role="status" className="text-slate-600">
      Carregando questionário…
    </p>
  );
}

/** The chapter's quiz where the lecture was: its loader meanwhile, and a way back if it is gone. */
export function PlayerQuiz({
  quiz,
  courseId,
  onClose,
  onGraded,
  nextLecture,
}: QuizOutletContext & { quiz: Promise<LoadResult<LearnerQuiz>> | null }) {
  const back = (
    <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={onClose}>
      Voltar às aulas
    </button>
  );
  return (
    <Deferred
      result={quiz}
      compact
      pending={<Waiting />}
      failedTitle="Não foi possível carregar o questionário"
      failedActions={back}
      notFound={
        <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          <h2 className="text-xl font-semibold text-slate-900">Questionário não encontrado</h2>
          <p className="mt-1 text-slate-700">
            O educador pode tê-lo retirado do curso. Continue pelas aulas.
          </p>
          <div className="mt-4">{back}</div>
        </section>
      }
    >
      {(loaded) => (
        <QuizPanel
          key={loaded.quizId}
          courseId={courseId}
          quiz={loaded}
          onClose={onClose}
          onGraded={(attempt) => onGraded(loaded.quizId, attempt)}
          onNextLecture={nextLecture(loaded.quizId)}
        />
      )}
    </Deferred>
  );
}
