import { useCallback, useMemo, type ReactNode } from 'react';
import { ClerkProvider, useAuth, useClerk, useUser } from '@clerk/clerk-react';
import { paths } from '../config/paths';
import {
  AuthContext,
  useApiAuthBridge,
  type AppNavigate,
  type AuthContextValue,
} from './auth-context';

type ClerkAuthProviderProps = {
  publishableKey: string;
  /** The router's navigation: this provider sits above the router, so it cannot use its hooks. */
  navigate: AppNavigate;
  children: ReactNode;
};

/** Clerk behind the app's auth interface. Loaded only when a publishable key is configured. */
export default function ClerkAuthProvider({
  publishableKey,
  navigate,
  children,
}: ClerkAuthProviderProps) {
  return (
    <ClerkProvider
      publishableKey={publishableKey}
      afterSignOutUrl={paths.home}
      // Clerk's redirects go through the app's router instead of reloading the page.
      routerPush={(to) => navigate(to)}
      routerReplace={(to) => navigate(to, { replace: true })}
    >
      <ClerkAuthBridge>{children}</ClerkAuthBridge>
    </ClerkProvider>
  );
}

function ClerkAuthBridge({ children }: { children: ReactNode }) {
  const { isLoaded, user } = useUser();
  const { getToken: getClerkToken } = useAuth();
  const clerk = useClerk();

  const getToken = useCallback(() => getClerkToken(), [getClerkToken]);
  // Clerk may leave the page (another provider's sign-in, an e-mail link): it comes back to returnTo.
  const openSignIn = useCallback(
    (returnTo?: string) =>
      clerk.openSignIn(
        returnTo ? { forceRedirectUrl: returnTo, signUpForceRedirectUrl: returnTo } : undefined,
      ),
    [clerk],
  );
  const signOut = useCallback(() => clerk.signOut(), [clerk]);

  const authUser = useMemo(() => {
    if (!user) return null;
    const email = user.primaryEmailAddress?.emailAddress ?? '';
    return {
      id: user.id,
      name: user.fullName || user.username || email,
      email,
      imageUrl: user.imageUrl,
    };
  }, [user]);

  useApiAuthBridge({ userId: authUser?.id ?? null, isLoaded, getToken, endSession: signOut });

  const value = useMemo<AuthContextValue>(
    () => ({ user: authUser, isLoaded, getToken, openSignIn, signOut }),
    [authUser, isLoaded, getToken, openSignIn, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
