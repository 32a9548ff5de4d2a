import path from 'node:path';
import express, { Router } from 'express';
import type { AppDeps } from '../deps';

// Every upload gets a fresh name, so an image never changes and can be cached for good.
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

/**
 * If-None-Match by its own rules (weak comparison, lists, `*`). Express's `req.fresh` answers no
 * whenever the request says `Cache-Control: no-cache`, which fetch() adds to every conditional request.
 */
function alreadyHeld(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * `/uploads/<name>`: thumbnails and avatars. With a shared database they are read from its
 * thumbnails table, so any instance answers for an image another one stored; files under
 * DATA_DIR/uploads (PGlite's store, and what a PostgreSQL install wrote before) are served too.
 * An unknown name is a 404, never the client's HTML.
 */
export function uploadsRoutes(deps: Pick<AppDeps, 'config' | 'thumbnailTable'>): Router {
  const router = Router();
  const table = deps.thumbnailTable;
  if (table) {
    router.get('/:name', async (req, res, next) => {
      const image = await table.find(req.params.name);
      if (!image) {
        next();
        return;
      }
      res.set({
        'Content-Type': image.contentType,
        ETag: image.etag,
        'Cache-Control': CACHE_FOREVER,
      });
      if (alreadyHeld(req.get('If-None-Match'), image.etag)) {
        res.status(304).end();
        return;
      }
      res.send(image.content);
    });
  }
  router.use(
    express.static(path.join(deps.config.dataDir, 'uploads'), {
      index: false,
      immutable: true,
      maxAge: '1y',
    }),
  );
  router.use((_req, res) => {
    res.sendStatus(404);
  });
  return router;
}
