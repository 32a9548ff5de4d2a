import type { CourseSearchResponse, CourseSummary } from '@aprendiz/contract/courses';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '../../../components/toast';
import { api, errorMessage } from '../../../lib/api-client';
import { searchUrl, type CourseFilters } from './search-params';

/** Issue 17: the list grows 24 cards at a time. */
export const PAGE_SIZE = 24;

export type CourseSearchState = {
  /** 'loading' is the first page; 'loading-more' a further one, with the earlier cards still shown. */
  status: 'loading' | 'ready' | 'loading-more' | 'error';
  courses: CourseSummary[];
  /** Matches across every page. */
  total: number;
  loadMore: () => void;
  retry: () => void;
};

type Loaded = { courses: CourseSummary[]; total: number; page: number };

/**
 * The results of GET /api/course/search for `term` and `filters`, page by page. A failure shows the
 * server's message in a toast; an answer to a search the visitor has since changed is dropped.
 */
export function useCourseSearch(term: string, filters: CourseFilters): CourseSearchState {
  const { category, level, sort } = filters;
  const [status, setStatus] = useState<CourseSearchState['status']>('loading');
  const [loaded, setLoaded] = useState<Loaded>({ courses: [], total: 0, page: 0 });
  const latest = useRef(0);

  const fetchPage = useCallback(
    async (page: number) => {
      const request = ++latest.current;
      setStatus(page === 1 ? 'loading' : 'loading-more');
      try {
        const { data } = await api.get<CourseSearchResponse>(
          searchUrl(term, { category, level, sort }, page, PAGE_SIZE),
        );
        if (request !== latest.current) return;
        setLoaded((previous) => ({
          courses: page === 1 ? data.courses : [...previous.courses, ...data.courses],
          total: data.total,
          page: data.page,
        }));
        setStatus('ready');
      } catch (err) {
        if (request !== latest.current) return;
        notify.error(errorMessage(err));
        // A failed 'Ver mais' keeps the cards already shown and the button to try again.
        setStatus(page === 1 ? 'error' : 'ready');
      }
    },
    [term, category, level, sort],
  );

  useEffect(() => {
    setLoaded({ courses: [], total: 0, page: 0 });
    void fetchPage(1);
  }, [fetchPage]);

  return {
    status,
    courses: loaded.courses,
    total: loaded.total,
    loadMore: () => void fetchPage(loaded.page + 1),
    retry: () => void fetchPage(1),
  };
}
