import path from 'node:path';
import { Router, type Request, type Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { Server as TusServer, type ServerOptions } from '@tus/server';
import {
  captionBodySchema,
  captionParamsSchema,
  videoIdParamsSchema,
} from '@aprendiz/contract/videos';
import express from 'express';
import { parseInput } from '../../http/validate';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../db/schema/users';
import { videoCaptions } from '../../db/schema/videos';
import { currentUser, optionalAuth, requireAuth, requireEducator } from '../../http/auth';
import { forbidden, gone, methodNotAllowed, notFound } from '../../http/errors';
import { and, eq } from 'drizzle-orm';
import { probeVideo, VideoRefused, VIDEO_REFUSED, type ProbedVideo } from './video-probe';
import { parseByteRange, type VideoStore } from './video-store';
import { VIDEO_JOBS } from './video-processing';
import { checkToken, VIDEO_URL_PREFIX } from './video-token';
import {
  deleteVideoRow,
  findVideo,
  insertVideoWithinQuota,
  markUploaded,
  mayWatchCourse,
} from './videos.repository';
import {
  getOwnVideo,
  lecturePlayback,
  removeCaptions,
  removeOwnVideo,
  saveCaptions,
  toVideo,
  VIDEO_NOT_FOUND,
  videoLimits,
} from './videos.service';

export const UPLOADS_PATH = '/api/educator/videos/uploads';

export const UPLOAD_MESSAGES = {
  off: 'O envio de vídeos está desligado neste servidor.',
  noLength: 'Informe o tamanho do arquivo antes de enviar.',
  noFilename: 'Informe o nome do arquivo (metadado filename).',
  quota:
    'Este vídeo não cabe no seu espaço: apague vídeos que não usa mais ou envie um arquivo menor.',
  notYours: 'Envio não encontrado.',
  download: 'Os arquivos enviados não são baixados por aqui.',
} as const;

export const PLAYBACK_MESSAGES = {
  invalid: 'Este endereço de vídeo não é válido para você.',
  expired: 'Este endereço de vídeo expirou. Abra a aula de novo.',
  refused: 'Você não tem mais acesso a este vídeo.',
} as const;

/** A file a playback address may name: the master, a rendition's playlist or segment, poster, captions. */
const PLAYBACK_FILE =
  /^(master\.m3u8|poster\.jpg|(source|240p|360p|720p|audio)\/(index\.m3u8|init\.mp4|seg_\d{5}\.m4s))$/;
const CAPTION_FILE = /^captions\/([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?)\.vtt$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
};

type TusError = { status_code: number; body: string };
const tusError = (status_code: number, body: string): TusError => ({ status_code, body });

/** The signed-in educator behind a tus request: the Express request the hooks' request wraps. */
function uploaderOf(req: unknown): UserRow {
  const node = (req as { runtime?: { node?: { req?: Request } } }).runtime?.node?.req;
  const user = node?.user;
  if (!user) throw tusError(401, 'Faça login para continuar');
  return user;
}

/** What the editor shows as the video's name: the file's own, trimmed of control characters. */
function cleanFilename(name: string | null | undefined): string {
  return (name ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 200);
}

function tusServer(deps: AppDeps): TusServer {
  const { database, video, config, jobs } = deps;
  const db = database.db;
  const options: ServerOptions & { datastore: VideoStore['uploads'] } = {
    path: UPLOADS_PATH,
    datastore: video.store.uploads,
    locker: video.uploadLocker.locker,
    relativeLocation: true,
    maxSize: config.video.maxBytes,
    // The row is the upload's id: created here, after the size is checked against the quota.
    namingFunction: async (req, metadata) => {
      const educator = uploaderOf(req);
      const length = Number(req.headers.get('upload-length'));
      if (!Number.isSafeInteger(length) || length < 0)
        throw tusError(400, UPLOAD_MESSAGES.noLength);
      const filename = cleanFilename(metadata?.filename);
      if (filename === '') throw tusError(400, UPLOAD_MESSAGES.noFilename);
      const row = await insertVideoWithinQuota(db, {
        ownerId: educator.id,
        filename,
        bytes: length,
        quotaBytes: config.video.quotaBytesPerEducator,
      });
      if (!row) throw tusError(413, UPLOAD_MESSAGES.quota);
      return row.id;
    },
    // Every request on an upload is its owner's: nobody else may resume, read or finish it.
    onIncomingRequest: async (req, uploadId) => {
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      const educator = uploaderOf(req);
      const row = UUID.test(uploadId) ? await findVideo(db, uploadId) : null;
      if (!row || row.ownerId !== educator.id || row.status !== 'uploading') {
        throw tusError(404, UPLOAD_MESSAGES.notYours);
      }
    },
    onUploadFinish: async (_req, upload) => {
      const videoId = upload.id;
      try {
        const probe = await probeOriginal(deps, videoId);
        await db.transaction(async (tx) => {
          await markUploaded(tx, videoId, probe);
          await jobs.send(tx, VIDEO_JOBS.process, { videoId }, `video:${videoId}`);
        });
        return {};
      } catch (err) {
        if (!(err instanceof VideoRefused)) throw err;
        // Judged by its bytes and refused: nothing of it is kept, row included.
        await video.store.remove(videoId);
        await deleteVideoRow(db, videoId);
        throw tusError(422, err.message);
      }
    },
  };
  return new TusServer(options);
}

/**
 * ffprobe reads a local file: the upload itself on disk, a copy streamed down from S3, which is
 * kept for the processing job when the file is a video (the job usually runs here, seconds later).
 */
async function probeOriginal(deps: AppDeps, videoId: string): Promise<ProbedVideo> {
  const original = await deps.video.store.openOriginal(videoId);
  // A finished upload with no stored bytes is an empty one (S3 keeps no object for it).
  if (!original) throw new VideoRefused(VIDEO_REFUSED.empty);
  let probed: ProbedVideo;
  try {
    probed = await probeVideo(deps.config.video.ffprobe, original.file);
  } catch (err) {
    await original.release();
    throw err;
  }
  original.keep();
  return probed;
}

/**
 * Sends a playback file from the store, whole or the one byte range asked: the same answer from
 * the disk and from S3, streamed, never read into memory.
 */
async function sendPlaybackFile(
  req: Request,
  res: Response,
  store: VideoStore,
  videoId: string,
  file: string,
): Promise<void> {
  const range = parseByteRange(req.headers.range);
  const read = await store.read(videoId, file, range);
  // A rendition not made (yet, or for this video): missing, never a server error.
  if (read.kind === 'missing') throw notFound(VIDEO_NOT_FOUND);
  if (read.kind === 'unsatisfiable') {
    res.status(416).set('Content-Range', `bytes */${read.size}`).end();
    return;
  }
  const type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
  // The master changes once the ladder replaces the quick copy; every other file never changes.
  const cache =
    file === 'master.m3u8' ? 'private, no-cache' : 'private, max-age=31536000, immutable';
  res.status(range ? 206 : 200).set({
    'Content-Type': type,
    'Cache-Control': cache,
    'Accept-Ranges': 'bytes',
    'Content-Length': String(read.end - read.start + 1),
    ...(range && { 'Content-Range': `bytes ${read.start}-${read.end}/${read.size}` }),
  });
  if (req.method === 'HEAD') {
    read.body.destroy();
    res.end();
    return;
  }
  // A viewer who seeks away closes the connection: the pipeline then stops reading the store.
  await pipeline(read.body, res).catch((err: unknown) => {
    if (!res.headersSent) throw err;
    res.destroy();
  });
}

/** The educator's video API and the tus upload endpoint, under /api. */
export function videosApiRoutes(deps: AppDeps): Router {
  const router = Router();
  const auth = requireAuth(deps.auth);
  const tus = deps.video.enabled ? tusServer(deps) : null;

  const uploads = [UPLOADS_PATH, `${UPLOADS_PATH}/:uploadId`].map((p) => p.replace(/^\/api/, ''));
  // Uploaded originals are read by ffmpeg only; tus would otherwise hand them back by GET.
  router.get(uploads, (req, _res, next) => {
    // Express routes HEAD here too, and HEAD is how tus tells a client where to resume.
    if (req.method === 'HEAD') return next();
    throw methodNotAllowed(UPLOAD_MESSAGES.download);
  });
  router.all(uploads, auth, requireEducator, async (req, res) => {
    if (!tus) throw forbidden(deps.video.disabledReason ?? UPLOAD_MESSAGES.off);
    // tus matches ids on the whole path, which the /api mount took off.
    req.url = req.originalUrl;
    await tus.handle(req, res);
  });

  router.get('/educator/videos/limits', auth, requireEducator, async (req, res) => {
    res.json({ success: true, limits: await videoLimits(deps, currentUser(req)) });
  });

  router.get('/educator/videos/:videoId', auth, requireEducator, async (req, res) => {
    const { videoId } = parseVideoId(req.params);
    const row = await getOwnVideo(deps, currentUser(req), videoId);
    res.json({ success: true, video: toVideo(row) });
  });

  router.delete('/educator/videos/:videoId', auth, requireEducator, async (req, res) => {
    const { videoId } = parseVideoId(req.params);
    await removeOwnVideo(deps, currentUser(req), videoId);
    res.json({ success: true });
  });

  // A lecture's captions run past the API's 100 kB JSON limit: an hour of speech is about that.
  const captionsBody = express.json({ limit: '1100kb' });
  router.put(
    '/educator/videos/:videoId/captions/:lang',
    auth,
    requireEducator,
    captionsBody,
    async (req, res) => {
      const { videoId, lang } = parseCaptionParams(req.params);
      const { text } = parseInput(captionBodySchema, req.body);
      const saved = await saveCaptions(deps, currentUser(req), videoId, lang, text);
      res.json({ success: true, ...saved });
    },
  );
  router.delete(
    '/educator/videos/:videoId/captions/:lang',
    auth,
    requireEducator,
    async (req, res) => {
      const { videoId, lang } = parseCaptionParams(req.params);
      await removeCaptions(deps, currentUser(req), videoId, lang);
      res.json({ success: true });
    },
  );

  router.get(
    '/course/:courseId/lectures/:lectureId/playback',
    optionalAuth(deps.auth),
    async (req, res) => {
      const playback = await lecturePlayback(
        deps,
        req.user,
        String(req.params.courseId),
        String(req.params.lectureId),
      );
      res.set('Cache-Control', 'private, no-store');
      res.json({ success: true, playback });
    },
  );
  return router;
}

function parseCaptionParams(params: Record<string, unknown>): { videoId: string; lang: string } {
  if (!videoIdParamsSchema.safeParse(params).success) throw notFound(VIDEO_NOT_FOUND);
  return parseInput(captionParamsSchema, params);
}

function parseVideoId(params: Record<string, unknown>): { videoId: string } {
  const parsed = videoIdParamsSchema.safeParse(params);
  if (!parsed.success) throw notFound(VIDEO_NOT_FOUND);
  return parsed.data;
}

/**
 * Playback files at /video/<token>/<expires>/<videoId>/<file>: the token is checked on every
 * request (playlists and segments alike), then the viewer's right, so a refund ends playback at
 * the next segment.
 */
export function videoPlaybackRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/:token/:expires/:videoId/*file', async (req, res) => {
    const { token, expires, videoId } = req.params;
    const file = ([] as string[]).concat(req.params.file).join('/');
    const caption = CAPTION_FILE.exec(file);
    if (!UUID.test(videoId) || (!PLAYBACK_FILE.test(file) && !caption)) {
      throw notFound(VIDEO_NOT_FOUND);
    }
    const check = checkToken(deps.video.secret, token, expires, videoId, Date.now() / 1000);
    if (!check.ok) {
      if (check.reason === 'expired') throw gone(PLAYBACK_MESSAGES.expired);
      throw forbidden(PLAYBACK_MESSAGES.invalid);
    }
    const { grant } = check;
    if (
      grant.viewerId &&
      !(await mayWatchCourse(deps.database.db, grant.courseId, grant.viewerId))
    ) {
      throw forbidden(PLAYBACK_MESSAGES.refused);
    }
    if (caption) {
      const [row] = await deps.database.db
        .select({ vtt: videoCaptions.vtt })
        .from(videoCaptions)
        .where(and(eq(videoCaptions.videoId, videoId), eq(videoCaptions.lang, caption[1]!)))
        .limit(1);
      if (!row) throw notFound(VIDEO_NOT_FOUND);
      res.set({ 'Content-Type': 'text/vtt; charset=utf-8', 'Cache-Control': 'private, no-cache' });
      res.send(row.vtt);
      return;
    }
    await sendPlaybackFile(req, res, deps.video.store, videoId, file);
  });
  return router;
}

export { VIDEO_URL_PREFIX };
