import { HYDRATION_DATA_ID } from '@aprendiz/contract/hydration';
import { HYDRATION_VIEWER_KEY, type Viewer } from '@aprendiz/contract/rendering';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type HydrationState,
} from 'react-router-dom';
import { AuthProvider } from '../auth/auth-provider';
import { readSession } from '../auth/session-storage';
import { pageStorefront, StorefrontContext } from '../config/storefront';
import { routes } from './router';

type ServerHydration = HydrationState & { [HYDRATION_VIEWER_KEY]?: Viewer };

/**
 * The loader data the server rendered the page with, or undefined for the app shell, and for a page
 * drawn for a session this tab no longer holds (signed out or in as someone else since, in another
 * tab or by clearing storage): that page is drawn again here, and the server's copy is forgotten.
 */
function readHydrationData(): ServerHydration | undefined {
  const element = document.getElementById(HYDRATION_DATA_ID);
  if (!element?.textContent) return undefined;
  const data = JSON.parse(element.textContent) as ServerHydration;
  const viewer = data[HYDRATION_VIEWER_KEY];
  if (viewer && readSession()?.user.id !== viewer.id) {
    void import('../auth/page-session').then((page) => page.forgetPageSession());
    return undefined;
  }
  return data;
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The lazily loaded routes of the address are loaded first, so hydration renders what the server did. */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  // Ranking every route is a task's worth of work on a slow phone; asking for the page's modules
  // (a preload link per chunk) is the next.
  await nextTask();
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

/**
 * Its effect runs once the whole tree below has committed (a parent's effects run after its
 * children's), i.e. the page is live. It wraps the tree rather than sitting beside it: a sibling
 * would change every useId below from what the server rendered.
 */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

/**
 * Starts the app: hydrates the server's page, or renders the app shell's. Resolves once the tree
 * has committed, so src/main.tsx can hand over the clicks it held meanwhile.
 */
export async function start(reactDom: typeof import('react-dom/client')): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const hydrationData = readHydrationData();
  if (hydrationData) {
    // On a server-rendered page nothing waits for the app, so each step of starting it is a task
    // of its own: evaluating the app's modules (just done), loading and evaluating the page's,
    // building the router, hydrating. A slow phone answers a touch between any two of them rather
    // than blocking for all at once.
    await nextTask();
    await loadMatchedRoutes();
    await nextTask();
  }
  const router = createBrowserRouter(routes, { hydrationData });
  if (hydrationData) await nextTask();
  let committed: () => void = () => {};
  const live = new Promise<void>((resolve) => {
    committed = resolve;
  });
  // The auth provider sits above the router: the loaders of a page that starts in the browser wait
  // for it to know who is signed in, and the router renders nothing but its fallback until then.
  const app = (
    <StrictMode>
      <Committed onCommit={committed}>
        <StorefrontContext value={pageStorefront()}>
          <AuthProvider
            navigate={router.navigate}
            serverViewer={hydrationData?.[HYDRATION_VIEWER_KEY] ?? null}
          >
            <RouterProvider router={router} />
          </AuthProvider>
        </StorefrontContext>
      </Committed>
    </StrictMode>
  );
  if (hydrationData) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page: the page is already painted and stays responsive meanwhile.
    startTransition(() => {
      reactDom.hydrateRoot(container, app);
    });
  } else reactDom.createRoot(container).render(app);
  await live;
}
