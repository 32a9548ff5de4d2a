import { useEffect } from 'react';
import { Outlet, useLocation, useRevalidator, useRouteLoaderData } from 'react-router-dom';
import { useAuthUser } from '../auth/auth-context';
import { ServiceWorkerReload } from '../components/sw-reload';
import { AppContextProvider } from '../context/app-context';
import type { RootData } from '../context/root-loader';
import { revalidateForUser, ROOT_ROUTE_ID } from '../context/root-route';
import { reloadOnStaleChunks } from './reload-on-stale-chunks';
import { RouteHead } from './route-head';
import { ToastHost } from './toast-host';

/** A new page starts at its top, unless the address points at an anchor within it. */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

function StaleChunkReload() {
  useEffect(() => reloadOnStaleChunks(), []);
  return null;
}

/**
 * The loaders read as the signed-in user: when that changes (sign-in, sign-out, another account, or
 * the stored session found after hydrating a page rendered signed out), they read again.
 */
function RevalidateOnUserChange() {
  const { user } = useAuthUser();
  const userId = user?.id ?? null;
  const loadedFor = (useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined)?.userId ?? null;
  const { revalidate, state } = useRevalidator();
  const stale = loadedFor !== userId && state === 'idle';
  useEffect(() => {
    if (stale) void revalidateForUser(revalidate);
  }, [stale, revalidate]);
  return null;
}

/** What every route shares; the auth provider is above the router (main.tsx), for the loaders. */
export function AppRoot() {
  return (
    <AppContextProvider>
      <Outlet />
      <RouteHead />
      <ToastHost />
      <ServiceWorkerReload />
      <ScrollToTop />
      <StaleChunkReload />
      <RevalidateOnUserChange />
    </AppContextProvider>
  );
}
