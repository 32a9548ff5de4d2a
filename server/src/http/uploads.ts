import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  IMAGE_VARIANT_WIDTHS,
  isImageVariantWidth,
  type ImageVariantWidth,
} from '@aprendiz/contract/rules/image-variants';
import express, { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../deps';
import { UPLOADS_URL_PATH, uploadName } from '../providers/storage-disk';
import { badRequest } from './errors';
import { createImageVariants, UNREADABLE } from './image-variants';

// Every upload gets a fresh name, so an image never changes and can be cached for good.
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

/**
 * If-None-Match by its own rules (weak comparison, lists, `*`). Express's `req.fresh` answers no
 * whenever the request says `Cache-Control: no-cache`, which fetch() adds to every conditional request.
 */
export function alreadyHeld(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

const WIDTHS_IN_WORDS = `${IMAGE_VARIANT_WIDTHS.slice(0, -1).join(', ')} ou ${IMAGE_VARIANT_WIDTHS.at(-1)}`;
export const BAD_IMAGE_WIDTH = `Largura de imagem inválida: use ${WIDTHS_IN_WORDS}.`;

/** The `?w=` of a request, undefined for the original; any other value is refused. */
function requestedWidth(req: Request): ImageVariantWidth | undefined {
  const { w } = req.query;
  if (w === undefined) return undefined;
  const width = typeof w === 'string' && /^\d+$/.test(w) ? Number(w) : Number.NaN;
  if (!isImageVariantWidth(width)) throw badRequest(BAD_IMAGE_WIDTH);
  return width;
}

/** An image from memory or the table: its tag, a year-long cache, and a 304 when already held. */
function sendImage(
  req: Request,
  res: Response,
  image: { contentType: string; etag: string; content: Buffer },
): void {
  res.set({ 'Content-Type': image.contentType, ETag: image.etag, 'Cache-Control': CACHE_FOREVER });
  if (alreadyHeld(req.get('If-None-Match'), image.etag)) {
    res.status(304).end();
    return;
  }
  res.send(image.content);
}

async function readIfPresent(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

/**
 * `/uploads/<name>`: thumbnails and avatars. With a shared database they are read from its
 * thumbnails table, so any instance answers for an image another one stored; files under
 * DATA_DIR/uploads (PGlite's store, and what a PostgreSQL install wrote before) are served too.
 * `?w=320` (or another of IMAGE_VARIANT_WIDTHS) answers a copy resized to that width, so cards do
 * not download the 1280-pixel original. An unknown name is a 404, never the client's HTML.
 */
export function uploadsRoutes(deps: Pick<AppDeps, 'config' | 'thumbnailTable'>): Router {
  const router = Router();
  const table = deps.thumbnailTable;
  const uploadDir = path.join(deps.config.dataDir, 'uploads');
  const variants = createImageVariants();

  // Only names the app gives its images get further: a NUL, a dot file, a folder or a percent
  // sequence that does not decode is a 404 here, before any file system or table sees it.
  router.use((req, res, next) => {
    let name: string;
    try {
      name = decodeURIComponent(req.path.slice(1));
    } catch {
      res.sendStatus(404);
      return;
    }
    if (!uploadName(`${UPLOADS_URL_PATH}/${name}`)) {
      res.sendStatus(404);
      return;
    }
    next();
  });

  router.get('/:name', async (req, res, next) => {
    const width = requestedWidth(req);
    if (width === undefined) {
      next();
      return;
    }
    const name = uploadName(`${UPLOADS_URL_PATH}/${req.params.name}`);
    const variant = name
      ? await variants.get(name, width, async () => {
          const stored = await table?.find(name);
          return stored?.content ?? readIfPresent(path.join(uploadDir, name));
        })
      : undefined;
    if (variant === UNREADABLE) {
      next();
      return;
    }
    if (!variant) {
      res.sendStatus(404);
      return;
    }
    sendImage(req, res, { contentType: 'image/webp', ...variant });
  });
  if (table) {
    router.get('/:name', async (req, res, next) => {
      const image = await table.find(req.params.name);
      if (!image) {
        next();
        return;
      }
      sendImage(req, res, image);
    });
  }
  router.use(
    express.static(uploadDir, {
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
