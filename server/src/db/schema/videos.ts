import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { VideoRendition, VideoStatus } from '@aprendiz/contract/videos';
import { users } from './users';

export type VideoProvider = 'local' | 'bunny';

/**
 * A video an educator uploaded: its bytes live in video storage (never here), this row says where
 * it stands. `bytes` is what the upload declared, counted against the educator's quota from the
 * first byte, so parallel uploads cannot overrun it.
 */
export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<VideoStatus>().notNull().default('uploading'),
    progress: smallint('progress').notNull().default(0),
    /** The quick remux is done: the video plays while the ladder is being made. */
    playable: boolean('playable').notNull().default(false),
    filename: text('filename').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    durationSeconds: real('duration_seconds'),
    width: integer('width'),
    height: integer('height'),
    renditions: jsonb('renditions').$type<VideoRendition[]>().notNull().default([]),
    error: text('error'),
    /**
     * Who encodes and serves it: 'local' (our ffmpeg and storage) or 'bunny' (Bunny Stream, whose
     * video guid is then this row's id).
     */
    provider: text('provider').$type<VideoProvider>().notNull().default('local'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'videos_status_check',
      sql`${t.status} in ('uploading', 'processing', 'ready', 'failed')`,
    ),
    check('videos_progress_check', sql`${t.progress} between 0 and 100`),
    check('videos_bytes_check', sql`${t.bytes} >= 0`),
    check('videos_provider_check', sql`${t.provider} in ('local', 'bunny')`),
    index('videos_owner_idx').on(t.ownerId),
  ],
);
export type VideoRow = typeof videos.$inferSelect;

/** A caption track of a video, one per language, kept as WebVTT. */
export const videoCaptions = pgTable(
  'video_captions',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    vtt: text('vtt').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.lang] })],
);
export type VideoCaptionRow = typeof videoCaptions.$inferSelect;
