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
  };
}

/** Files under uploadDir for images the app names itself; the same name is written over. */
export function saveImagesToDir(uploadDir: string): SaveNamedImage {
  let created: Promise<unknown> | undefined;
  return async (name, webp) => {
    await (created ??= mkdir(uploadDir, { recursive: true }));
    await writeFile(path.join(uploadDir, name), webp);
  };
}
