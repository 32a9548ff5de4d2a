import { and, eq, ne, sql } from 'drizzle-orm';
import type { VideoRendition } from '@aprendiz/contract/videos';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { enrollments } from '../../db/schema/enrollments';
import { users } from '../../db/schema/users';
import { videos, type VideoProvider, type VideoRow } from '../../db/schema/videos';

export async function findVideo(db: Db, videoId: string): Promise<VideoRow | null> {
  const [row] = await db.select().from(videos).where(eq(videos.id, videoId)).limit(1);
  return row ?? null;
}

/** Bytes an educator's videos hold or have declared (a failed one holds nothing). */
export async function usedVideoBytes(db: Db, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${videos.bytes}), 0)` })
    .from(videos)
    .where(and(eq(videos.ownerId, ownerId), ne(videos.status, 'failed')));
  return Number(row?.total ?? 0);
}

/**
 * Adds an upload's row if the educator's quota still holds its declared size; null otherwise. The
 * educator's row is locked first, so two uploads started at once cannot both fit the last gigabyte.
 */
export async function insertVideoWithinQuota(
  db: Db,
  input: {
    ownerId: string;
    filename: string;
    bytes: number;
    quotaBytes: number;
    /** A hosted video's row takes the host's id (Bunny's guid); ours get a new one. */
    id?: string;
    provider?: VideoProvider;
  },
): Promise<VideoRow | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.ownerId)).for('update');
    if ((await usedVideoBytes(tx, input.ownerId)) + input.bytes > input.quotaBytes) return null;
    const [row] = await tx
      .insert(videos)
      .values({
        ownerId: input.ownerId,
        filename: input.filename,
        bytes: input.bytes,
        ...(input.id && { id: input.id }),
        ...(input.provider && { provider: input.provider }),
      })
      .returning();
    return row!;
  });
}

export async function markUploaded(
  db: Db,
  videoId: string,
  probe: { durationSeconds: number; width: number; height: number },
): Promise<void> {
  await db
    .update(videos)
    .set({ status: 'processing', progress: 0, ...probe, updatedAt: new Date() })
    .where(and(eq(videos.id, videoId), eq(videos.status, 'uploading')));
}

export async function setVideoProgress(
  db: Db,
  videoId: string,
  progress: number,
  playable?: boolean,
): Promise<void> {
  await db
    .update(videos)
    .set({
      progress: Math.max(0, Math.min(100, Math.floor(progress))),
      ...(playable !== undefined && { playable }),
      updatedAt: new Date(),
    })
    .where(and(eq(videos.id, videoId), eq(videos.status, 'processing')));
}

export async function markReady(
  db: Db,
  videoId: string,
  renditions: VideoRendition[],
): Promise<void> {
  await db
    .update(videos)
    .set({ status: 'ready', progress: 100, playable: true, renditions, updatedAt: new Date() })
    .where(eq(videos.id, videoId));
}

export async function markFailed(db: Db, videoId: string, error: string): Promise<void> {
  await db
    .update(videos)
    .set({ status: 'failed', playable: false, renditions: [], error, updatedAt: new Date() })
    .where(eq(videos.id, videoId));
}

export async function deleteVideoRow(db: Db, videoId: string): Promise<void> {
  await db.delete(videos).where(eq(videos.id, videoId));
}

/** Whether the person may watch the course's locked lectures: enrolled now, or its educator. */
export async function mayWatchCourse(db: Db, courseId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      allowed:
        sql<boolean>`${courses.educatorId} = ${userId} or exists (select 1 from ${enrollments}
        where ${enrollments.userId} = ${userId} and ${enrollments.courseId} = ${courses.id})`.mapWith(
          Boolean,
        ),
    })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  return row?.allowed ?? false;
}
