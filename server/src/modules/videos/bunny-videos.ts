import { VIDEO_RENDITIONS, type VideoRendition } from '@aprendiz/contract/videos';
import type { DirectUpload, DirectUploadRequest } from '@aprendiz/contract/video-direct-upload';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../db/schema/users';
import { AppError, conflict, forbidden, notFound } from '../../http/errors';
import {
  BUNNY_VIDEO_STATUS as S,
  BunnyRefused,
  type BunnyStream,
  type BunnyVideo,
} from './bunny-stream';
import { saveHostedState, type HostedVideoState } from './bunny-videos.repository';
import { findVideo, insertVideoWithinQuota, usedVideoBytes } from './videos.repository';
import { getOwnVideo, VIDEO_NOT_FOUND } from './videos.service';

export const BUNNY_MESSAGES = {
  off: 'O envio direto de vídeos não está configurado neste servidor.',
  unavailable: 'O serviço de vídeo não respondeu. Tente enviar de novo em alguns minutos.',
  tooLarge: 'Este arquivo passa do tamanho máximo de um vídeo.',
  quota:
    'Este vídeo não cabe no seu espaço: apague vídeos que não usa mais ou envie um arquivo menor.',
  finished: 'O envio deste vídeo já terminou.',
  encodingFailed:
    'O Bunny Stream não conseguiu processar este arquivo. Envie um vídeo MP4, MOV, WebM ou MKV.',
  uploadFailed: 'O envio ao Bunny Stream falhou. Envie o vídeo de novo.',
  gone: 'O vídeo não existe mais no Bunny Stream. Envie-o de novo.',
} as const;

/**
 * How long a presigned upload works. A long lecture on a slow connection takes hours; the
 * signature only lets its holder fill this one video, and a resumed upload asks for a new one.
 */
export const UPLOAD_GRANT_SECONDS = 24 * 60 * 60;

function bunnyOf(deps: AppDeps): BunnyStream {
  const bunny = deps.video.bunny;
  if (!bunny) throw forbidden(BUNNY_MESSAGES.off);
  return bunny;
}

/** Bunny's trouble as the educator sees it: try again later (never a bare 500). */
function unavailable(err: unknown): AppError {
  return new AppError('UNAVAILABLE', BUNNY_MESSAGES.unavailable, { cause: err });
}

function grantFor(
  bunny: BunnyStream,
  videoId: string,
  title: string,
  type: string | undefined,
  nowMs: number,
): DirectUpload {
  const grant = bunny.presignUpload(videoId, Math.floor(nowMs / 1000) + UPLOAD_GRANT_SECONDS);
  return {
    videoId,
    endpoint: grant.endpoint,
    headers: grant.headers,
    metadata: { title, filetype: type || 'video/mp4' },
    expiresAt: new Date(grant.expires * 1000).toISOString(),
  };
}

/**
 * Starts an upload that goes from the browser to Bunny Stream: the size is checked against the
 * limit and the educator's quota, the video is created at Bunny, and our row takes its guid (the
 * quota checked again with the educator's row locked, so two uploads cannot both fit the last
 * gigabyte). Answers where and how the browser sends the file.
 */
export async function startDirectUpload(
  deps: AppDeps,
  educator: UserRow,
  input: DirectUploadRequest,
  nowMs = Date.now(),
): Promise<DirectUpload> {
  const bunny = bunnyOf(deps);
  const { config, database, logger } = deps;
  if (input.bytes > config.video.maxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', BUNNY_MESSAGES.tooLarge);
  const quota = config.video.quotaBytesPerEducator;
  // Checked before Bunny is asked, so a full quota never leaves an empty video there.
  if ((await usedVideoBytes(database.db, educator.id)) + input.bytes > quota) {
    throw new AppError('PAYLOAD_TOO_LARGE', BUNNY_MESSAGES.quota);
  }
  let guid: string;
  try {
    guid = await bunny.createVideo(input.filename);
  } catch (err) {
    throw unavailable(err);
  }
  const row = await insertVideoWithinQuota(database.db, {
    id: guid,
    provider: 'bunny',
    ownerId: educator.id,
    filename: input.filename,
    bytes: input.bytes,
    quotaBytes: quota,
  });
  if (!row) {
    // Another upload took the space meanwhile: the video made at Bunny goes (or the sweep's job later).
    await bunny.deleteVideo(guid).catch((err: unknown) => {
      logger.warn({ err, guid }, 'could not delete an unused Bunny video');
    });
    throw new AppError('PAYLOAD_TOO_LARGE', BUNNY_MESSAGES.quota);
  }
  return grantFor(bunny, guid, input.filename, input.type, nowMs);
}

/** New headers for an upload of the educator's own that has not finished (a resumed upload). */
export async function renewDirectUpload(
  deps: AppDeps,
  educator: UserRow,
  videoId: string,
  nowMs = Date.now(),
): Promise<DirectUpload> {
  const bunny = bunnyOf(deps);
  const row = await getOwnVideo(deps, educator, videoId);
  if (row.provider !== 'bunny') throw notFound(VIDEO_NOT_FOUND);
  if (row.status !== 'uploading') throw conflict(BUNNY_MESSAGES.finished);
  return grantFor(bunny, row.id, row.filename, undefined, nowMs);
}

/** Bunny's resolutions that are rungs of our ladder, lowest first (the player's quality menu). */
function renditionsOf(available: string | null | undefined): VideoRendition[] {
  const names = new Set((available ?? '').split(',').map((name) => name.trim()));
  return VIDEO_RENDITIONS.filter((name) => names.has(name));
}

/**
 * Our state for what Bunny's API says of a video; null for a status Bunny has not documented (the
 * row keeps what it had). Bunny's 'created' is a video still waiting for its upload.
 */
export function hostedStateOf(video: BunnyVideo): HostedVideoState | null {
  const renditions = renditionsOf(video.availableResolutions);
  const durationSeconds = video.length && video.length > 0 ? video.length : null;
  const base = { durationSeconds, renditions, error: null };
  switch (video.status) {
    case S.created:
      return { ...base, status: 'uploading', progress: 0, playable: false };
    case S.uploaded:
    case S.processing:
    case S.transcoding:
    case S.jitSegmenting:
      // A first resolution encoded already plays (Bunny lists only the finished ones).
      return {
        ...base,
        status: 'processing',
        progress: video.encodeProgress ?? 0,
        playable: renditions.length > 0 || Boolean(video.availableResolutions?.trim()),
      };
    case S.finished:
    case S.jitPlaylistsCreated:
      return { ...base, status: 'ready', progress: 100, playable: true };
    case S.error:
      return {
        ...base,
        status: 'failed',
        progress: 0,
        playable: false,
        renditions: [],
        error: BUNNY_MESSAGES.encodingFailed,
      };
    case S.uploadFailed:
      return {
        ...base,
        status: 'failed',
        progress: 0,
        playable: false,
        renditions: [],
        error: BUNNY_MESSAGES.uploadFailed,
      };
    default:
      return null;
  }
}

/** 'saved': the row now says what Bunny says; 'unknown': no Bunny video of ours by that guid. */
export type SyncOutcome = 'saved' | 'unchanged' | 'unknown';

/**
 * Reads a Bunny video back from Bunny's API and writes its state to our row: what a webhook sets
 * off, since a webhook's body alone proves nothing. Our own videos and unknown guids are left
 * alone; a video Bunny no longer has fails (the editor offers to send it again).
 */
export async function syncHostedVideo(deps: AppDeps, guid: string): Promise<SyncOutcome> {
  const bunny = deps.video.bunny;
  if (!bunny) return 'unknown';
  const db = deps.database.db;
  const row = await findVideo(db, guid);
  if (!row || row.provider !== 'bunny') return 'unknown';
  let video: BunnyVideo | null;
  try {
    video = await bunny.getVideo(guid);
  } catch (err) {
    if (err instanceof BunnyRefused) {
      deps.logger.error(
        { err, guid },
        'Bunny Stream refused to read a video: check BUNNY_STREAM_API_KEY',
      );
    }
    throw err;
  }
  const state: HostedVideoState | null = video
    ? hostedStateOf(video)
    : {
        status: 'failed',
        progress: 0,
        playable: false,
        durationSeconds: null,
        renditions: [],
        error: BUNNY_MESSAGES.gone,
      };
  if (!state) return 'unchanged';
  return (await saveHostedState(db, guid, state)) ? 'saved' : 'unknown';
}

/** While the editor follows a video, Bunny's API is asked at most this often per video. */
export const REFRESH_AFTER_SECONDS = 10;

/**
 * The educator's view of a Bunny video still on its way, read again from Bunny when our row has
 * not moved for a while: a webhook lost, or never configured, must not leave a lecture 'Enviando'
 * for ever. Bunny out of reach leaves the row as it was (the next poll tries again).
 */
export async function refreshStaleHostedVideo(
  deps: AppDeps,
  educator: UserRow,
  videoId: string,
  nowMs = Date.now(),
): Promise<void> {
  const row = await findVideo(deps.database.db, videoId);
  if (!row || row.ownerId !== educator.id || row.provider !== 'bunny') return;
  if (row.status === 'ready' || row.status === 'failed') return;
  if (nowMs - row.updatedAt.getTime() < REFRESH_AFTER_SECONDS * 1000) return;
  try {
    await syncHostedVideo(deps, videoId);
  } catch (err) {
    deps.logger.warn({ err, videoId }, 'could not read a Bunny video back');
  }
}
