import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { useStorefront } from '../config/storefront';
import { setPageHead } from '../lib/use-page-title';
import { routeMeta } from './page-meta';

/**
 * Keeps the tab title and description in step with the public route shown: the server wrote them
 * into the first HTML, and a navigation in the browser changes them here. Pages without a route
 * meta (the signed-in areas) set their own with usePageTitle.
 */
export function RouteHead() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const meta = routeMeta(matches, pathname, useStorefront());
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (title !== undefined) setPageHead(title, description);
  }, [title, description]);
  return null;
}
