import { Router } from 'express';
import type { AppDeps } from '../../deps';
import { courseSearchQuerySchema } from '@aprendiz/contract/courses';
import { optionalAuth } from '../../http/auth';
import { compressJson } from '../../http/compression';
import { sendCached } from '../../http/send-cached';
import { courseSuggestQuerySchema } from '@aprendiz/contract/search';
import { parseInput } from '../../http/validate';
import {
  getCourseForUser,
  getPublicCourse,
  listCatalogue,
  listTeaser,
  searchCatalogue,
  suggestCatalogue,
} from './courses.service';

// The list is the same for everyone; a course's body depends on who asks (lecture links, myRating),
// so shared caches must key on the Authorization header too.
const LIST_VARY = 'Accept-Encoding';
const COURSE_VARY = 'Authorization, Accept-Encoding';

export function coursesRoutes(deps: AppDeps): Router {
  const router = Router();

  const compress = compressJson();

  router.get('/course/all', async (req, res) => {
    sendCached(req, res, await listCatalogue(deps), LIST_VARY);
  });

  // The home page's courses: what it shows, not the catalogue to pick them from. Before /course/:id.
  router.get('/course/teaser', async (req, res) => {
    sendCached(req, res, await listTeaser(deps), LIST_VARY);
  });

  // Before /course/:id, which would read 'search' as a course id.
  router.get('/course/search', compress, async (req, res) => {
    // An empty parameter is a form field left blank: the same as not sending it.
    const given = Object.entries(req.query).filter(([, value]) => value !== '');
    const query = parseInput(courseSearchQuerySchema, Object.fromEntries(given));
    res.json(await searchCatalogue(deps, query));
  });

  router.get('/course/suggest', async (req, res) => {
    const { q } = parseInput(courseSuggestQuerySchema, req.query);
    res.json(await suggestCatalogue(deps, q));
  });

  router.get(
    '/course/:id',
    (req, res, next) => {
      // The hottest read: an anonymous visitor's course already in memory is answered at once,
      // without the promises of the general path (the throughput budget: ≥ 0.8 × the in-memory ceiling).
      const cached = req.headers.authorization
        ? undefined
        : deps.catalogueCache.peekCourse(String(req.params.id));
      if (cached) sendCached(req, res, cached, COURSE_VARY);
      else next();
    },
    compress,
    optionalAuth(deps.auth),
    async (req, res) => {
      if (!req.user) {
        sendCached(req, res, await getPublicCourse(deps, String(req.params.id)), COURSE_VARY);
        return;
      }
      res.setHeader('Vary', COURSE_VARY);
      const courseData = await getCourseForUser(deps, String(req.params.id), req.user);
      res.set('Cache-Control', 'private, no-cache').json({ success: true, courseData });
    },
  );

  return router;
}
