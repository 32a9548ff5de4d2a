import type { QuizStats, QuizStatsResponse } from '@aprendiz/contract/quizzes';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { Deferred } from '../../components/deferred';
import { Loader } from '../../components/loader';
import { buttonClass } from '../../components/ui/button';
import { focusRing } from '../../components/ui/focus-ring';
import { paths } from '../../config/paths';
import { loadSignedIn, useSignedInResult } from '../../data/signed-in-loader';
import { api } from '../../lib/api-client';
import { isApiError, serverMessage } from '../../lib/api-error';
import { usePageTitle } from '../../lib/use-page-title';

type QuizStatsView =
  | { kind: 'stats'; courseId: string; courseTitle: string; quizzes: QuizStats[] }
  /** Another educator's course: inside the educator area a 403 can only mean that. */
  | { kind: 'refused'; message: string };

/** GET /api/educator/course/:id/quiz-stats, not awaited: the page shows its loader meanwhile. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const courseId = params.id ?? '';
  return loadSignedIn(request, async (signal): Promise<QuizStatsView> => {
    try {
      const { data } = await api.get<QuizStatsResponse>(
        `/api/educator/course/${encodeURIComponent(courseId)}/quiz-stats`,
        { signal },
      );
      return { kind: 'stats', courseId, courseTitle: data.courseTitle, quizzes: data.quizzes };
    } catch (err) {
      if (isApiError(err, 403)) {
        return { kind: 'refused', message: serverMessage(err) ?? 'Este curso não é seu' };
      }
      throw err;
    }
  });
}

const linkClass = `rounded-sm font-medium text-blue-700 underline hover:text-blue-900 ${focusRing}`;

function BackLink() {
  return (
    <Link to={paths.educatorMyCourses} className={linkClass}>
      Voltar a My Courses
    </Link>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-xl font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function timesMissed(missed: number): string {
  return missed === 1 ? 'errada 1 vez' : `errada ${missed} vezes`;
}

function QuizCard({ quiz }: { quiz: QuizStats }) {
  const headingId = `quiz-${quiz.quizId}`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <article aria-labelledby={headingId} className="space-y-4">
        <header>
          <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
            {quiz.title}
          </h2>
          {quiz.chapterTitle && (
            <p className="text-sm break-words text-slate-600">Capítulo: {quiz.chapterTitle}</p>
          )}
        </header>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label="Tentativas" value={String(quiz.attempts)} />
          <Figure label="Alunos" value={String(quiz.learners)} />
          <Figure label="Taxa de aprovação" value={`${quiz.passRate}%`} />
          <Figure label="Nota média" value={`${quiz.averageScore}%`} />
        </dl>
        {quiz.attempts === 0 ? (
          <p className="text-slate-700">Nenhuma tentativa ainda.</p>
        ) : (
          <section aria-labelledby={`${headingId}-missed`}>
            <h3 id={`${headingId}-missed`} className="font-medium text-slate-900">
              Perguntas mais erradas
            </h3>
            {quiz.mostMissed.length === 0 ? (
              <p className="mt-1 text-slate-700">Nenhuma pergunta errada até agora.</p>
            ) : (
              <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-800">
                {quiz.mostMissed.map((question) => (
                  <li key={question.questionId} className="break-words">
                    {question.prompt}{' '}
                    <span className="text-sm whitespace-nowrap text-slate-600">
                      ({timesMissed(question.missed)})
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        )}
      </article>
    </li>
  );
}

function QuizStatsScreen({ view }: { view: QuizStatsView }) {
  usePageTitle(view.kind === 'stats' ? `Questionários: ${view.courseTitle}` : 'Questionários');
  if (view.kind === 'refused') {
    return (
      <section role="alert" className="space-y-3 p-4 md:p-8">
        <h1 className="text-2xl font-semibold text-slate-900">Questionários</h1>
        <p className="text-slate-700">{view.message}</p>
        <BackLink />
      </section>
    );
  }
  return (
    <div className="space-y-6 p-4 md:p-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">Questionários</p>
          <h1 className="text-2xl font-semibold break-words text-slate-900">{view.courseTitle}</h1>
        </div>
        <div className="flex flex-wrap gap-4 text-sm">
          <Link to={paths.educatorEditCourse(view.courseId)} className={linkClass}>
            Editar curso
          </Link>
          <BackLink />
        </div>
      </header>
      {view.quizzes.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-6">
          <p className="text-slate-700">Este curso ainda não tem questionários.</p>
          <Link to={paths.educatorEditCourse(view.courseId)} className={buttonClass()}>
            Adicionar um questionário
          </Link>
        </div>
      ) : (
        <ul className="space-y-4">
          {view.quizzes.map((quiz) => (
            <QuizCard key={quiz.quizId} quiz={quiz} />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * /educator/course/:id/quizzes: per quiz of the course, attempts, learners, pass rate, average score
 * and the questions most often answered wrong.
 */
export default function QuizStatsPage() {
  const stats = useSignedInResult(useLoaderData<typeof loader>());
  return (
    <Deferred
      result={stats}
      pending={<Loader label="Carregando as estatísticas dos questionários…" />}
      failedTitle="Não foi possível carregar as estatísticas dos questionários"
      failedActions={<BackLink />}
      notFound={
        <section className="space-y-3 p-4 md:p-8">
          <h1 className="text-2xl font-semibold text-slate-900">Curso não encontrado</h1>
          <BackLink />
        </section>
      }
    >
      {(view) => <QuizStatsScreen view={view} />}
    </Deferred>
  );
}
