// The first script of every page, kept small: what runs before a server-rendered page is idle is
// only this (scripts/bundle-size.mjs holds it to its budget). The app itself is a separate chunk.
import { HYDRATION_DATA_ID } from '@aprendiz/contract/hydration';
import { startEarlyReads } from './boot/early-reads';
import { startWhenIdle } from './boot/start-when-idle';
import { holdInstallEvent } from './lib/install-event';
import './index.css';

holdInstallEvent();

// React DOM and the app are fetched together but are separate module graphs, so each is evaluated in
// its own task: on a slow phone two shorter tasks instead of one long one before hydration begins.
const startApp = () => {
  const reactDom = import('react-dom/client');
  return import('./app/start').then(async (app) => app.start(await reactDom));
};

// A server-rendered page is usable as it is and hydrates later; the app shell shows nothing until
// the app runs, so it starts at once.
if (document.getElementById(HYDRATION_DATA_ID)) startWhenIdle(startApp);
else {
  // A page drawn in the browser (the signed-in areas) waits for its data: it is asked for now.
  startEarlyReads(window.location.pathname);
  void startApp();
}
