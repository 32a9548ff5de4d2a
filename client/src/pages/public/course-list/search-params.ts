import {
  COURSE_CATEGORY_SLUGS,
  COURSE_LEVEL_SLUGS,
  COURSE_SEARCH_SORTS,
  type CourseCategory,
  type CourseLevel,
  type CourseSearchSort,
} from '@aprendiz/contract/catalogue';

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

/** GET /api/course/search's address for one page of the results. */
export function searchUrl(term: string, filters: CourseFilters, page: number, pageSize: number) {
  const params = new URLSearchParams({ q: term });
  if (filters.category) params.set('category', filters.category);
  if (filters.level) params.set('level', filters.level);
  params.set('sort', filters.sort);
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return `/api/course/search?${params.toString()}`;
}
