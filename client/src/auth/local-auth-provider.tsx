import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  AuthContext,
  useApiAuthBridge,
  type AuthContextValue,
  type AuthUser,
} from './auth-context';
import {
  clearSession,
  readSession,
  TOKEN_KEY,
  USER_KEY,
  writeSession,
  type LocalSession,
} from './session-storage';

// The dialog's code loads the first time someone opens it, not with the page.
const LocalSignInDialog = lazy(() => import('./local-sign-in-dialog'));

/**
 * Local accounts (the embedded default). The session survives reloads in localStorage; it is
 * checked against the server by the app's first authenticated call (GET /api/user/data), whose 401
 * ends it through the API client.
 */
export function LocalAuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<LocalSession | null>(readSession);
  const [dialogOpen, setDialogOpen] = useState(false);
  // Read by getToken, so a request sent right after sign-in already carries the new token.
  const sessionRef = useRef(session);

  const applySession = useCallback((next: LocalSession | null) => {
    sessionRef.current = next;
    setSession(next);
  }, []);

  const getToken = useCallback(async () => sessionRef.current?.token ?? null, []);

  const signOut = useCallback(async () => {
    clearSession();
    applySession(null);
  }, [applySession]);

  const startSession = useCallback(
    (token: string, user: AuthUser) => {
      const next = { token, user };
      writeSession(next);
      applySession(next);
    },
    [applySession],
  );

  // Signing in or out in another tab does the same here.
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY)
        applySession(readSession());
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [applySession]);

  useApiAuthBridge(getToken, signOut);

  const openSignIn = useCallback(() => setDialogOpen(true), []);
  const closeDialog = useCallback(() => setDialogOpen(false), []);

  const value = useMemo<AuthContextValue>(
    () => ({ user: session?.user ?? null, isLoaded: true, getToken, openSignIn, signOut }),
    [session, getToken, openSignIn, signOut],
  );

  return (
    <AuthContext.Provider value={value}>
      {children}
      {dialogOpen && (
        <Suspense fallback={null}>
          <LocalSignInDialog onClose={closeDialog} onSignedIn={startSession} />
        </Suspense>
      )}
    </AuthContext.Provider>
  );
}
