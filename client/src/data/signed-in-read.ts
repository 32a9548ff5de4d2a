import { whenAuthKnown } from '../lib/api-auth';

/** A route's read of the signed-in user's own data. */
export type SignedInRead<T> = {
  /** Whose data this is: null when nobody is signed in (nothing is read). */
  userId: string | null;
  /** Not awaited: the page shows its own loader while the answer is on its way. */
  read: Promise<T> | null;
};

/**
 * For a loader: waits until the session is known, then starts `read` for the signed-in user. The
 * page takes the answer through `readFor`, for the user it shows.
 */
export async function readAsSignedInUser<T>(
  request: Request,
  read: (signal: AbortSignal) => Promise<T>,
): Promise<SignedInRead<T>> {
  const userId = (await whenAuthKnown(request.signal))?.userId ?? null;
  return { userId, read: userId ? read(request.signal) : null };
}

/**
 * The read when it is `userId`'s, else null: another account signing in must not see the previous
 * one's answer while theirs is read.
 */
export function readFor<T>({ userId, read }: SignedInRead<T>, viewer: string): Promise<T> | null {
  return userId === viewer ? read : null;
}
