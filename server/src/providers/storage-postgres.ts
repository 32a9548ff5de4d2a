import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { thumbnails } from '../db/schema/thumbnails';
import { UPLOADS_URL_PATH, uploadName } from './storage-disk';
import type { SaveNamedImage, ThumbnailStorage } from './thumbnail-storage';

const WEBP = 'image/webp';

/** What `/uploads/<name>` answers from the table. */
export interface DatabaseImage {
  contentType: string;
  etag: string;
  content: Buffer;
}

/** Thumbnails in PostgreSQL: the storage of new uploads, the seed's images, and their lookup by name. */
export interface PostgresThumbnailStorage extends ThumbnailStorage {
  readonly kind: 'postgres';
  put: SaveNamedImage;
  find(name: string): Promise<DatabaseImage | undefined>;
}

/** A strong tag of the bytes themselves: the same image always gets the same tag, on every instance. */
export function imageEntityTag(content: Buffer): string {
  return `"${createHash('sha256').update(content).digest('base64url')}"`;
}

export function createPostgresStorage(db: Db): PostgresThumbnailStorage {
  const row = (name: string, webp: Buffer) => ({
    name,
    contentType: WEBP,
    etag: imageEntityTag(webp),
    content: webp,
  });

  return {
    kind: 'postgres',
    save: async (webp) => {
      const name = `${randomUUID()}.webp`;
      // A plain insert: a name collision must fail rather than replace another course's thumbnail.
      await db.insert(thumbnails).values(row(name, webp));
      return {
        url: `${UPLOADS_URL_PATH}/${name}`,
        remove: async () => void (await db.delete(thumbnails).where(eq(thumbnails.name, name))),
      };
    },
    remove: async (url) => {
      const name = uploadName(url);
      if (name) await db.delete(thumbnails).where(eq(thumbnails.name, name));
    },
    // The seed names its images after the course; an earlier seed that failed before its
    // transaction committed may have left the same names behind.
    put: async (name, webp) => {
      const values = row(name, webp);
      await db
        .insert(thumbnails)
        .values(values)
        .onConflictDoUpdate({
          target: thumbnails.name,
          set: { contentType: values.contentType, etag: values.etag, content: values.content },
        });
    },
    find: async (name) => {
      const [found] = await db
        .select({
          contentType: thumbnails.contentType,
          etag: thumbnails.etag,
          content: thumbnails.content,
        })
        .from(thumbnails)
        .where(eq(thumbnails.name, name));
      return found;
    },
  };
}
