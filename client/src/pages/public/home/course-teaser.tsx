import { Link, useLoaderData, useRevalidator } from 'react-router-dom';
import { CourseCard } from '../../../components/course-card';
import { ServerDrawnList } from '../../../components/server-drawn-list';
import { paths } from '../../../config/paths';
import type { CourseSummary } from '@aprendiz/contract/courses';
import { focusRing } from '../../../components/ui/focus-ring';
import { LoadError } from '../../../components/ui/load-error';
import type { LoadResult } from '../../../data/load-result';

/** The home route's data: the teaser's courses (home.tsx's loader). */
export type HomeData = { teaser: LoadResult<CourseSummary[]> };

const GRID = 'grid gap-6 text-left sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
// A card's width in GRID, inside the section's max-w-7xl and its px-4 / sm:px-8 / lg:px-12 padding.
const CARD_SIZES =
  '(min-width: 1280px) 280px, (min-width: 1024px) calc(33vw - 48px), (min-width: 640px) calc(50vw - 44px), calc(100vw - 32px)';

function TeaserBody() {
  const { teaser } = useLoaderData<HomeData>();
  const revalidator = useRevalidator();

  if (!teaser.ok) {
    return (
      <LoadError
        compact
        className="flex flex-col items-center gap-3 py-8 text-slate-700"
        message="Não foi possível carregar os cursos agora."
        onRetry={() => void revalidator.revalidate()}
        retrying={revalidator.state === 'loading'}
      />
    );
  }
  if (teaser.value.length === 0) {
    return <p className="py-8 text-slate-700">Ainda não há cursos publicados. Volte em breve!</p>;
  }
  return (
    <ServerDrawnList items={teaser.value} className={GRID}>
      {teaser.value.map((course) => (
        <li key={course._id}>
          <CourseCard course={course} thumbnailSizes={CARD_SIZES} />
        </li>
      ))}
    </ServerDrawnList>
  );
}

/** The first courses of the catalogue and a link to the full list. */
/** The teaser's id: the logos' skip link lands here. */
export const COURSES_ANCHOR = 'cursos';

export function CourseTeaser() {
  return (
    <section
      id={COURSES_ANCHOR}
      aria-labelledby="teaser-heading"
      className="scroll-mt-4 px-4 py-14 sm:px-8 lg:px-12"
    >
      <div className="mx-auto max-w-7xl text-center">
        <h2 id="teaser-heading" className="text-3xl font-semibold text-slate-900">
          Aprenda com os melhores
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-700">
          Descubra os cursos mais bem avaliados em programação, dados, design e negócios, criados
          por especialistas para você aprender no seu ritmo.
        </p>
        <div className="mt-10">
          <TeaserBody />
        </div>
        <Link
          to={paths.courseList()}
          className={`mt-10 inline-block rounded-md border border-slate-400 px-8 py-3 font-medium text-slate-800 hover:bg-slate-50 ${focusRing}`}
        >
          Ver mais cursos
        </Link>
      </div>
    </section>
  );
}
