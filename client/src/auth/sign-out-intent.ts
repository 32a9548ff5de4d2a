// Module state rather than a provider's: both auth providers (and the tests' stand-in) share it, and
// the page that reads it renders below the provider that would have to hold it.

/** The address where the person last signed out on purpose; null once someone signs in again. */
let signedOutAt: string | null = null;

/**
 * Notes that the person chose to leave while at `pathname` ('Sair', closing the account). The page
 * they leave may render signed out for a moment before the way home is shown: it must not then ask
 * them to sign in again, nor may a late refusal (401) of a request sent with the old token.
 */
export function noteSignOutAt(pathname: string): void {
  signedOutAt = pathname;
}

/** A new session: a later refusal at that address is a session that ended, worth asking about. */
export function forgetSignOut(): void {
  signedOutAt = null;
}

/** Whether the person signed out on purpose at `pathname` (and has not signed in since). */
export function signedOutOnPurposeAt(pathname: string): boolean {
  return signedOutAt === pathname;
}
