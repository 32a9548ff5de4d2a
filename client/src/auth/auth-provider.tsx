import type { Viewer } from '@aprendiz/contract/rendering';
import { lazy, Suspense, type ReactNode } from 'react';
import { env } from '../config/env';
import { Loader } from '../components/loader';
import type { AppNavigate } from './auth-context';
import { LocalAuthProvider } from './local-auth-provider';

// Clerk is a large library: it is fetched only when configured, so local mode never pays for it.
const ClerkAuthProvider = lazy(() => import('./clerk-auth-provider'));

type AuthProviderProps = {
  /**
   * The router's navigation: Clerk's redirects go through it instead of reloading the page, and
   * local sign-in goes to the address a page asked to return to.
   */
  navigate: AppNavigate;
  /**
   * Whom the server drew this page for: null for a page drawn signed out (every public page) and
   * for the app shell. Hydration starts as that person, so the HTML and the first render agree.
   */
  serverViewer?: Viewer | null;
  children: ReactNode;
};

/**
 * The sign-in provider chosen by configuration: Clerk when a publishable key is set, else local
 * accounts. It sits above the router: route loaders wait for it to know who is signed in.
 */
export function AuthProvider({ navigate, serverViewer = null, children }: AuthProviderProps) {
  if (env.clerkPublishableKey) {
    return (
      <Suspense fallback={<Loader label="Preparando a sessão…" />}>
        <ClerkAuthProvider publishableKey={env.clerkPublishableKey} navigate={navigate}>
          {children}
        </ClerkAuthProvider>
      </Suspense>
    );
  }
  return (
    <LocalAuthProvider navigate={navigate} serverViewer={serverViewer}>
      {children}
    </LocalAuthProvider>
  );
}
