import type { LoaderFunctionArgs } from 'react-router-dom';
import { rootReadStarted } from '../data/revalidation';
import type { RootData } from './root-loader';

/** The root route's id, for `useRouteLoaderData`. */
export const ROOT_ROUTE_ID = 'root';

/**
 * The root route's loader: the signed-in user's data and enrollments (root-loader.ts). Its code is
 * fetched when it first runs in the browser: a visitor's first page never needs it.
 */
export async function loadRoot(args: LoaderFunctionArgs): Promise<RootData> {
  rootReadStarted(args.request.signal);
  const { rootLoader } = await import('./root-loader');
  return rootLoader(args);
}
