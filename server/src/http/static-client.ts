import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, Router } from 'express';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Serves the built client: hashed assets cached for a year, everything else revalidated, and
 * index.html for any other GET so client-side routes survive a reload.
 */
export function staticClient(distDir: string): Router {
  const router = Router();
  const indexFile = path.join(distDir, 'index.html');
  router.use(
    express.static(distDir, {
      index: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        const worker =
          /(^|[\\/])(sw\.js|workbox-[^\\/]+\.js|registerSW\.js|manifest\.webmanifest)$/.test(
            filePath,
          );
        res.setHeader(
          'Cache-Control',
          hashed && !worker ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
        );
      },
    }),
  );
  const spaFallback: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/api/') || req.path.startsWith('/uploads/')) return next();
    if (!existsSync(indexFile)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  };
  router.use(spaFallback);
  return router;
}
