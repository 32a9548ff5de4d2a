import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { VideoRendition } from '@aprendiz/contract/videos';
import type { AppDeps } from '../../deps';
import type { VideoRow } from '../../db/schema/videos';
import type { JobQueue } from '../jobs/job-queue';
import { ToolFailed } from './ffmpeg-process';
import { probeVideo, VideoRefused, VIDEO_REFUSED } from './video-probe';
import {
  DONE_MARKER,
  LADDER,
  ladderFor,
  makeAudioRendition,
  makePoster,
  makeRung,
  makeSourceRendition,
  masterPlaylist,
  rungSize,
  SOURCE_FOLDER,
  type MasterEntry,
} from './video-transcode';
import type { Workspace } from './video-store';
import {
  deleteVideoRow,
  findVideo,
  markFailed,
  markReady,
  setVideoProgress,
} from './videos.repository';

export const VIDEO_JOBS = {
  process: 'video-process',
  remove: 'video-remove',
} as const;

/** A long lecture's ladder takes a while on one thread: an attempt may run this long. */
const PROCESS_EXPIRE_SECONDS = 6 * 60 * 60;
/** The quick copy's share of the progress bar; the ladder, audio and poster share the rest. */
const SOURCE_SHARE = 10;

export const VIDEO_LOST = 'O arquivo enviado se perdeu antes de ser processado. Envie-o de novo.';

export function registerVideoJobs(jobs: JobQueue, deps: AppDeps): void {
  jobs.work<{ videoId: string }>(
    VIDEO_JOBS.process,
    async ({ videoId }) => processVideo(deps, videoId),
    // One transcode at a time on each instance: the site keeps the other core.
    { concurrency: 1, expireSeconds: PROCESS_EXPIRE_SECONDS },
  );
  jobs.work<{ videoId: string }>(VIDEO_JOBS.remove, async ({ videoId }) => {
    await deps.video.store.remove(videoId);
    // The row is gone, and with it whether Bunny held the video: Bunny is asked either way (a
    // guid it never had answers 404, which is done), and a failure retries the job.
    await deps.video.bunny?.deleteVideo(videoId);
  });
}

/**
 * Turns an uploaded original into what plays: the quick copy first (the lecture plays), then each
 * rung of the ladder, the audio-only rendition and the poster, then the master playlist naming the
 * ladder. Each finished rendition is marked, so an attempt restarted after a crash (or a killed
 * ffmpeg) redoes only what was not finished. A file ffmpeg refuses fails the video and keeps
 * nothing; a killed or crashed run is retried by the queue.
 */
export async function processVideo(deps: AppDeps, videoId: string): Promise<void> {
  const { database, video } = deps;
  const db = database.db;
  const row = await findVideo(db, videoId);
  if (!row || row.status !== 'processing') return;
  // On S3, a local copy streamed down for ffmpeg; on disk, the upload itself.
  const original = await video.store.openOriginal(videoId);
  if (!original) {
    await markFailed(db, videoId, VIDEO_LOST);
    await video.store.remove(videoId);
    return;
  }
  let workspace: Workspace | undefined;
  try {
    workspace = await video.store.openWorkspace(videoId);
    await transcode(deps, row, original.file, workspace);
    // Deleted while it was being processed: its removal job may have run before these files existed.
    if (!(await findVideo(db, videoId))) await video.store.remove(videoId);
  } catch (err) {
    if (err instanceof VideoRefused) {
      await failAndForget(deps, videoId, err.message);
      return;
    }
    if (err instanceof ToolFailed && (err.end === 'exit' || err.end === 'timeout')) {
      // ffmpeg refused the file (or never finished with it): a retry would do the same.
      deps.logger.warn({ videoId, stderr: err.stderr.slice(-500) }, 'video processing failed');
      await failAndForget(deps, videoId, VIDEO_REFUSED.unreadable);
      return;
    }
    // Killed from outside, or this process's own trouble: the queue runs it again.
    throw err;
  } finally {
    video.setRunning(null);
    // Local copies only (on disk, nothing): what was published stays for the next attempt.
    await workspace?.close();
    await original.release();
  }
}

/** The steps of processVideo, in the workspace's local folder, each published once finished. */
async function transcode(
  deps: AppDeps,
  row: VideoRow,
  input: string,
  work: Workspace,
): Promise<void> {
  const { database, video, config } = deps;
  const db = database.db;
  const videoId = row.id;
  const tools = {
    ffmpeg: config.video.ffmpeg,
    threads: config.video.transcodeThreads,
    onStart: (run: Parameters<typeof video.setRunning>[0]) => video.setRunning(run),
  };
  const probe = await probeVideo(config.video.ffprobe, input);
  const rungs = ladderFor(probe.height);
  const audio = probe.audioCodec !== null;
  const steps = rungs.length + (audio ? 1 : 0) + 1;
  const stepShare = (100 - SOURCE_SHARE) / steps;
  let lastWrite = 0;
  const progressOf = (base: number) => (seconds: number) => {
    const now = Date.now();
    if (now - lastWrite < 1000) return;
    lastWrite = now;
    const part = Math.min(1, seconds / probe.durationSeconds);
    void setVideoProgress(db, videoId, base + part * stepShare).catch(() => undefined);
  };

  if (!row.playable) {
    await makeSourceRendition(input, probe, path.join(work.dir, SOURCE_FOLDER), tools);
    await work.publish(SOURCE_FOLDER);
    const size = rungSize(LADDER[0]!, probe);
    const kbps = Math.max(1, Math.round((row.bytes * 8) / probe.durationSeconds / 1000));
    await writeFile(
      path.join(work.dir, 'master.m3u8'),
      masterPlaylist([{ folder: SOURCE_FOLDER, name: 'source', kbps, ...size }]),
    );
    await work.publish('master.m3u8');
    await setVideoProgress(db, videoId, SOURCE_SHARE, true);
  }

  const entries: MasterEntry[] = [];
  const renditions: VideoRendition[] = [];
  let base = SOURCE_SHARE;
  for (const rung of rungs) {
    if (!(await work.has(`${rung.name}/${DONE_MARKER}`))) {
      await makeRung(input, probe, rung, path.join(work.dir, rung.name), {
        ...tools,
        onProgress: progressOf(base),
      });
      await work.publish(rung.name);
    }
    base += stepShare;
    await setVideoProgress(db, videoId, base);
    entries.push({
      folder: rung.name,
      name: rung.name,
      kbps: rung.videoKbps + rung.audioKbps,
      ...rungSize(rung, probe),
    });
    renditions.push(rung.name);
  }
  if (audio) {
    if (!(await work.has(`audio/${DONE_MARKER}`))) {
      await makeAudioRendition(input, probe, path.join(work.dir, 'audio'), {
        ...tools,
        onProgress: progressOf(base),
      });
      await work.publish('audio');
    }
    base += stepShare;
    await setVideoProgress(db, videoId, base);
    renditions.push('audio');
  }
  await makePoster(input, probe, path.join(work.dir, 'poster.jpg'), tools);
  await work.publish('poster.jpg');
  await writeFile(path.join(work.dir, 'master.m3u8'), masterPlaylist(entries));
  await work.publish('master.m3u8');
  await markReady(db, videoId, renditions);
  // The original and the quick copy are no longer needed: the ladder is what plays from now on.
  await work.discard(SOURCE_FOLDER);
  await video.store.removeOriginal(videoId);
}

/** A video that cannot be processed keeps its row (the editor shows why) and none of its files. */
async function failAndForget(deps: AppDeps, videoId: string, reason: string): Promise<void> {
  await markFailed(deps.database.db, videoId, reason);
  await deps.video.store.remove(videoId);
}

/** Deletes a video's row, and its files through a job added in the same transaction. */
export async function deleteVideo(
  deps: Pick<AppDeps, 'database' | 'jobs'>,
  videoId: string,
): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    await deleteVideoRow(tx, videoId);
    await deps.jobs.send(tx, VIDEO_JOBS.remove, { videoId }, `video:${videoId}`);
  });
}
