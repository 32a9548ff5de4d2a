import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router-dom';
import type { RootData } from './root-loader';

/** The root route's id, for `useRouteLoaderData`. */
export const ROOT_ROUTE_ID = 'root';

// Set only while `revalidateForUser` asks the router to read its loaders again: the router decides
// which loaders run (their shouldRevalidate) synchronously, inside `revalidate()`.
let userChanging = false;
// The root's data (user data, enrollments) was asked for again and has not been read since.
let rootStale = false;

/**
 * Reads the loaders again because the signed-in user changed (sign-in, sign-out, another account):
 * the loaders whose data is the same for everyone keep theirs (see `sameForEveryUser`).
 */
export function revalidateForUser(revalidate: () => Promise<void>): Promise<void> {
  userChanging = rootStale = true;
  const read = revalidate();
  userChanging = false;
  return read;
}

/** True while the loaders are asked again because the signed-in user changed. */
export function isUserChanging(): boolean {
  return userChanging;
}

/** Reads the root loader's data again, after a write that changes it (`fetchUserData`). */
export function revalidateRoot(revalidate: () => Promise<void>): Promise<void> {
  rootStale = true;
  return revalidate();
}

/**
 * The root route's loader: the signed-in user's data and enrollments (root-loader.ts). Its code is
 * fetched when it first runs in the browser: a visitor's first page never needs it.
 */
export async function loadRoot(args: LoaderFunctionArgs): Promise<RootData> {
  rootStale = false;
  // An answer the router drops (a newer read, a navigation) leaves the data to be read again.
  args.request.signal.addEventListener('abort', () => {
    rootStale = true;
  });
  const { rootLoader } = await import('./root-loader');
  return rootLoader(args);
}

/**
 * The root loader runs when its data was asked for (or a page's retry revalidates), never on a
 * navigation: the course list's filters change the address, not who is signed in.
 */
export function shouldRevalidateRoot({
  currentUrl,
  nextUrl,
  formMethod,
}: ShouldRevalidateFunctionArgs): boolean {
  return rootStale || (!formMethod && currentUrl.href === nextUrl.href);
}

/**
 * For the loaders of pages that read the same for everyone (home, the course list, a certificate):
 * a change of signed-in user does not read them again, so the catalogue is not fetched a second
 * time after hydration.
 */
export function sameForEveryUser({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (isUserChanging() && currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}
