import { and, eq } from 'drizzle-orm';
import type { VideoRendition, VideoStatus } from '@aprendiz/contract/videos';
import type { Db } from '../../db/client';
import { videos } from '../../db/schema/videos';

/** Where a hosted video stands, as read from Bunny's API and mapped to our states. */
export interface HostedVideoState {
  status: VideoStatus;
  progress: number;
  playable: boolean;
  durationSeconds: number | null;
  renditions: VideoRendition[];
  error: string | null;
}

/**
 * Writes a Bunny video's state as Bunny reported it. Only Bunny's rows: a guid that names one of
 * our own videos changes nothing. Answers whether a row changed.
 */
export async function saveHostedState(
  db: Db,
  videoId: string,
  state: HostedVideoState,
): Promise<boolean> {
  const changed = await db
    .update(videos)
    .set({
      status: state.status,
      progress: Math.max(0, Math.min(100, Math.floor(state.progress))),
      playable: state.playable,
      renditions: state.renditions,
      error: state.error,
      // Bunny says the length once it has read the file; until then the row keeps what it had.
      ...(state.durationSeconds !== null && { durationSeconds: state.durationSeconds }),
      updatedAt: new Date(),
    })
    .where(and(eq(videos.id, videoId), eq(videos.provider, 'bunny')))
    .returning({ id: videos.id });
  return changed.length > 0;
}
