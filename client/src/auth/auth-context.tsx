import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { notify, SIGN_IN_PROMPT } from '../components/toast';
import { paths } from '../config/paths';
import { configureApiAuth } from '../lib/api-auth';
import { forgetSignOut, noteSignOutAt, signedOutOnPurposeAt } from './sign-out-intent';

export type AuthUser = { id: string; name: string; email: string; imageUrl: string };

export type SignOutOptions = {
  /**
   * The server has already ended every session (closing the account): the session ends here only,
   * since anything sent with its token would be refused.
   */
  endedByServer?: boolean;
};

/** What every sign-in provider (local accounts, Clerk, a test stand-in) offers the app. */
export type AuthContextValue = {
  user: AuthUser | null;
  /** False until the provider knows whether someone is signed in. */
  isLoaded: boolean;
  getToken: () => Promise<string | null>;
  /**
   * Opens sign-in (and sign-up from there). `returnTo` is the address to be at once signed in, in
   * place of the current one: how the page that asked carries on with what the visitor wanted.
   */
  openSignIn: (returnTo?: string) => void;
  /** Ends the session only; `useAuthActions().signOut` also takes the user home. */
  signOut: (options?: SignOutOptions) => Promise<void>;
  /**
   * Local accounts only: keeps the session in step after the profile page changed the name or
   * photo (a new user) or the password (a new token, the old one being revoked).
   */
  updateSession?: (changes: { token?: string; user?: AuthUser }) => void;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

function useAuthContext(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuthUser/useAuthActions need an auth provider above them');
  return value;
}

export function useAuthUser(): { user: AuthUser | null; isLoaded: boolean } {
  const { user, isLoaded } = useAuthContext();
  return useMemo(() => ({ user, isLoaded }), [user, isLoaded]);
}

export function useAuthActions(): {
  getToken: () => Promise<string | null>;
  openSignIn: (returnTo?: string) => void;
  signOut: (options?: SignOutOptions) => Promise<void>;
} {
  const { getToken, openSignIn, signOut } = useAuthContext();
  const navigate = useNavigate();
  // Read when signing out, not a dependency: the actions keep their identity across navigations.
  const { pathname } = useLocation();
  const here = useRef(pathname);
  useLayoutEffect(() => {
    here.current = pathname;
  }, [pathname]);
  return useMemo(
    () => ({
      getToken,
      openSignIn,
      // After sign-out the user goes to /; the page left behind does not ask them to sign in again.
      signOut: async (options?: SignOutOptions) => {
        noteSignOutAt(here.current);
        await signOut(options);
        await navigate(paths.home);
      },
    }),
    [getToken, openSignIn, signOut, navigate],
  );
}

/**
 * For a page that needs a signed-in visitor: opens the sign-in dialog as the page shows, unless the
 * person has just signed out on this very page (they chose to leave; the way home is under way).
 */
export function useSignInOnArrival(): void {
  const { openSignIn } = useAuthContext();
  // Once per arrival, as before: moving between addresses of the same page does not ask again.
  const arrivedAt = useRef(useLocation().pathname);
  useEffect(() => {
    if (!signedOutOnPurposeAt(arrivedAt.current)) openSignIn();
  }, [openSignIn]);
}

/** The local session's updater; undefined with Clerk, which keeps its own profile. */
export function useSessionUpdater(): AuthContextValue['updateSession'] {
  return useAuthContext().updateSession;
}

/**
 * Hands the provider's token to the API client, and a rejected token back to the provider; tells
 * the route loaders waiting in `whenAuthKnown` once the provider knows who is signed in. A layout
 * effect, so it is in place before any child's effect sends a request.
 */
export function useApiAuthBridge({
  userId,
  isLoaded,
  getToken,
  endSession,
}: {
  userId: string | null;
  isLoaded: boolean;
  getToken: () => Promise<string | null>;
  endSession: () => Promise<void>;
}): void {
  useLayoutEffect(
    () => configureApiAuth({ userId, getToken, onUnauthorized: endSession }, isLoaded),
    [userId, isLoaded, getToken, endSession],
  );
  // Someone is signed in again: a session that ends from now on was not left on purpose, and a
  // toast still asking them to sign in (the buy button's) is no longer true.
  useLayoutEffect(() => {
    if (userId === null) return;
    forgetSignOut();
    notify.dismiss(SIGN_IN_PROMPT);
  }, [userId]);
}

/** The value of an auth provider's navigation: the router's, handed down from main.tsx. */
export type AppNavigate = (to: string, options?: { replace?: boolean }) => void;
