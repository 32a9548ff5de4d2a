import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../../deps';
import { courseSearchQuerySchema } from '@aprendiz/contract/courses';
import { optionalAuth } from '../../http/auth';
import { parseInput } from '../../http/validate';
import type { CachedBody } from './catalogue-cache';
import {
  getCourseForUser,
  getPublicCourse,
  listCatalogue,
  searchCatalogue,
} from './courses.service';

/**
 * Clients may keep the body but must revalidate; the ETag turns that into a 304 with no query.
 * Headers go straight to Node: these two routes are the hottest in the app (DESIGN §9 budget).
 */
function sendCached(req: Request, res: Response, entry: CachedBody): void {
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('ETag', entry.etag);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.send(entry.bytes);
}

export function coursesRoutes(deps: AppDeps): Router {
  const router = Router();

  router.get('/course/all', async (req, res) => {
    sendCached(req, res, await listCatalogue(deps));
  });

  // Before /course/:id, which would read 'search' as a course id.
  router.get('/course/search', async (req, res) => {
    // An empty parameter is a form field left blank: the same as not sending it.
    const given = Object.entries(req.query).filter(([, value]) => value !== '');
    const query = parseInput(courseSearchQuerySchema, Object.fromEntries(given));
    res.json(await searchCatalogue(deps, query));
  });

  router.get(
    '/course/:id',
    (req, res, next) => {
      // The body depends on who asks (lecture links, myRating), so shared caches must key on it.
      res.setHeader('Vary', 'Authorization');
      // The hottest read: an anonymous visitor's course already in memory is answered at once,
      // without the promises of the general path (DESIGN §9 throughput budget).
      const cached = req.headers.authorization
        ? undefined
        : deps.catalogueCache.peekCourse(String(req.params.id));
      if (cached) sendCached(req, res, cached);
      else next();
    },
    optionalAuth(deps.auth),
    async (req, res) => {
      if (!req.user) {
        sendCached(req, res, await getPublicCourse(deps, String(req.params.id)));
        return;
      }
      const courseData = await getCourseForUser(deps, String(req.params.id), req.user);
      res.set('Cache-Control', 'private, no-cache').json({ success: true, courseData });
    },
  );

  return router;
}
