import { z } from 'zod';
import { textSchema } from './text-schemas';

/** Where an uploaded video stands: what the course editor shows as 'Enviando' … 'Pronto' | 'Falhou'. */
export const VIDEO_STATUSES = ['uploading', 'processing', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/**
 * The renditions of the HLS ladder, lowest first. 'audio' is the data saver's last step: the sound
 * alone, at 64 kbit/s. A video never gets a rendition taller than itself.
 */
export const VIDEO_RENDITIONS = ['240p', '360p', '720p', 'audio'] as const;
export type VideoRendition = (typeof VIDEO_RENDITIONS)[number];

/** The label the editor and the player show for each state. */
export const VIDEO_STATUS_LABELS: Record<VideoStatus, string> = {
  uploading: 'Enviando',
  processing: 'Processando',
  ready: 'Pronto',
  failed: 'Falhou',
};

/** 'Processando (42 %)': the label the editor shows while the ladder is being made. */
export function videoStatusLabel(status: VideoStatus, progress: number): string {
  if (status === 'processing') return `Processando (${Math.round(progress)} %)`;
  return VIDEO_STATUS_LABELS[status];
}

export const videoIdSchema = z.uuid({ error: 'Vídeo não encontrado' });

export const videoIdParamsSchema = z.object({ videoId: videoIdSchema });

export const videoSchema = z.object({
  videoId: z.string(),
  status: z.enum(VIDEO_STATUSES),
  /** 0–100: how much of the processing is done. */
  progress: z.number(),
  /** Playable already (the quick remux is done), even while the ladder is still being made. */
  playable: z.boolean(),
  durationSeconds: z.number().nullable(),
  renditions: z.array(z.enum(VIDEO_RENDITIONS)),
  filename: z.string(),
  bytes: z.number(),
  error: z.string().optional(),
});
export type Video = z.infer<typeof videoSchema>;

export const videoResponseSchema = z.object({ success: z.literal(true), video: videoSchema });

/** What the editor needs before an upload: whether uploads are on, and the limits it says. */
export const videoLimitsSchema = z.object({
  enabled: z.boolean(),
  /** Why uploads are off, in words an educator can act on (or pass on to the operator). */
  disabledReason: z.string().optional(),
  /**
   * Uploads go from the browser straight to the hosted service (Bunny Stream): the editor asks
   * POST /api/educator/videos/direct-uploads where and how, instead of sending to our tus endpoint.
   */
  direct: z.boolean().optional(),
  maxBytes: z.number(),
  quotaBytes: z.number(),
  usedBytes: z.number(),
});
export type VideoLimits = z.infer<typeof videoLimitsSchema>;

/** What a minute of each rendition costs a learner in data, at the ladder's bitrates (video + audio). */
export const RENDITION_KBITS: Record<VideoRendition, number> = {
  '240p': 400 + 64,
  '360p': 800 + 96,
  '720p': 2800 + 128,
  audio: 64,
};

/** Megabytes a whole lecture costs at a rendition, rounded as the player says it ('≈ 33 MB'). */
export function dataCostMegabytes(durationSeconds: number, rendition: VideoRendition): number {
  const megabytes = (RENDITION_KBITS[rendition] * 1000 * durationSeconds) / 8 / 1_000_000;
  return Math.max(1, Math.round(megabytes));
}

/** '≈ 33 MB em 240p · 210 MB em 720p': the cheapest and the best video rendition the lecture has. */
export function dataCostLabel(
  durationSeconds: number,
  renditions: readonly VideoRendition[],
): string | null {
  const video = renditions.filter((r) => r !== 'audio');
  if (video.length === 0) return null;
  const low = video[0]!;
  const high = video[video.length - 1]!;
  const lowText = `≈ ${dataCostMegabytes(durationSeconds, low)} MB em ${low}`;
  if (low === high) return lowText;
  return `${lowText} · ${dataCostMegabytes(durationSeconds, high)} MB em ${high}`;
}

export const playbackSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('hls'),
    url: z.string(),
    expiresAt: z.string(),
    renditions: z.array(z.enum(VIDEO_RENDITIONS)),
    captions: z.array(z.object({ lang: z.string(), label: z.string(), url: z.string() })),
    dataCost: z.string().nullable(),
    durationSeconds: z.number().nullable(),
  }),
  z.object({ kind: z.literal('youtube'), url: z.string() }),
]);
export type Playback = z.infer<typeof playbackSchema>;

export const playbackResponseSchema = z.object({
  success: z.literal(true),
  playback: playbackSchema,
});

/** A caption track's language as a BCP 47 tag of a language and an optional region: 'pt-BR', 'en'. */
export const captionLangSchema = textSchema({ field: 'O idioma da legenda' }).regex(
  /^[a-z]{2,3}(-[A-Z]{2})?$/,
  {
    error: 'Idioma da legenda inválido (use, por exemplo, pt-BR)',
  },
);

export const captionParamsSchema = z.object({ videoId: videoIdSchema, lang: captionLangSchema });

/** A caption track as the editor sends it: the text of a WebVTT or SRT file. */
export const captionBodySchema = z.object({
  text: textSchema({
    field: 'A legenda',
    typeError: 'Envie o texto da legenda',
    multiline: true,
  }),
});
