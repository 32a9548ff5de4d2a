import express, { Router } from 'express';
import { z } from 'zod';
import { directUploadRequestSchema } from '@aprendiz/contract/video-direct-upload';
import { videoIdParamsSchema } from '@aprendiz/contract/videos';
import type { AppDeps } from '../../deps';
import { currentUser, requireAuth, requireEducator } from '../../http/auth';
import { AppError, badRequest, notFound, unauthorized } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { BunnyUnavailable } from './bunny-stream';
import {
  refreshStaleHostedVideo,
  renewDirectUpload,
  startDirectUpload,
  syncHostedVideo,
} from './bunny-videos';
import { VIDEO_NOT_FOUND } from './videos.service';

export const BUNNY_WEBHOOK_PATH = '/webhooks/bunny-stream';

export const BUNNY_WEBHOOK_MESSAGES = {
  signature: 'Assinatura do webhook inválida',
  body: 'Aviso do Bunny Stream inválido',
  unavailable: 'O Bunny Stream não respondeu; tente o aviso de novo.',
} as const;

/** Bunny's webhook body: `{VideoLibraryId, VideoGuid, Status}`, a few dozen bytes. */
const WEBHOOK_BODY_LIMIT = '8kb';

const webhookSchema = z.object({
  VideoLibraryId: z.number().int(),
  VideoGuid: z.uuid(),
  Status: z.number().int(),
});

/**
 * Bunny Stream, under /api, when it is configured: the educator's direct uploads and Bunny's
 * encoding webhook. Mounted above the JSON parser, because the webhook's signature covers its raw
 * bytes. Nothing is mounted without Bunny (404).
 */
export function bunnyStreamRoutes(deps: AppDeps): Router {
  const router = Router();
  const bunny = deps.video.bunny;
  if (!bunny) return router;
  const auth = requireAuth(deps.auth);
  const json = express.json({ limit: '4kb' });

  router.post('/educator/videos/direct-uploads', auth, requireEducator, json, async (req, res) => {
    const input = parseInput(directUploadRequestSchema, req.body);
    const upload = await startDirectUpload(deps, currentUser(req), input);
    res.status(201).json({ success: true, upload });
  });

  // Ahead of the video module's own answer to the editor's poll: a Bunny video it follows is read
  // back from Bunny now and then, so it moves even when no webhook arrives.
  router.get('/educator/videos/:videoId', auth, requireEducator, async (req, _res, next) => {
    const parsed = videoIdParamsSchema.safeParse(req.params);
    if (parsed.success) await refreshStaleHostedVideo(deps, currentUser(req), parsed.data.videoId);
    next();
  });

  router.post(
    '/educator/videos/:videoId/direct-upload',
    auth,
    requireEducator,
    async (req, res) => {
      const parsed = videoIdParamsSchema.safeParse(req.params);
      if (!parsed.success) throw notFound(VIDEO_NOT_FOUND);
      const upload = await renewDirectUpload(deps, currentUser(req), parsed.data.videoId);
      res.json({ success: true, upload });
    },
  );

  /**
   * Bunny's word that a video changed: signed (when BUNNY_STREAM_WEBHOOK_SECRET is set), of our
   * library, and then only a reason to read the video back from Bunny's API, whose answer is what
   * our row takes. Saying the same thing twice changes nothing more; a guid we do not have is
   * acknowledged and ignored.
   */
  router.post(
    BUNNY_WEBHOOK_PATH,
    express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
    async (req, res) => {
      const body: unknown = req.body;
      const raw = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      if (!bunny.verifyWebhook(raw, req.get('x-bunnystream-signature'))) {
        throw unauthorized(BUNNY_WEBHOOK_MESSAGES.signature);
      }
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        throw badRequest(BUNNY_WEBHOOK_MESSAGES.body);
      }
      const parsed = webhookSchema.safeParse(payload);
      if (!parsed.success) throw badRequest(BUNNY_WEBHOOK_MESSAGES.body);
      const { VideoLibraryId, VideoGuid, Status } = parsed.data;
      // Another library's video is none of ours, whatever its guid.
      if (String(VideoLibraryId) !== bunny.libraryId) {
        res.json({ success: true, result: 'unknown' });
        return;
      }
      let result;
      try {
        result = await syncHostedVideo(deps, VideoGuid);
      } catch (err) {
        // Bunny retries a webhook that was not acknowledged: the next one reads the video again.
        if (err instanceof BunnyUnavailable) {
          throw new AppError('UNAVAILABLE', BUNNY_WEBHOOK_MESSAGES.unavailable, { cause: err });
        }
        throw err;
      }
      req.log?.info({ guid: VideoGuid, status: Status, result }, 'bunny stream webhook');
      res.json({ success: true, result });
    },
  );
  return router;
}
