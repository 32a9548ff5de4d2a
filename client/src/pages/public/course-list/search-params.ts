import {
  COURSE_CATEGORY_SLUGS,
  COURSE_LEVEL_SLUGS,
  COURSE_SEARCH_PAGE_MAX,
  COURSE_SEARCH_SORTS,
  type CourseCategory,
  type CourseLevel,
  type CourseSearchSort,
} from '@aprendiz/contract/catalogue';
import type { CourseSearchQuery } from '@aprendiz/contract/courses';
import { SHOWN_PARAM } from '../../../config/paths';

/** The course list's filters and order, as kept in the address's query so a link shares them. */
export type CourseFilters = {
  category: CourseCategory | null;
  level: CourseLevel | null;
  sort: CourseSearchSort;
};

export const DEFAULT_SORT: CourseSearchSort = 'relevance';

export const SORT_LABELS: Record<CourseSearchSort, string> = {
  relevance: 'Relevância',
  rating: 'Mais bem avaliados',
  students: 'Mais alunos',
  newest: 'Mais recentes',
  price: 'Menor preço',
};

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | null {
  return allowed.find((candidate) => candidate === value) ?? null;
}

/** Reads the filters from the address; a value it does not know (an old or edited link) is ignored. */
export function readFilters(params: URLSearchParams): CourseFilters {
  return {
    category: oneOf(COURSE_CATEGORY_SLUGS, params.get('category')),
    level: oneOf(COURSE_LEVEL_SLUGS, params.get('level')),
    sort: oneOf(COURSE_SEARCH_SORTS, params.get('sort')) ?? DEFAULT_SORT,
  };
}

/** The address's query for `filters`: defaults are left out, so the plain list stays '/course-list'. */
export function writeFilters(filters: CourseFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.level) params.set('level', filters.level);
  if (filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort);
  return params;
}

/** The list grows 24 cards at a time. */
export const PAGE_SIZE = 24;

/** The page of results an address asks for ('Ver mais' loads the next one); 1 when absent or invalid. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= COURSE_SEARCH_PAGE_MAX ? page : 1;
}

/**
 * The most pages an address brings back at once (240 courses): each is a search, on the server too
 * when it renders the page, so an edited `mostrar` cannot ask for thousands.
 */
export const SHOWN_PAGES_MAX = 10;

/** How many pages the list shows (`mostrar` courses, rounded up to whole pages); 1 when absent or invalid. */
export function readShownPages(params: URLSearchParams): number {
  const shown = Number(params.get(SHOWN_PARAM));
  if (!Number.isFinite(shown) || shown <= PAGE_SIZE) return 1;
  return Math.min(Math.ceil(shown / PAGE_SIZE), SHOWN_PAGES_MAX);
}

/** The address's query once `pages` pages are shown; the first page alone leaves `mostrar` out. */
export function writeShownPages(params: URLSearchParams, pages: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (pages > 1) next.set(SHOWN_PARAM, String(pages * PAGE_SIZE));
  else next.delete(SHOWN_PARAM);
  return next;
}

/** The search GET /api/course/search runs for one page of the list. */
export function searchQuery(term: string, filters: CourseFilters, page: number): CourseSearchQuery {
  return {
    q: term,
    category: filters.category ?? undefined,
    level: filters.level ?? undefined,
    sort: filters.sort,
    page,
    pageSize: PAGE_SIZE,
  };
}
