import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  applicationListQuerySchema,
  declineApplicationBodySchema,
  educatorApplicationBodySchema,
} from '@aprendiz/contract/educator-applications';
import type { AppDeps } from '../../deps';
import { currentUser, requireAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { requireAdmin, requireStaff } from '../admin/staff';
import type { Actor } from '../admin/staff.repository';
import {
  APPLICATION_NOT_FOUND,
  applyToTeach,
  approveApplication,
  declineApplication,
  getApplicationQueue,
  getMyApplication,
} from './educator-applications.service';

const uuid = z.uuid();

function actorOf(req: Request): Actor {
  return { id: currentUser(req).id, address: req.ip ?? null };
}

function applicationId(req: Request): string {
  const id = uuid.safeParse(req.params.id);
  if (!id.success) throw notFound(APPLICATION_NOT_FOUND);
  return id.data;
}

/**
 * 'Tornar-se educador' as an application (EDUCATOR_APPLICATIONS=on): the applicant sends and reads
 * theirs; the console lists the queue (staff) and decides (admins, with two-step like every console
 * endpoint).
 */
export function educatorApplicationsRoutes(deps: AppDeps): Router {
  const router = Router();
  const auth = requireAuth(deps.auth);
  const staff = [auth, requireStaff(deps.database.db, deps.auth)];
  const admin = [...staff, requireAdmin];
  const noStore = { 'Cache-Control': 'no-store' };

  router.get('/educator/application', auth, async (req, res) => {
    const application = await getMyApplication(deps, currentUser(req));
    res.set(noStore).json({ success: true, application });
  });

  router.post('/educator/application', auth, async (req, res) => {
    const body = parseInput(educatorApplicationBodySchema, req.body);
    const application = await applyToTeach(deps, currentUser(req), body);
    res.status(201).json({ success: true, application });
  });

  router.get('/admin/educator-applications', ...staff, async (req, res) => {
    const { status } = parseInput(applicationListQuerySchema, req.query);
    res.set(noStore).json({ success: true, applications: await getApplicationQueue(deps, status) });
  });

  router.post('/admin/educator-applications/:id/approve', ...admin, async (req, res) => {
    const application = await approveApplication(deps, actorOf(req), applicationId(req));
    res.json({ success: true, application });
  });

  router.post('/admin/educator-applications/:id/decline', ...admin, async (req, res) => {
    const body = parseInput(declineApplicationBodySchema, req.body);
    const application = await declineApplication(deps, actorOf(req), applicationId(req), body);
    res.json({ success: true, application });
  });

  return router;
}
