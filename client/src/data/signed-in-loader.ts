import { useAuthUser } from '../auth/auth-context';
import { whenAuthKnown } from '../lib/api-auth';
import { isApiError } from '../lib/api-error';
import { settle, type LoadResult } from './load-result';

/** A loader's read of the signed-in user's own data. */
export type SignedIn<T> = {
  /** Whose data this is: null when nobody is signed in (nothing is read). */
  userId: string | null;
  /** Not awaited: the page renders it through <Deferred>, with its loader meanwhile. */
  result: Promise<LoadResult<T>> | null;
};

/**
 * The one loader for signed-in pages: waits until the session is known, then starts `read` for the
 * signed-in user. A failure becomes a failed result (toasted when `report`; a 403 — someone who is not
 * an educator yet — and a read the router dropped are not: the layout shows the way in).
 */
export async function loadSignedIn<T>(
  request: Request,
  read: (signal: AbortSignal) => Promise<T>,
  { report = false }: { report?: boolean } = {},
): Promise<SignedIn<T>> {
  const userId = (await whenAuthKnown(request.signal))?.userId ?? null;
  if (!userId) return { userId, result: null };
  const result = settle(() => read(request.signal), {
    report,
    quiet: (err) => request.signal.aborted || isApiError(err, 403),
  });
  return { userId, result };
}

/**
 * The result when it is `viewer`'s, else null: another account signing in must not see the previous
 * one's answer while theirs is read.
 */
export function resultFor<T>(
  { userId, result }: SignedIn<T>,
  viewer: string | null | undefined,
): Promise<LoadResult<T>> | null {
  return userId !== null && userId === viewer ? result : null;
}

/** The loader's result for the user the page shows (see `resultFor`). */
export function useSignedInResult<T>(data: SignedIn<T>): Promise<LoadResult<T>> | null {
  const { user } = useAuthUser();
  return resultFor(data, user?.id);
}
