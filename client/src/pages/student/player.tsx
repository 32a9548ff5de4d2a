import { Suspense, use } from 'react';
import { Link, useLoaderData, useParams, useRevalidator } from 'react-router-dom';
import { useAuthUser } from '../../auth/auth-context';
import { Loader } from '../../components/loader';
import { SignInRequired } from '../../components/sign-in-required';
import { buttonClass } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { paths } from '../../config/paths';
import type { LoadResult } from '../../data/load-result';
import { revalidateToRetry } from '../../data/revalidation';
import { resultFor } from '../../data/signed-in-loader';
import { CoursePlayer, type loader, type PlayerData } from '../../features/course-player';
import { usePageTitle } from '../../lib/use-page-title';

export { loader, shouldRevalidate } from '../../features/course-player';

function NotEnrolled({ courseId }: { courseId: string }) {
  usePageTitle('Curso não disponível');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900 md:text-3xl">
        Você não está inscrito neste curso
      </h1>
      <p className="text-slate-700">
        Inscreva-se no curso para assistir às aulas, marcar o seu progresso e avaliá-lo.
      </p>
      <Link to={paths.course(courseId)} className={buttonClass({ size: 'lg' })}>
        Ver página do curso
      </Link>
    </section>
  );
}

/** 410: the course was removed (a rights claim); retrying will not bring it back. */
function CourseRemoved({ message }: { message: string }) {
  usePageTitle('Curso removido');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900 md:text-3xl">Curso removido</h1>
      <p className="text-slate-700">{message}</p>
      <Link to={paths.myEnrollments} className={buttonClass({ size: 'lg' })}>
        Voltar para Meus Cursos
      </Link>
    </section>
  );
}

function CourseLoadError({ onRetry }: { onRetry: () => void }) {
  usePageTitle('Erro ao carregar o curso');
  return (
    <LoadError
      title="Não foi possível carregar o curso"
      message="Verifique a sua conexão e tente novamente."
      onRetry={onRetry}
    />
  );
}

function WaitingForCourse() {
  usePageTitle('Carregando curso…');
  return (
    <>
      <h1 className="sr-only">Carregando curso</h1>
      <Loader label="Carregando curso…" />
    </>
  );
}

/**
 * /player/{courseId}: the enrolled course's lectures, video, progress and rating. The route's loader
 * reads the course (every lecture URL, the completed ids, `myRating`) and the resume point.
 */
export default function PlayerPage() {
  const { courseId = '' } = useParams();
  const { user, isLoaded } = useAuthUser();
  const data = useLoaderData<typeof loader>();

  if (!isLoaded) return <WaitingForCourse />;
  if (!user) {
    return (
      <SignInRequired
        title="Assistir ao curso"
        message="Entre na sua conta para assistir às aulas deste curso."
      />
    );
  }
  const read = resultFor(data, user.id);
  if (!read) return <WaitingForCourse />;
  return (
    <Suspense fallback={<WaitingForCourse />}>
      <LoadedPlayer courseId={courseId} read={read} />
    </Suspense>
  );
}

/** Waits for the course and where the learner stopped (read by the route's loader). */
function LoadedPlayer({
  courseId,
  read,
}: {
  courseId: string;
  read: Promise<LoadResult<PlayerData>>;
}) {
  const loaded = use(read);
  const { revalidate } = useRevalidator();
  if (!loaded.ok && loaded.status === 410) return <CourseRemoved message={loaded.message} />;
  if (!loaded.ok) {
    return <CourseLoadError onRetry={() => void revalidateToRetry(revalidate)} />;
  }
  const { course, resume } = loaded.value;
  if (!course) return <NotEnrolled courseId={courseId} />;
  return <CoursePlayer key={course._id} course={course} resume={resume} />;
}
