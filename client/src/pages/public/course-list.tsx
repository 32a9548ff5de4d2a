import type { CourseSearchResponse, CourseSummary } from '@aprendiz/contract/courses';
import type { CatalogueSource } from '@aprendiz/contract/rendering';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Link,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useParams,
  useRevalidator,
  useSearchParams,
  redirect,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import type { RouteHandle } from '../../app/page-meta';
import { CourseCard } from '../../components/course-card';
import { SearchBar } from '../../components/search-bar';
import { paths, SEARCH_PARAM } from '../../config/paths';
import { catalogueSource } from '../../data/catalogue-source';
import { loadOrReport, type LoadResult } from '../../data/load-result';
import { ServerDrawnList } from '../../components/server-drawn-list';
import { CourseFilters } from './course-list/course-filters';
import { NoMatch, UnmatchedWords } from './course-list/search-summary';
import {
  readFilters,
  readPage,
  readShownPages,
  searchQuery,
  writeFilters,
  writeShownPages,
  type CourseFilters as Filters,
} from './course-list/search-params';
import { focusRing } from '../../components/ui/focus-ring';
import { LoadError } from '../../components/ui/load-error';
import { Button } from '../../components/ui/button';

// Three columns at most.
const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';
// A card's width in GRID, inside the page's max-w-7xl and its px-4 / sm:px-8 / lg:px-12 padding.
const CARD_SIZES =
  '(min-width: 1024px) 380px, (min-width: 640px) calc(50vw - 44px), calc(100vw - 32px)';
// The first row of the 3-column grid is in view on arrival (one card on a phone, three on a desktop).
const ABOVE_THE_FOLD = 3;
const FOCUS = `${focusRing}`;

function hasFilter(filters: Filters): boolean {
  return filters.category !== null || filters.level !== null;
}

export type CourseListData = { result: LoadResult<CourseSearchResponse> };

// 'Ver mais' reads one page through this loader (`?page=`); the page's own address never has it.
const ONE_PAGE_PARAM = 'page';

/** Pages 1 to `pages` as one answer, read side by side: the list as the address says it was. */
async function searchFirstPages(
  source: CatalogueSource,
  term: string,
  filters: Filters,
  pages: number,
): Promise<CourseSearchResponse> {
  const numbers = Array.from({ length: pages }, (_, index) => index + 1);
  const answers = await Promise.all(
    numbers.map((page) => source.search(searchQuery(term, filters, page))),
  );
  const [first] = answers;
  if (!first) throw new Error('no page was read');
  return { ...first, courses: answers.flatMap((answer) => answer.courses), page: pages };
}

/**
 * GET /api/course/search for the address: its term, filters and sort, and as many pages as it
 * shows (`mostrar`, after 'Ver mais'); or the one page 'Ver mais' asks for (`page`).
 */
export async function loader({
  params,
  request,
  context,
}: LoaderFunctionArgs): Promise<CourseListData> {
  const url = new URL(request.url);
  // The search box sent as a plain form (before hydration, or without JavaScript): its term goes
  // into the path, as Enter does in the app, keeping the filters and sort.
  const typed = url.searchParams.get(SEARCH_PARAM);
  if (typed !== null) {
    const kept = new URLSearchParams(url.searchParams);
    kept.delete(SEARCH_PARAM);
    kept.delete(ONE_PAGE_PARAM);
    const target = paths.courseList(typed.trim());
    throw redirect(kept.size > 0 ? `${target}?${kept.toString()}` : target);
  }
  const term = (params.input ?? '').trim();
  const source = await catalogueSource(context);
  const filters = readFilters(url.searchParams);
  if (url.searchParams.has(ONE_PAGE_PARAM)) {
    const query = searchQuery(term, filters, readPage(url.searchParams));
    return { result: await loadOrReport(() => source.search(query)) };
  }
  const pages = readShownPages(url.searchParams);
  return { result: await loadOrReport(() => searchFirstPages(source, term, filters, pages)) };
}

export const handle: RouteHandle = {
  meta: ({ params }) => {
    const term = (params.input ?? '').trim();
    return {
      title: term ? `Cursos: ${term}` : 'Lista de Cursos',
      description:
        'Todos os cursos online de tecnologia em português: programação, dados, design e carreira.',
    };
  },
};

/** The results shown: the loader's first page, then every page 'Ver mais' added. */
type Shown = { first: CourseSearchResponse; courses: CourseSummary[]; page: number };

function startFrom(first: CourseSearchResponse): Shown {
  return { first, courses: first.courses, page: first.page };
}

/** The line read out to screen readers whenever the results change. */
function countLine(total: number, term: string, filters: Filters): ReactNode {
  if (total === 1) return '1 curso encontrado';
  if (total > 0) return `${total} cursos encontrados`;
  if (term)
    return (
      <>
        Nenhum curso encontrado para “{term}”. Tente outra palavra ou{' '}
        {/* Offered as a way out, so it is one: the whole catalogue. */}
        <Link
          to={paths.courseList()}
          className={`rounded-sm font-medium text-blue-700 underline hover:text-blue-800 ${FOCUS}`}
        >
          veja todos os cursos
        </Link>
        .
      </>
    );
  if (hasFilter(filters)) return 'Nenhum curso encontrado com esses filtros.';
  return 'Ainda não há cursos publicados. Volte em breve!';
}

function LoadFailed() {
  const revalidator = useRevalidator();
  return (
    <LoadError
      compact
      className="flex flex-col items-start gap-3 py-8 text-slate-700"
      message="Não foi possível carregar os cursos agora."
      onRetry={() => void revalidator.revalidate()}
      retrying={revalidator.state === 'loading'}
    />
  );
}

function Results({
  first,
  busy,
  term,
  filters,
}: {
  first: CourseSearchResponse;
  busy: boolean;
  term: string;
  filters: Filters;
}) {
  const list = useRef<HTMLUListElement>(null);
  const location = useLocation();
  const [, setSearchParams] = useSearchParams();
  const fetcher = useFetcher<CourseListData>();
  const [shown, setShown] = useState<Shown>(() => startFrom(first));
  // A new search (address change, revalidation) starts the list again from its first page.
  if (shown.first !== first) setShown(startFrom(first));
  // Where the cards added by 'Ver mais' start: focus goes there, so keyboard and screen-reader
  // users carry on reading from the first new course instead of staying on the button.
  const firstNew = useRef<number | null>(null);
  const count = shown.courses.length;

  // The page 'Ver mais' asked for, and for which list: an answer for an earlier search is not added.
  const asked = useRef<{ first: CourseSearchResponse; page: number } | null>(null);

  useEffect(() => {
    const more = fetcher.data?.result;
    const request = asked.current;
    if (!more?.ok || fetcher.state !== 'idle' || !request) return;
    asked.current = null;
    if (request.first !== first || more.value.page !== request.page) return;
    setShown((current) =>
      current.first === first && current.page + 1 === request.page
        ? { first, courses: [...current.courses, ...more.value.courses], page: request.page }
        : current,
    );
    // The address says how much is shown, so Back from a course comes back to this list. It replaces
    // the entry (Back still leaves the list) and keeps the scroll; the loader is not read again for
    // it (courseListPolicy).
    setSearchParams((params) => writeShownPages(params, request.page), {
      replace: true,
      preventScrollReset: true,
    });
  }, [fetcher.data, fetcher.state, first, setSearchParams]);

  useEffect(() => {
    const index = firstNew.current;
    if (index === null || count <= index) return;
    firstNew.current = null;
    list.current?.children[index]?.querySelector('a')?.focus();
  }, [count]);

  function loadMore() {
    firstNew.current = count;
    asked.current = { first, page: shown.page + 1 };
    const params = new URLSearchParams(location.search);
    params.set(ONE_PAGE_PARAM, String(shown.page + 1));
    void fetcher.load(`${location.pathname}?${params.toString()}`);
  }

  const loadingMore = fetcher.state !== 'idle';
  return (
    <>
      <p role="status" aria-live="polite" className="mb-4 min-h-6 text-slate-700">
        {countLine(first.total, term, filters)}
      </p>
      <UnmatchedWords result={first} />
      {first.total === 0 && term && <NoMatch result={first} cardSizes={CARD_SIZES} />}
      {count > 0 && (
        <ServerDrawnList items={shown.courses} ref={list} aria-busy={busy} className={GRID}>
          {shown.courses.map((course, index) => (
            <li key={course._id}>
              <CourseCard
                course={course}
                thumbnailSizes={CARD_SIZES}
                priority={index < ABOVE_THE_FOLD}
              />
            </li>
          ))}
        </ServerDrawnList>
      )}
      {count > 0 && count < first.total && (
        <div className="mt-10 flex flex-col items-center gap-2">
          <p className="text-sm text-slate-600">
            Mostrando {count} de {first.total}
          </p>
          <Button
            variant="secondary"
            onClick={loadMore}
            pending={loadingMore}
            className="min-h-11 px-8"
          >
            Ver mais
          </Button>
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
  const { result } = useLoaderData<CourseListData>();
  // While another search loads, the current results stay, marked busy.
  const busy = useNavigation().state === 'loading';

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
        {/* Each choice replaces the address (it can be shared) rather than adding to the history: Back
            leaves the list instead of stepping through every order and filter tried. The list starts
            again from its first page, where the eye already is. */}
        <CourseFilters
          filters={filters}
          onChange={(next) =>
            setSearchParams(writeFilters(next), { replace: true, preventScrollReset: true })
          }
        />
      </div>

      <section aria-labelledby="results-heading" className="mt-8">
        {/* The cards' titles are h3: this keeps the heading levels in sequence for screen readers. */}
        <h2 id="results-heading" className="sr-only">
          Cursos
        </h2>
        {/* Its own Suspense boundary: the grid hydrates in its own short task, after the search box
            and filters (see pages/public/home.tsx). */}
        <Suspense>
          {result.ok ? (
            <Results first={result.value} busy={busy} term={term} filters={filters} />
          ) : (
            <LoadFailed />
          )}
        </Suspense>
      </section>
    </div>
  );
}
