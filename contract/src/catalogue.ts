// The catalogue's fixed vocabularies, kept apart from the zod schemas so pages that only show or
// choose them (the course list's chips) do not load zod.

/** The catalogue's fixed categories: the API speaks in slugs, the pages show the labels. */
export const COURSE_CATEGORIES = {
  programacao: 'Programação',
  'dados-ia': 'Dados e IA',
  design: 'Design',
  negocios: 'Negócios',
  marketing: 'Marketing',
  seguranca: 'Segurança',
  'infraestrutura-cloud': 'Infraestrutura e Cloud',
  carreira: 'Carreira',
} as const;
export type CourseCategory = keyof typeof COURSE_CATEGORIES;
export const COURSE_CATEGORY_SLUGS = Object.keys(COURSE_CATEGORIES) as [
  CourseCategory,
  ...CourseCategory[],
];
export const COURSE_LEVELS = {
  iniciante: 'Iniciante',
  intermediario: 'Intermediário',
  avancado: 'Avançado',
} as const;
export type CourseLevel = keyof typeof COURSE_LEVELS;
export const COURSE_LEVEL_SLUGS = Object.keys(COURSE_LEVELS) as [CourseLevel, ...CourseLevel[]];
export const COURSE_SEARCH_SORTS = ['relevance', 'rating', 'students', 'newest', 'price'] as const;
export type CourseSearchSort = (typeof COURSE_SEARCH_SORTS)[number];
export const COURSE_SEARCH_QUERY_MAX = 100;
export const COURSE_SEARCH_PAGE_SIZE_MAX = 60;
export const COURSE_SEARCH_PAGE_SIZE_DEFAULT = 24;
/** Beyond this a page is only a costly way to ask for nothing. */
export const COURSE_SEARCH_PAGE_MAX = 10_000;
