import { useLoaderData, useOutletContext, type LoaderFunctionArgs } from 'react-router-dom';
import { keptOnRootRefresh } from '../../../data/revalidation';
import { loadSignedIn, useSignedInResult } from '../../../data/signed-in-loader';
import { loadPlayerQuiz, PlayerQuiz, type QuizOutletContext } from '../../../features/quizzes';

/** The quiz, not awaited: the panel shows its loader meanwhile. */
export function loader({ params, request }: LoaderFunctionArgs) {
  return loadSignedIn(request, (signal) =>
    loadPlayerQuiz(params.courseId ?? '', params.quizId ?? '', signal),
  );
}

export const shouldRevalidate = keptOnRootRefresh;

/** /player/:courseId/quiz/:quizId: the chapter's quiz, in the player where the lecture was. */
export default function QuizPage() {
  const context = useOutletContext<QuizOutletContext>();
  const quiz = useSignedInResult(useLoaderData<typeof loader>());
  return <PlayerQuiz {...context} quiz={quiz} />;
}
