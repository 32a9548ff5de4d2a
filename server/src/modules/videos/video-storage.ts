import { rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where video files live on disk, under DATA_DIR/video: `uploads/` holds the tus store (an upload
 * in progress and its metadata), `media/<videoId>/` a video's renditions, poster and master playlist.
 * Every path is built from a video id the caller has already validated as a UUID.
 */
export interface VideoFiles {
  uploadsDir: string;
  /** The uploaded original, while it waits for (or goes through) processing. */
  upload(videoId: string): string;
  media(videoId: string): string;
  /** Removes everything of a video: its original, the tus metadata and its renditions. */
  remove(videoId: string): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function checked(videoId: string): string {
  if (!UUID.test(videoId)) throw new Error(`not a video id: ${videoId}`);
  return videoId;
}

export function createVideoFiles(root: string): VideoFiles {
  const uploadsDir = path.join(root, 'uploads');
  const mediaDir = path.join(root, 'media');
  const upload = (videoId: string) => path.join(uploadsDir, checked(videoId));
  const media = (videoId: string) => path.join(mediaDir, checked(videoId));
  return {
    uploadsDir,
    upload,
    media,
    async remove(videoId) {
      await rm(upload(videoId), { force: true });
      await rm(`${upload(videoId)}.json`, { force: true });
      await rm(media(videoId), { recursive: true, force: true });
    },
  };
}
