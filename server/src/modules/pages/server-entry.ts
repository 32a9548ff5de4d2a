import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HYDRATION_DATA_ID, type ServerEntry } from '@aprendiz/contract/rendering';

const HEAD_START = '<!--page-head-->';
const HEAD_END = '<!--/page-head-->';
const ROOT = '<div id="root"></div>';

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
  const afterRoot = indexHtml.slice(root + ROOT.length);
  return {
    fill: ({ head, html, hydration }) =>
      `${beforeHead}${head || defaultHead}${betweenHeadAndRoot}<div id="root">${html}</div>` +
      `<script type="application/json" id="${HYDRATION_DATA_ID}">${hydration}</script>${afterRoot}`,
  };
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
export async function loadRenderer(clientDist: string): Promise<Renderer | undefined> {
  const entryFile = path.resolve(clientDist, '..', 'dist-ssr', 'entry-server.js');
  const indexFile = path.join(clientDist, 'index.html');
  if (!existsSync(entryFile) || !existsSync(indexFile)) return undefined;
  const module = (await import(pathToFileURL(entryFile).href)) as { default: ServerEntry };
  return { entry: module.default, template: parseTemplate(readFileSync(indexFile, 'utf8')) };
}
