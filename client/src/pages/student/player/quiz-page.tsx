import type { LearnerQuizResponse, QuizAttempt } from '@aprendiz/contract/quizzes';
import { useLoaderData, useOutletContext, type LoaderFunctionArgs } from 'react-router-dom';
import { Deferred } from '../../../components/deferred';
import { QuizPanel, quizUrl } from '../../../components/quiz/quiz-panel';
import { buttonClass } from '../../../components/ui/button';
import { keptOnRootRefresh } from '../../../data/revalidation';
import { loadSignedIn, useSignedInResult } from '../../../data/signed-in-loader';
import { api } from '../../../lib/api-client';

/** What the player hands the quiz open in its place. */
export type QuizOutletContext = {
  courseId: string;
  onClose: () => void;
  onGraded: (quizId: string, attempt: QuizAttempt) => void;
};

/** GET /api/course/:courseId/quizzes/:quizId, not awaited: the panel shows its loader meanwhile. */
export function loader({ params, request }: LoaderFunctionArgs) {
  return loadSignedIn(request, async (signal) => {
    const { data } = await api.get<LearnerQuizResponse>(
      quizUrl(params.courseId ?? '', params.quizId ?? ''),
      { signal },
    );
    return data.quiz;
  });
}

export const shouldRevalidate = keptOnRootRefresh;

function Waiting() {
  return (
    <p role="status" className="text-slate-600">
      Carregando questionário…
    </p>
  );
}

/** /player/:courseId/quiz/:quizId: the chapter's quiz, in the player where the lecture was. */
export default function QuizPage() {
  const { courseId, onClose, onGraded } = useOutletContext<QuizOutletContext>();
  const quiz = useSignedInResult(useLoaderData<typeof loader>());
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
        />
      )}
    </Deferred>
  );
}
