import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import {
  checkedMediaName,
  checkedVideoId,
  resolveRange,
  type ByteRange,
  type ReadResult,
  type VideoStore,
  videoIdsIn,
} from './video-store';

/**
 * Video on this machine's disk, under DATA_DIR/video: `uploads/<id>` (+ `.json`) is the tus upload
 * and the original, `media/<id>/` what plays. ffmpeg works in the media folder itself, so there is
 * nothing to copy and nothing to publish.
 */
export async function createDiskVideoStore(root: string): Promise<VideoStore> {
  const uploadsDir = path.join(root, 'uploads');
  const mediaDir = path.join(root, 'media');
  await mkdir(uploadsDir, { recursive: true });
  const upload = (videoId: string) => path.join(uploadsDir, checkedVideoId(videoId));
  const media = (videoId: string) => path.join(mediaDir, checkedVideoId(videoId));
  const removeOriginal = async (videoId: string) => {
    await rm(upload(videoId), { force: true });
    await rm(`${upload(videoId)}.json`, { force: true });
  };

  return {
    kind: 'disk',
    uploads: new FileStore({ directory: uploadsDir }),
    async openOriginal(videoId) {
      const file = upload(videoId);
      // The upload itself: nothing to copy, keep or delete.
      return existsSync(file)
        ? { file, release: async () => undefined, keep: () => undefined }
        : null;
    },
    removeOriginal,
    async openWorkspace(videoId) {
      const dir = media(videoId);
      await mkdir(dir, { recursive: true });
      const local = (name: string) => path.join(dir, checkedMediaName(name));
      return {
        dir,
        has: async (name) => existsSync(local(name)),
        publish: async (name) => {
          checkedMediaName(name);
        },
        discard: (name) => rm(local(name), { recursive: true, force: true }),
        close: async () => undefined,
      };
    },
    async read(videoId, file, range?: ByteRange): Promise<ReadResult> {
      const full = path.join(media(videoId), checkedMediaName(file));
      let size: number;
      try {
        const info = await stat(full);
        if (!info.isFile()) return { kind: 'missing' };
        size = info.size;
      } catch {
        return { kind: 'missing' };
      }
      const bytes = resolveRange(range, size);
      if (!bytes) return { kind: 'unsatisfiable', size };
      // An empty file reads as nothing (createReadStream's end is inclusive).
      const body =
        bytes.end < bytes.start
          ? Readable.from([])
          : createReadStream(full, { start: bytes.start, end: bytes.end });
      return { kind: 'found', body, size, ...bytes };
    },
    async remove(videoId) {
      await removeOriginal(videoId);
      await rm(media(videoId), { recursive: true, force: true });
    },
    async filesOf(videoId) {
      const names: string[] = [];
      for (const suffix of ['', '.json']) {
        if (existsSync(`${upload(videoId)}${suffix}`)) names.push(`uploads/${videoId}${suffix}`);
      }
      if (existsSync(media(videoId))) {
        const entries = await readdir(media(videoId), { recursive: true, withFileTypes: true });
        for (const entry of entries) {
          if (!entry.isFile()) continue;
          const relative = path.relative(mediaDir, path.join(entry.parentPath, entry.name));
          names.push(`media/${relative.split(path.sep).join('/')}`);
        }
      }
      return names.sort();
    },
    async storedVideoIds() {
      const [uploads, media] = await Promise.all([
        readdir(uploadsDir),
        readdir(mediaDir).catch(() => [] as string[]),
      ]);
      return videoIdsIn([...uploads, ...media]);
    },
  };
}
