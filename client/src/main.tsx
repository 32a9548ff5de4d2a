import { HYDRATION_DATA_ID } from '@aprendiz/contract/rendering';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type HydrationState,
} from 'react-router-dom';
import { routes } from './app/router';
import { AuthProvider } from './auth/auth-provider';
import { pageStorefront, StorefrontContext } from './config/storefront';
import './index.css';

/** The loader data the server rendered the page with, or undefined for the app shell. */
function readHydrationData(): HydrationState | undefined {
  const element = document.getElementById(HYDRATION_DATA_ID);
  if (!element?.textContent) return undefined;
  return JSON.parse(element.textContent) as HydrationState;
}

/** The lazily loaded routes of the address are loaded first, so hydration renders what the server did. */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const hydrationData = readHydrationData();
  if (hydrationData) await loadMatchedRoutes();
  const router = createBrowserRouter(routes, { hydrationData });
  // The auth provider sits above the router: the loaders of a page that starts in the browser wait
  // for it to know who is signed in, and the router renders nothing but its fallback until then.
  const app = (
    <StrictMode>
      <StorefrontContext value={pageStorefront()}>
        <AuthProvider navigate={router.navigate}>
          <RouterProvider router={router} />
        </AuthProvider>
      </StorefrontContext>
    </StrictMode>
  );
  if (hydrationData) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page: the page is already painted and stays responsive meanwhile.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else createRoot(container).render(app);
}

void start();
