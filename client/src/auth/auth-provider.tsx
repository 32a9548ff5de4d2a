import { lazy, Suspense, type ReactNode } from 'react';
import { env } from '../config/env';
import { Loader } from '../components/loader';
import { LocalAuthProvider } from './local-auth-provider';

// Clerk is a large library: it is fetched only when configured, so local mode never pays for it.
const ClerkAuthProvider = lazy(() => import('./clerk-auth-provider'));

/** The sign-in provider chosen by configuration: Clerk when a publishable key is set, else local accounts. */
export function AuthProvider({ children }: { children: ReactNode }) {
  if (env.clerkPublishableKey) {
    return (
      <Suspense fallback={<Loader label="Preparando a sessão…" />}>
        <ClerkAuthProvider publishableKey={env.clerkPublishableKey}>{children}</ClerkAuthProvider>
      </Suspense>
    );
  }
  return <LocalAuthProvider>{children}</LocalAuthProvider>;
}
