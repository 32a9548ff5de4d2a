import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { ServiceWorkerReload } from '../components/sw-reload';
import { AppContextProvider } from '../context/app-context';
import { reloadOnStaleChunks } from './reload-on-stale-chunks';
import { RouteHead } from './route-head';
import { ToastHost } from './toast-host';

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
      {/* A new page starts at its top (or at the anchor its address names); Back and Forward return
          to where the page was left, once its loaders have answered, so a list has its items. An
          address change that keeps the page (filters, 'Ver mais', reviews) says preventScrollReset. */}
      <ScrollRestoration />
      <StaleChunkReload />
    </AppContextProvider>
  );
}
