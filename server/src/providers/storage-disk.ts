import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SaveNamedImage, ThumbnailStorage } from './thumbnail-storage';

/** The URL prefix app.ts serves uploadDir under. */
export const UPLOADS_URL_PATH = '/uploads';

export function createDiskStorage(uploadDir: string): ThumbnailStorage {
  return {
    kind: 'disk',
    save: async (webp) => {
      await mkdir(uploadDir, { recursive: true });
      const name = `${randomUUID()}.webp`;
      const file = path.join(uploadDir, name);
      // 'wx': a name collision must fail rather than overwrite another course's thumbnail.
      await writeFile(file, webp, { flag: 'wx' });
      return {
        url: `${UPLOADS_URL_PATH}/${name}`,
        remove: () => rm(file, { force: true }),
      };
    },
    remove: async (url) => {
      const name = uploadName(url);
      if (name) await rm(path.join(uploadDir, name), { force: true });
    },
  };
}

/**
 * The file name in a `/uploads/<name>` URL, or undefined for any other URL: a name with a path
 * separator or a leading dot could reach outside the uploads directory.
 */
export function uploadName(url: string): string | undefined {
  const prefix = `${UPLOADS_URL_PATH}/`;
  if (!url.startsWith(prefix)) return undefined;
  const name = url.slice(prefix.length);
  return /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(name) ? name : undefined;
}

/** Files under uploadDir for images the app names itself; the same name is written over. */
export function saveImagesToDir(uploadDir: string): SaveNamedImage {
  let created: Promise<unknown> | undefined;
  return async (name, webp) => {
    await (created ??= mkdir(uploadDir, { recursive: true }));
    await writeFile(path.join(uploadDir, name), webp);
  };
}
