import path from 'node:path';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import type { RedisClient } from '../../providers/redis-client';
import { createBunnyStream, type BunnyStream } from './bunny-stream';
import { toolVersion, type ToolRun } from './ffmpeg-process';
import {
  createMemoryUploadLocker,
  createRedisUploadLocker,
  type UploadLocker,
} from './upload-locker';
import type { VideoStore } from './video-store';
import { createDiskVideoStore } from './video-store-disk';
import { createS3VideoStore } from './video-store-s3';
import { loadOrCreateVideoSecret } from './video-token';

/** What the video module needs at run time, settled once at start. */
export interface VideoRuntime {
  /** ffmpeg and ffprobe both run: uploads are on. */
  enabled: boolean;
  /** Why uploads are off, as the editor says it (pt-BR); undefined when they are on. */
  disabledReason?: string;
  /** Where uploads and renditions live: this machine's disk, or the configured S3 bucket. */
  store: VideoStore;
  /** Keeps two requests from writing one upload at once: in Redis when several instances share it. */
  uploadLocker: UploadLocker;
  /** Signs playback tokens. */
  secret: string;
  /** Set with BUNNY_STREAM_*: new uploads go to Bunny Stream, which encodes and serves them. */
  bunny?: BunnyStream;
  /** The ffmpeg run of this instance's transcode, if one is running (one at a time). */
  running(): ToolRun | null;
  setRunning(run: ToolRun | null): void;
}

export const VIDEO_OFF_NO_FFMPEG =
  'O envio de vídeos está desligado neste servidor: o ffmpeg não está instalado. Peça ao administrador para instalá-lo (pacote ffmpeg do sistema) ou use um link do YouTube.';

/** Each tool is asked once per process: every test's app would otherwise start two more. */
const versions = new Map<string, Promise<string | null>>();
function versionOnce(tool: string): Promise<string | null> {
  let found = versions.get(tool);
  if (!found) {
    found = toolVersion(tool);
    versions.set(tool, found);
  }
  return found;
}

export async function createVideoRuntime(
  config: Config,
  logger: Logger,
  redis?: RedisClient,
): Promise<VideoRuntime> {
  const video = config.video;
  const [ffmpeg, ffprobe] = await Promise.all([
    versionOnce(video.ffmpeg),
    versionOnce(video.ffprobe),
  ]);
  const enabled = ffmpeg !== null && ffprobe !== null;
  if (!enabled) {
    const missing = [ffmpeg === null && video.ffmpeg, ffprobe === null && video.ffprobe]
      .filter(Boolean)
      .join(' and ');
    logger.warn(
      `video upload is off: ${missing} not found (install Debian's ffmpeg package, or set VIDEO_FFMPEG/VIDEO_FFPROBE); YouTube lectures keep working`,
    );
  } else {
    logger.info({ ffmpeg }, 'video upload is on');
  }
  if (enabled && config.databaseUrl && !video.s3) {
    logger.warn(
      `video files are kept on this machine's disk (${video.dir}): with several instances sharing DATABASE_URL, video needs shared storage: set VIDEO_S3_BUCKET (S3-compatible object storage), or give every instance the same folder (a shared volume)`,
    );
  }
  if (enabled && config.databaseUrl && !redis) {
    logger.warn(
      "upload locks are kept in this instance's memory: with several instances sharing DATABASE_URL, set REDIS_URL so an upload resumed through another instance never writes beside its earlier request",
    );
  }
  const uploadLocker = redis
    ? await createRedisUploadLocker(redis, logger)
    : createMemoryUploadLocker();
  const store = video.s3
    ? await createS3VideoStore(video.s3, { workDir: path.join(video.dir, 'work') })
    : await createDiskVideoStore(video.dir);
  if (video.s3) {
    logger.info(
      { bucket: video.s3.bucket, endpoint: video.s3.endpoint, prefix: video.s3.prefix },
      'video is stored in S3',
    );
  }
  const secret = await loadOrCreateVideoSecret(config.dataDir, video.tokenSecret);
  if (video.bunny) {
    logger.info(
      { library: video.bunny.libraryId, cdn: video.bunny.cdnOrigin },
      'video uploads go to Bunny Stream',
    );
    if (!video.bunny.webhookSecret) {
      logger.warn(
        "BUNNY_STREAM_WEBHOOK_SECRET is not set: Bunny Stream webhooks are taken unsigned (each is checked against Bunny's API before anything changes)",
      );
    }
  }
  let current: ToolRun | null = null;
  return {
    enabled,
    ...(!enabled && { disabledReason: VIDEO_OFF_NO_FFMPEG }),
    store,
    uploadLocker,
    secret,
    ...(video.bunny && { bunny: createBunnyStream(video.bunny) }),
    running: () => current,
    setRunning: (run) => {
      current = run;
    },
  };
}
