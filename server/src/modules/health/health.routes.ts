import { Router } from 'express';
import type { Database } from '../../db/client';

export function healthRoutes(database: Database): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    try {
      await database.ping();
      res.json({ success: true, db: database.kind });
    } catch {
      res
        .status(503)
        .json({ success: false, db: database.kind, message: 'Banco de dados indisponível' });
    }
  });
  return router;
}
