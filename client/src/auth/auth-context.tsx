import { createContext, useContext, useLayoutEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { configureApiAuth } from '../lib/api-auth';

export type AuthUser = { id: string; name: string; email: string; imageUrl: string };

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
  signOut: () => Promise<void>;
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
  signOut: () => Promise<void>;
} {
  const { getToken, openSignIn, signOut } = useAuthContext();
  const navigate = useNavigate();
  return useMemo(
    () => ({
      getToken,
      openSignIn,
      // After sign-out the user goes to /.
      signOut: async () => {
        await signOut();
        navigate(paths.home);
      },
    }),
    [getToken, openSignIn, signOut, navigate],
  );
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
}

/** The value of an auth provider's navigation: the router's, handed down from main.tsx. */
export type AppNavigate = (to: string, options?: { replace?: boolean }) => void;
