import type { Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import type { AppDeps } from '../../deps';
import { compressNow, preferredEncoding } from '../../http/compression';
import { addressBudget } from '../../http/rate-limit';
import { serverCatalogueSource, serverCertificateSource } from './catalogue-source';
import {
  cachedPage,
  canonicalPageUrl,
  createPageCache,
  type CachedPage,
  type PageCache,
} from './page-cache';
import { loadRenderer, type Renderer } from './server-entry';
import { publishedCourseDates, robotsTxt, sitemapXml } from './sitemap';
import { deploymentStorefront, writeStorefront } from './storefront';
import { pageViewer } from './viewer-source';

function sendPage(
  req: Request,
  res: Response,
  page: CachedPage,
  cache: PageCache,
  url: string,
): void {
  res.status(page.status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  // Revalidated on every visit: the page shows prices and counts that change with the catalogue.
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('ETag', page.etag);
  res.vary('Accept-Encoding');
  if (page.status === 200 && req.fresh) {
    res.status(304).end();
    return;
  }
  const encoding = preferredEncoding(req);
  if (!encoding) {
    res.send(page.bytes);
    return;
  }
  const body = cache.compressed(url, page, encoding);
  res.setHeader('Content-Encoding', encoding);
  res.send(body);
}

/**
 * A page drawn for the signed-in viewer: theirs alone. No shared cache, and no copy kept by the
 * browser either, so Back after 'Sair' does not show it again; nor is it indexed.
 */
function sendPrivatePage(req: Request, res: Response, status: number, html: string): void {
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  res.vary('Cookie');
  res.vary('Accept-Encoding');
  // Written with end(), not send(): an ETag would only invite revalidating what is never kept.
  const encoding = preferredEncoding(req);
  const bytes = Buffer.from(html, 'utf8');
  const body = encoding ? compressNow(bytes, encoding) : bytes;
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The app shell as this server sends it: with its storefront (currency, payment methods) written in. */
export function appShellWriter(deps: AppDeps): (indexHtml: string) => string {
  const storefront = deploymentStorefront(deps);
  return (html) => writeStorefront(html, storefront);
}

/** robots.txt and sitemap.xml, written for this deployment's public URL. */
export function crawlerRoutes(deps: AppDeps): Router {
  const router = Router();
  const origin = deps.config.publicUrl;
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'no-cache');
    res.send(robotsTxt(origin));
  });
  router.get('/sitemap.xml', async (_req, res) => {
    const published = await publishedCourseDates(deps.database.db);
    res.type('application/xml').setHeader('Cache-Control', 'no-cache');
    res.send(sitemapXml(origin, published));
  });
  return router;
}

/**
 * Renders the public pages on the server: content, title and link-preview tags in the
 * first HTML, from the same services and caches as the API, and the result kept in memory until the
 * catalogue changes. Addresses the renderer leaves to the browser fall through to the app shell.
 *
 * Rendering is the expensive answer, so nobody can make the server do it at will: a page is kept
 * under its canonical address (parameters its route does not read are dropped), at most
 * `renderConcurrency` renders run at once, and each client address has a budget of renders that
 * missed the cache. Past either bound the visitor gets the app shell, which renders the same page
 * in the browser: slower to paint, never wrong.
 */
export function renderedPages(deps: AppDeps): RequestHandler {
  const origin = deps.config.publicUrl;
  const limits = deps.config.pages;
  const storefront = deploymentStorefront(deps);
  const context = {
    catalogue: serverCatalogueSource(deps),
    certificates: serverCertificateSource(deps),
    storefront,
  };
  const viewerOf = pageViewer(deps);
  const cache = createPageCache(() => deps.catalogueCache.generation(), limits.cacheBytes);
  const renderBudget = addressBudget({
    name: 'page-render',
    max: limits.renderRateLimit,
    windowMs: 60_000,
    redis: deps.redis,
  });
  let rendering = 0;
  let renderer: Promise<Renderer | undefined> | undefined;

  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/api/') || req.path.startsWith('/uploads/')) return next();
    renderer ??= loadRenderer(deps.config.clientDist, (html) => writeStorefront(html, storefront));
    const loaded = await renderer;
    if (!loaded) return next();

    const url = canonicalPageUrl(new URL(req.originalUrl, origin));
    const cached = cache.get(url);
    if (cached) return sendPage(req, res, cached, cache, url);

    // The slot is taken before the budget is asked (an await), so a burst cannot all pass the check.
    if (rendering >= limits.renderConcurrency) return next();
    rendering++;
    const startedAt = deps.catalogueCache.generation();
    let page;
    try {
      if (!(await renderBudget(req, res))) return next();
      // Only the signed-in pages read the viewer; the public ones render the same for everyone.
      const viewer = await viewerOf(req);
      page = await loaded.entry.render(
        new Request(new URL(url, origin)),
        { ...context, viewer },
        origin,
      );
    } catch (err) {
      // The browser can still render the page from the app shell; the failure is ours to look at.
      deps.logger.error({ err, url }, 'server rendering failed');
      return next();
    } finally {
      rendering--;
    }
    if (page.kind === 'client') return next();
    if (page.kind === 'redirect') return res.redirect(page.status, page.location);
    if (page.private) return sendPrivatePage(req, res, page.status, loaded.template.fill(page));
    const rendered = cachedPage(page.status, loaded.template.fill(page));
    cache.set(url, rendered, startedAt);
    sendPage(req, res, rendered, cache, url);
  };
}
