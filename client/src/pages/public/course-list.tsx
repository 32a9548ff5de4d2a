import { Link, useNavigate, useParams } from 'react-router-dom';
import { CourseCard } from '../../components/course-card';
import { CourseGridSkeleton } from '../../components/course-grid-skeleton';
import { SearchBar } from '../../components/search-bar';
import { paths } from '../../config/paths';
import { useAppContext } from '../../context/app-context';
import { usePageTitle } from '../../lib/use-page-title';

// Spec §9: three columns at most.
const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';
// The first row of the 3-column grid is in view on arrival (one card on a phone, three on a desktop).
const ABOVE_THE_FOLD = 3;
const SKELETON_COUNT = 6;

/** Spec §2: a case-insensitive substring match on the course title. */
export function filterCoursesByTitle<T extends { courseTitle: string }>(
  courses: readonly T[],
  term: string,
): T[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return [...courses];
  return courses.filter((course) => course.courseTitle.toLowerCase().includes(needle));
}

function Results({ term }: { term: string }) {
  const { allCourses, coursesStatus, fetchAllCourses } = useAppContext();

  if (coursesStatus === 'loading') {
    return (
      <CourseGridSkeleton count={SKELETON_COUNT} label="Carregando cursos…" gridClassName={GRID} />
    );
  }
  if (coursesStatus === 'error') {
    return (
      <div className="flex flex-col items-start gap-3 py-8 text-slate-700">
        <p>Não foi possível carregar os cursos agora.</p>
        <button
          type="button"
          onClick={() => void fetchAllCourses()}
          className="rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          Tentar novamente
        </button>
      </div>
    );
  }

  const courses = filterCoursesByTitle(allCourses, term);
  if (courses.length === 0) {
    return (
      <p className="py-8 text-slate-700">
        {term
          ? `Nenhum curso encontrado para “${term}”. Tente outra palavra ou veja todos os cursos.`
          : 'Ainda não há cursos publicados. Volte em breve!'}
      </p>
    );
  }
  return (
    <ul className={GRID}>
      {courses.map((course, index) => (
        <li key={course._id}>
          <CourseCard course={course} priority={index < ABOVE_THE_FOLD} />
        </li>
      ))}
    </ul>
  );
}

/** /course-list and /course-list/{input}: the catalogue, filtered by the search text. */
export default function CourseListPage() {
  const { input = '' } = useParams();
  const navigate = useNavigate();
  const term = input.trim();
  usePageTitle(
    term ? `Cursos: ${term}` : 'Lista de Cursos',
    'Todos os cursos online de tecnologia em português: programação, dados, design e carreira.',
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-8 lg:px-12">
      <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-semibold text-slate-900 md:text-4xl">Lista de Cursos</h1>
          <nav aria-label="Trilha de navegação" className="mt-2 text-slate-600">
            <ol className="flex items-center gap-1">
              <li>
                <Link
                  to={paths.home}
                  className="rounded-sm text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
                >
                  Início
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li aria-current="page">Lista de Cursos</li>
            </ol>
          </nav>
        </div>
        {/* Keyed by the term so the box follows the address when it changes (chip, back button). */}
        <SearchBar key={term} initialValue={term} />
      </div>

      {term && (
        <p className="mt-8 inline-flex items-center gap-3 rounded-md border border-slate-300 px-4 py-2 text-slate-700">
          <span>{term}</span>
          <button
            type="button"
            aria-label="Limpar pesquisa"
            onClick={() => navigate(paths.courseList())}
            className="-my-1 rounded-sm px-1 text-lg leading-none text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            ×
          </button>
        </p>
      )}

      <section aria-labelledby="results-heading" className="mt-8">
        {/* The cards' titles are h3: this keeps the heading levels in sequence for screen readers. */}
        <h2 id="results-heading" className="sr-only">
          Cursos
        </h2>
        <Results term={term} />
      </section>
    </div>
  );
}
