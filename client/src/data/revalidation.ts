import type { ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { SHOWN_PARAM } from '../config/paths';

/*
 * When each loader reads again: the named `shouldRevalidate` policies routes use, and the two ways the
 * app asks for a read. Why a read was asked is known only here: the router calls every policy
 * synchronously inside `revalidate()`, so the reason is set just around that call and no page reads it.
 */

type Reason = 'user-changed' | 'root-refresh' | 'retry' | 'page-only' | null;
let reason: Reason = null;
// The root's data (user data, enrollments) was asked for again and has not been read since.
let rootStale = false;

function revalidateBecause(next: Reason, revalidate: () => Promise<void>): Promise<void> {
  reason = next;
  try {
    return revalidate();
  } finally {
    reason = null;
  }
}

/**
 * Reads the loaders again because the signed-in user changed (sign-in, sign-out, another account):
 * the loaders whose data is the same for everyone keep theirs (`sameForEveryUser`).
 */
export function revalidateForUser(revalidate: () => Promise<void>): Promise<void> {
  rootStale = true;
  return revalidateBecause('user-changed', revalidate);
}

/** Reads the root loader's data again, after a write that changes it (`refreshSignedIn`). */
export function revalidateRoot(revalidate: () => Promise<void>): Promise<void> {
  rootStale = true;
  return revalidateBecause('root-refresh', revalidate);
}

/** Reads a page's loaders again after its read failed, even those read once per course. */
export function revalidateToRetry(revalidate: () => Promise<void>): Promise<void> {
  return revalidateBecause('retry', revalidate);
}

/**
 * Reads the page's own loaders again and not the root's: a page that watches its data change on the
 * server (a payment awaiting its money) asks every few seconds, and the user data has not changed.
 */
export function revalidatePage(revalidate: () => Promise<void>): Promise<void> {
  return revalidateBecause('page-only', revalidate);
}

/** For the root loader as it starts: its data is being read; a read the router drops leaves it stale. */
export function rootReadStarted(signal: AbortSignal): void {
  rootStale = false;
  signal.addEventListener('abort', () => {
    rootStale = true;
  });
}

/**
 * The root loader's policy: it runs when its data was asked for (or a page's retry revalidates, but not
 * when a page reads only its own), never on a navigation: the course list's filters change the address, not who is signed in.
 */
export function rootPolicy({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs) {
  if (reason === 'page-only') return rootStale;
  return rootStale || (!formMethod && currentUrl.href === nextUrl.href);
}

/**
 * For the loaders of pages that read the same for everyone (home, the course list, a certificate): a
 * change of signed-in user does not read them again, so the catalogue is not fetched a second time
 * after hydration.
 */
export function sameForEveryUser({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (reason === 'user-changed' && currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}

/** The same address but for a larger `mostrar`: the list only grew. */
function onlyShownGrew(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  const rest = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(SHOWN_PARAM);
    params.sort();
    return params.toString();
  };
  const shown = (url: URL) => Number(url.searchParams.get(SHOWN_PARAM)) || 0;
  return rest(current) === rest(next) && shown(next) > shown(current);
}

/**
 * The course list's loader: the same for everyone, and not read again when 'Ver mais' writes the
 * count it now shows into the address: the added page is on screen already, and reading every page
 * again would only repeat it. Back, a reload or a shared link reads them all.
 */
export function courseListPolicy(args: ShouldRevalidateFunctionArgs) {
  if (onlyShownGrew(args.currentUrl, args.nextUrl)) return false;
  return sameForEveryUser(args);
}

/**
 * Read once per course and learner (the player's course and resume point), or again when its read
 * failed and the page retries: marking a lecture done revalidates the enrollments, and reading the
 * player's again then would move it back to where it opened.
 */
export function oncePerCourseAndUser({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) {
  return (
    reason === 'user-changed' ||
    reason === 'retry' ||
    currentParams.courseId !== nextParams.courseId
  );
}

/**
 * For a page whose read a write elsewhere on the screen does not change (the player's open quiz): the
 * enrollments read again after a graded attempt must not read the quiz again and wipe the results the
 * learner is reading; a retry, a new address or another user still read it.
 */
export function keptOnRootRefresh({ defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return reason === 'root-refresh' ? false : defaultShouldRevalidate;
}
