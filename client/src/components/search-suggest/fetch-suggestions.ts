import type { CourseSuggestResponse } from '@aprendiz/contract/search';

/**
 * GET /api/course/suggest for what is typed. Loaded only once someone types, so the first paint of
 * `/` carries none of it; `signal` cancels a request a newer keystroke made stale.
 */
export async function fetchSuggestions(
  q: string,
  signal: AbortSignal,
): Promise<Omit<CourseSuggestResponse, 'success'>> {
  const res = await fetch(`/api/course/suggest?q=${encodeURIComponent(q)}`, {
    signal,
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) return { courses: [], educators: [] };
  const body = (await res.json()) as CourseSuggestResponse;
  return { courses: body.courses, educators: body.educators };
}
