import {
  HYDRATION_VIEWER_KEY,
  type RenderContext,
  type RenderedPage,
  type ServerEntry,
} from '@aprendiz/contract/rendering';
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
import { routes, SERVER_RENDERED_PATHS, SIGNED_IN_RENDERED_PATHS } from './app/router';
import { AuthProvider } from './auth/auth-provider';
import { StorefrontContext } from './config/storefront';

const handler = createStaticHandler(routes);
const serverRendered = SERVER_RENDERED_PATHS.map((path) => ({ path }));
const signedInRendered = SIGNED_IN_RENDERED_PATHS.map((path) => ({ path }));

/**
 * Public pages and the 404 are rendered here for everyone alike; the signed-in pages that are
 * drawn here only for a viewer; the rest of the signed-in areas are left to the browser.
 */
function audienceOf(pathname: string, context: RenderContext): 'everyone' | 'viewer' | null {
  if (matchRoutes(serverRendered, pathname)) return 'everyone';
  if (matchRoutes(signedInRendered, pathname)) return context.viewer ? 'viewer' : null;
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  return leaf?.route.path === '*' ? 'everyone' : null;
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
  const audience = audienceOf(url.pathname, context);
  if (!audience) return { kind: 'client' };
  // A public page is the same for everyone (and cached): it never sees who asked.
  const viewer = audience === 'viewer' ? (context.viewer ?? null) : null;

  const result = await handler.query(request, { requestContext: { ...context, viewer } });
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
      {/* The browser's provider, so the HTML hydrates under the same tree; it renders as the
          viewer the page is drawn for (signed out on a public page), and nothing navigates while
          rendering. */}
      <StorefrontContext value={context.storefront}>
        <AuthProvider navigate={() => {}} serverViewer={viewer?.user ?? null}>
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
      ...(viewer ? { [HYDRATION_VIEWER_KEY]: viewer.user } : {}),
    }),
    ...(viewer ? { private: true } : {}),
  };
}

export default { render } satisfies ServerEntry;
