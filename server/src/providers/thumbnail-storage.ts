/** A stored thumbnail: its public URL, and how to take it back when the course is not stored after all. */
export interface StoredThumbnail {
  url: string;
  remove(): Promise<void>;
}

/** Chosen once in deps.ts: Cloudinary when configured, else files under DATA_DIR/uploads. */
export interface ThumbnailStorage {
  readonly kind: 'disk' | 'cloudinary';
  /** Keeps an already re-encoded WebP image. */
  save(webp: Buffer): Promise<StoredThumbnail>;
}
