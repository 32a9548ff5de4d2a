import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HYDRATION_DATA_ID, type ServerEntry } from '@aprendiz/contract/rendering';

const HEAD_START = '<!--page-head-->';
const HEAD_END = '<!--/page-head-->';
const ROOT = '<div id="root"></div>';
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>\s*/;

/** The built client's index.html, cut where a rendered page's head and markup go. */
export interface PageTemplate {
  fill(page: { head: string; html: string; hydration: string }): string;
}

export function parseTemplate(indexHtml: string): PageTemplate {
  const headStart = indexHtml.indexOf(HEAD_START);
  const headEnd = indexHtml.indexOf(HEAD_END);
  const root = indexHtml.indexOf(ROOT);
  if (headStart < 0 || headEnd < headStart || root < headEnd) {
    throw new Error(`index.html lacks ${HEAD_START}…${HEAD_END} before ${ROOT}`);
  }
  const beforeHead = indexHtml.slice(0, headStart);
  const defaultHead = indexHtml.slice(headStart + HEAD_START.length, headEnd).trim();
  const betweenHeadAndRoot = indexHtml.slice(headEnd + HEAD_END.length, root);
  // A rendered page is whole without scripts: the app shell's 'turn JavaScript on' note is not for it.
  const afterRoot = indexHtml.slice(root + ROOT.length).replace(NOSCRIPT, '');
  return {
    fill: ({ head, html, hydration }) =>
      `${beforeHead}${head || defaultHead}${betweenHeadAndRoot}<div id="root">${html}</div>` +
      `<script type="application/json" id="${HYDRATION_DATA_ID}">${hydration}</script>${afterRoot}`,
  };
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*\shref="\/(assets\/[^"]+\.css)"[^>]*>/g;

/**
 * The built stylesheets written into the page instead of linked: a rendered page then paints with
 * its first response rather than after a second request that, on a phone's connection, shares the
 * bandwidth with the scripts (Lighthouse: FCP 2.0 s → see docs/decisions/2026-11-24-server-rendering-a-static-data-router-inside-our-express-app.md).
 * The app shell keeps its link; a stylesheet that cannot be read stays linked.
 */
export function inlineStylesheets(indexHtml: string, clientDist: string): string {
  return indexHtml.replace(STYLESHEET_LINK, (link, file: string) => {
    const cssFile = path.join(clientDist, file);
    if (!existsSync(cssFile)) return link;
    const css = readFileSync(cssFile, 'utf8');
    return css.includes('</style') ? link : `<style>${css}</style>`;
  });
}

const SCRIPT_TAGS = /<(script type="module"|link rel="modulepreload")/g;

/**
 * A rendered page is read before its scripts run: they hydrate what is already painted. Fetched at
 * low priority, they stop competing with the page's largest image for a phone's bandwidth, and
 * the browser no longer counts them as holding up its first paint. The app shell, which shows
 * nothing without them, keeps their default priority.
 */
export function lowerScriptPriority(indexHtml: string): string {
  return indexHtml.replace(SCRIPT_TAGS, '<$1 fetchpriority="low"');
}

export interface Renderer {
  entry: ServerEntry;
  template: PageTemplate;
}

/**
 * The client's server bundle (`npm run build -w client` writes it to client/dist-ssr beside
 * client/dist) and the template; undefined when the client was built without it (the API tests, a
 * Vite dev server in front): every page then gets the app shell, as before server rendering.
 */
export async function loadRenderer(
  clientDist: string,
  writeShell: (indexHtml: string) => string = (html) => html,
): Promise<Renderer | undefined> {
  const entryFile = path.resolve(clientDist, '..', 'dist-ssr', 'entry-server.js');
  const indexFile = path.join(clientDist, 'index.html');
  if (!existsSync(entryFile) || !existsSync(indexFile)) return undefined;
  const module = (await import(pathToFileURL(entryFile).href)) as { default: ServerEntry };
  const indexHtml = readFileSync(indexFile, 'utf8');
  return {
    entry: module.default,
    template: parseTemplate(
      writeShell(lowerScriptPriority(inlineStylesheets(indexHtml, clientDist))),
    ),
  };
}
