/** A stored thumbnail: its public URL, and how to take it back when the course is not stored after all. */
export interface StoredThumbnail {
  url: string;
  remove(): Promise<void>;
}

/**
 * Chosen once in deps.ts: Cloudinary when configured; else the database when DATABASE_URL is set,
 * so every instance serves them; else files under DATA_DIR/uploads.
 */
export interface ThumbnailStorage {
  readonly kind: 'disk' | 'cloudinary' | 'postgres';
  /** Keeps an already re-encoded WebP image. */
  save(webp: Buffer): Promise<StoredThumbnail>;
  /**
   * Takes back a thumbnail by its public URL once no course shows it (an edit replaced it, or its
   * course was deleted). A URL this storage did not hand out is left alone.
   */
  remove(url: string): Promise<void>;
}

/** Keeps a WebP image under a name the app chose (the seed's images), served at /uploads/<name>. */
export type SaveNamedImage = (name: string, webp: Buffer) => Promise<void>;
