import { expect, type APIRequestContext } from '@playwright/test';

export type SearchedCourse = {
  _id: string;
  courseTitle: string;
  coursePrice: number;
  discount: number;
  level: string | null;
  category: string | null;
};

export type SearchAnswer = { courses: SearchedCourse[]; total: number };

/** GET /api/course/search as the page asks it: the reference the page's own list is checked against. */
export async function searchCourses(
  request: APIRequestContext,
  params: Record<string, string>,
): Promise<SearchAnswer> {
  const response = await request.get('/api/course/search', {
    params: { q: '', sort: 'relevance', page: '1', pageSize: '24', ...params },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as SearchAnswer;
}

/** The form titles are compared in: no accents, lower case (as the search itself compares). */
export function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
