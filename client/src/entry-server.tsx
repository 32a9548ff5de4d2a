import type { RenderContext, RenderedPage, ServerEntry } from '@aprendiz/contract/rendering';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
} from 'react-router-dom';
import { pageHead, scriptJson } from './app/page-head';
import { routeMeta } from './app/page-meta';
import { routes, SERVER_RENDERED_PATHS } from './app/router';
import { AuthProvider } from './auth/auth-provider';
import { StorefrontContext } from './config/storefront';

const handler = createStaticHandler(routes);
const serverRendered = SERVER_RENDERED_PATHS.map((path) => ({ path }));

/** Public pages and the 404 are rendered here; the signed-in areas are left to the browser. */
function rendersOnServer(pathname: string): boolean {
  if (matchRoutes(serverRendered, pathname)) return true;
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  return leaf?.route.path === '*';
}

async function collect(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** Renders one address of the app: the server's half of server rendering. */
export async function render(
  request: Request,
  context: RenderContext,
  origin: string,
): Promise<RenderedPage> {
  const url = new URL(request.url);
  if (!rendersOnServer(url.pathname)) return { kind: 'client' };

  const result = await handler.query(request, { requestContext: context });
  if (result instanceof Response) {
    return {
      kind: 'redirect',
      status: result.status,
      location: result.headers.get('Location') ?? '/',
    };
  }
  // A loader that failed on the server (a database hiccup) is not rendered, let alone cached:
  // the browser gets the app shell and loads the page itself.
  if (result.errors) return { kind: 'client' };

  const router = createStaticRouter(handler.dataRoutes, result);
  // Prerendering waits for every Suspense boundary, so the HTML is whole (and can be cached). React
  // would still move a large boundary's content to the end of the document, swapped in by an inline
  // script that the CSP refuses: an unbounded chunk size keeps every boundary in place.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      {/* The browser's provider, so the HTML hydrates under the same tree; it renders signed out
          here (no session to read), and nothing navigates while rendering. */}
      <StorefrontContext value={context.storefront}>
        <AuthProvider navigate={() => {}}>
          <StaticRouterProvider router={router} context={result} hydrate={false} />
        </AuthProvider>
      </StorefrontContext>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await collect(prelude);
  const meta = routeMeta(
    result.matches.map((match) => ({
      handle: match.route.handle,
      data: result.loaderData[match.route.id],
      params: match.params,
    })),
    url.pathname,
    context.storefront,
  );
  return {
    kind: 'page',
    status: result.statusCode,
    head: meta ? pageHead(meta, origin, url.pathname) : '',
    html,
    hydration: scriptJson({
      loaderData: result.loaderData,
      actionData: result.actionData,
      errors: null,
    }),
  };
}

export default { render } satisfies ServerEntry;
