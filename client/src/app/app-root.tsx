import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ServiceWorkerReload } from '../components/sw-reload';
import { AppContextProvider } from '../context/app-context';
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
    </AppContextProvider>
  );
}
