import type { Viewer } from '@aprendiz/contract/rendering';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  AuthContext,
  useApiAuthBridge,
  type AppNavigate,
  type AuthContextValue,
  type AuthUser,
  type SignOutOptions,
} from './auth-context';
import { loadApi } from '../lib/load-api';
import {
  clearSession,
  readSession,
  subscribeSession,
  writeSession,
  type LocalSession,
} from './session-storage';
import { send } from '../lib/send';

const SIGN_OUT_TIMEOUT_MS = 5000;

// The dialog's code loads the first time someone opens it, not with the page.
const LocalSignInDialog = lazy(() => import('./local-sign-in-dialog'));

/**
 * Local accounts (the embedded default). The session survives reloads in localStorage; it is
 * checked against the server by the app's first authenticated call (GET /api/user/data), whose 401
 * ends it through the API client.
 */
export function LocalAuthProvider({
  navigate,
  serverViewer = null,
  children,
}: {
  /** The router's navigation (this provider sits above the router), for sign-in's `returnTo`. */
  navigate: AppNavigate;
  /** Whom the server drew the page for (auth-provider.tsx). */
  serverViewer?: Viewer | null;
  children: ReactNode;
}) {
  // The server renders public pages signed out, and a signed-in page as the viewer its page session
  // named: hydration starts as the server drew, and the stored session follows at once (the same
  // person, as the app's start checks); signing in or out in another tab does the same here.
  const serverSession = useMemo<LocalSession | null>(
    () => (serverViewer ? { token: '', user: serverViewer } : null),
    [serverViewer],
  );
  const getServerSnapshot = useCallback(() => {
    // In the browser, the page drawn for this tab's own session hydrates with that very session
    // (app/start.tsx checked it is the same person): the same snapshot after hydration means no
    // second render of the whole page, which a slow phone pays as one long task.
    if (serverViewer && typeof window !== 'undefined') {
      const stored = readSession();
      if (stored?.user.id === serverViewer.id) return stored;
    }
    return serverSession;
  }, [serverViewer, serverSession]);
  const session = useSyncExternalStore(subscribeSession, readSession, getServerSnapshot);
  const token = session?.token ?? null;
  // The server draws signed-in pages from the page session: it follows this tab's token, and ends
  // with it. Its code loads after the page is live: no page needs it to be drawn. The snapshot built
  // from the server's viewer alone has no token, and none is handed over for it.
  useEffect(() => {
    if (token !== '') void import('./page-session').then((page) => page.keepPageSession(token));
  }, [token]);
  // Open: the dialog shows; its `returnTo` is where to be once signed in (null: stay).
  const [dialog, setDialog] = useState<{ returnTo: string | null } | null>(null);

  // Read from the store, so a request sent right after sign-in already carries the new token.
  const getToken = useCallback(async () => readSession()?.token ?? null, []);

  // A token the server refused (401) ends here without a word to the server: telling it would only
  // be refused again.
  const endSession = useCallback(async () => {
    clearSession();
  }, []);

  // 'Sair' revokes the token on the server first; if that fails (offline), the session still ends here.
  // A session the server has already ended is only forgotten: its token would be refused (a 401).
  const signOut = useCallback(
    async (options?: SignOutOptions) => {
      if (readSession() && !options?.endedByServer) {
        // Silent: the token lapses by itself within 7 days, and the person asked to leave now.
        await send(
          loadApi().then((api) =>
            api.post('/api/auth/sign-out', null, { timeout: SIGN_OUT_TIMEOUT_MS }),
          ),
          { silent: true },
        );
      }
      await endSession();
    },
    [endSession],
  );

  const updateSession = useCallback((changes: { token?: string; user?: AuthUser }) => {
    const current = readSession();
    if (!current) return;
    writeSession({ token: changes.token ?? current.token, user: changes.user ?? current.user });
  }, []);

  const returnTo = dialog?.returnTo ?? null;
  const startSession = useCallback(
    (token: string, user: AuthUser) => {
      writeSession({ token, user });
      // The entry is replaced: Back still leaves the page, and the address's request is acted on once.
      if (returnTo) navigate(returnTo, { replace: true });
    },
    [navigate, returnTo],
  );

  useApiAuthBridge({ userId: session?.user.id ?? null, isLoaded: true, getToken, endSession });

  const openSignIn = useCallback((next?: string) => setDialog({ returnTo: next ?? null }), []);
  const closeDialog = useCallback(() => setDialog(null), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session?.user ?? null,
      isLoaded: true,
      getToken,
      openSignIn,
      signOut,
      updateSession,
    }),
    [session, getToken, openSignIn, signOut, updateSession],
  );

  return (
    <AuthContext.Provider value={value}>
      {children}
      {dialog && (
        <Suspense fallback={null}>
          <LocalSignInDialog onClose={closeDialog} onSignedIn={startSession} />
        </Suspense>
      )}
    </AuthContext.Provider>
  );
}
