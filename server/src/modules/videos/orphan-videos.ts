import { and, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { courses } from '../../db/schema/courses';
import { videos } from '../../db/schema/videos';
import { VIDEO_JOBS } from './video-processing';
import { contentNamesVideo } from './lecture-videos';

export const ORPHAN_VIDEO_SWEEP = 'sweep-orphan-videos';
/** Hourly: what it frees is disk space and quota, never urgent. */
export const ORPHAN_VIDEO_SWEEP_SECONDS = 60 * 60;
/**
 * A finished video no course names is kept this long: the educator who uploaded it in an editor
 * and has not saved the course yet (or saves it as a draft next week) still finds it.
 */
export const UNSAVED_VIDEO_DAYS = 7;
/** An upload still unfinished a day after it began was abandoned (tus clients resume within it). */
export const STALLED_UPLOAD_HOURS = 24;
/** Each run deletes at most this many, so one run is short; the next takes the rest. */
const SWEEP_BATCH = 100;

const DAY_MS = 24 * 60 * 60 * 1000;

/** SQL: some course of the video's own educator names it in a lecture. */
const namedByACourse = sql`exists (
  select 1 from ${courses}
  where ${courses.educatorId} = ${videos.ownerId}
    and ${contentNamesVideo(sql`${videos.id}`)})`;

/**
 * Deletes the uploads nobody will watch: those abandoned mid-way, and finished ones no course of
 * their educator has named for a week (a course's edit or deletion releases the videos it drops at
 * once; this catches the uploads never saved into a course at all). Each goes with its files, which
 * a job removes, and frees its bytes from the educator's quota. Answers how many went.
 */
export async function sweepOrphanVideos(
  deps: Pick<AppDeps, 'database' | 'jobs' | 'logger'>,
  now = new Date(),
): Promise<number> {
  const stalledBefore = new Date(now.getTime() - STALLED_UPLOAD_HOURS * 60 * 60 * 1000);
  const unsavedBefore = new Date(now.getTime() - UNSAVED_VIDEO_DAYS * DAY_MS);
  const orphaned = or(
    and(eq(videos.status, 'uploading'), lt(videos.createdAt, stalledBefore)),
    and(
      ne(videos.status, 'uploading'),
      lt(videos.createdAt, unsavedBefore),
      sql`not ${namedByACourse}`,
    ),
  );
  // One statement picks and deletes, so a course saved naming a video meanwhile keeps it; the files
  // go through jobs added in the same transaction.
  const orphans = await deps.database.db.transaction(async (tx) => {
    const batch = tx
      .select({ id: videos.id })
      .from(videos)
      .where(orphaned)
      .orderBy(videos.createdAt)
      .limit(SWEEP_BATCH);
    const deleted = await tx
      .delete(videos)
      .where(and(inArray(videos.id, batch), orphaned))
      .returning({ id: videos.id });
    for (const { id } of deleted)
      await deps.jobs.send(tx, VIDEO_JOBS.remove, { videoId: id }, `video:${id}`);
    return deleted;
  });
  if (orphans.length > 0)
    deps.logger.info({ videos: orphans.length }, 'vídeos sem curso removidos');
  return orphans.length;
}
