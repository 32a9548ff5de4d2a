import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CourseCard } from '../../components/course-card';
import { CourseGridSkeleton } from '../../components/course-grid-skeleton';
import { SearchBar } from '../../components/search-bar';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { CourseFilters } from './course-list/course-filters';
import {
  readFilters,
  writeFilters,
  type CourseFilters as Filters,
} from './course-list/search-params';
import { useCourseSearch, type CourseSearchState } from './course-list/use-course-search';

// Spec §9: three columns at most.
const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';
// The first row of the 3-column grid is in view on arrival (one card on a phone, three on a desktop).
const ABOVE_THE_FOLD = 3;
const SKELETON_COUNT = 6;
const FOCUS =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

function hasFilter(filters: Filters): boolean {
  return filters.category !== null || filters.level !== null;
}

/** The line read out to screen readers whenever the results change (issue 17). */
function countLine(search: CourseSearchState, term: string, filters: Filters): string {
  if (search.status === 'loading' || search.status === 'error') return '';
  if (search.total === 1) return '1 curso encontrado';
  if (search.total > 0) return `${search.total} cursos encontrados`;
  if (term)
    return `Nenhum curso encontrado para “${term}”. Tente outra palavra ou veja todos os cursos.`;
  if (hasFilter(filters)) return 'Nenhum curso encontrado com esses filtros.';
  return 'Ainda não há cursos publicados. Volte em breve!';
}

function Results({ search }: { search: CourseSearchState }) {
  const list = useRef<HTMLUListElement>(null);
  // Where the cards added by 'Ver mais' start: focus goes there, so keyboard and screen-reader
  // users carry on reading from the first new course instead of staying on the button.
  const firstNew = useRef<number | null>(null);
  const shown = search.courses.length;

  useEffect(() => {
    const index = firstNew.current;
    if (index === null || shown <= index) return;
    firstNew.current = null;
    list.current?.children[index]?.querySelector('a')?.focus();
  }, [shown]);

  if (search.status === 'loading') {
    return (
      <CourseGridSkeleton count={SKELETON_COUNT} label="Carregando cursos…" gridClassName={GRID} />
    );
  }
  if (search.status === 'error') {
    return (
      <div className="flex flex-col items-start gap-3 py-8 text-slate-700">
        <p>Não foi possível carregar os cursos agora.</p>
        <button
          type="button"
          onClick={search.retry}
          className={`rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 ${FOCUS}`}
        >
          Tentar novamente
        </button>
      </div>
    );
  }
  if (search.courses.length === 0) return null;

  const loadingMore = search.status === 'loading-more';
  return (
    <>
      <ul ref={list} className={GRID}>
        {search.courses.map((course, index) => (
          <li key={course._id}>
            <CourseCard course={course} priority={index < ABOVE_THE_FOLD} />
          </li>
        ))}
      </ul>
      {search.courses.length < search.total && (
        <div className="mt-10 flex flex-col items-center gap-2">
          <p className="text-sm text-slate-600">
            Mostrando {search.courses.length} de {search.total}
          </p>
          <button
            type="button"
            onClick={() => {
              firstNew.current = shown;
              search.loadMore();
            }}
            disabled={loadingMore}
            aria-busy={loadingMore}
            className={`min-h-11 rounded-md border border-slate-300 bg-white px-8 font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-wait disabled:opacity-60 ${FOCUS}`}
          >
            Ver mais
          </button>
        </div>
      )}
    </>
  );
}

/** /course-list and /course-list/{input}: the catalogue, searched, filtered and sorted. */
export default function CourseListPage() {
  const { input = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const term = input.trim();
  const filters = readFilters(searchParams);
  const query = writeFilters(filters).toString();
  const search = useCourseSearch(term, filters);
  usePageTitle(
    term ? `Cursos: ${term}` : 'Lista de Cursos',
    'Todos os cursos online de tecnologia em português: programação, dados, design e carreira.',
  );

  function clearTerm() {
    const path = paths.courseList();
    navigate(query ? `${path}?${query}` : path);
  }

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
                  className={`rounded-sm text-blue-700 hover:underline ${FOCUS}`}
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
        <SearchBar key={term} initialValue={term} keepQuery={query} />
      </div>

      {term && (
        <p className="mt-8 inline-flex items-center gap-3 rounded-md border border-slate-300 px-4 py-2 text-slate-700">
          <span>{term}</span>
          <button
            type="button"
            aria-label="Limpar pesquisa"
            onClick={clearTerm}
            className={`-my-1 rounded-sm px-1 text-lg leading-none text-slate-600 hover:text-slate-900 ${FOCUS}`}
          >
            ×
          </button>
        </p>
      )}

      <div className="mt-8">
        {/* Each choice is a new history entry, so Back undoes it and the address can be shared. */}
        <CourseFilters filters={filters} onChange={(next) => setSearchParams(writeFilters(next))} />
      </div>

      <section aria-labelledby="results-heading" className="mt-8">
        {/* The cards' titles are h3: this keeps the heading levels in sequence for screen readers. */}
        <h2 id="results-heading" className="sr-only">
          Cursos
        </h2>
        <p role="status" aria-live="polite" className="mb-4 min-h-6 text-slate-700">
          {countLine(search, term, filters)}
        </p>
        <Results search={search} />
      </section>
    </div>
  );
}
