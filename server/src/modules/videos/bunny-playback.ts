import type { VideoRow } from '../../db/schema/videos';
import { conflict } from '../../http/errors';
import type { BunnyStream } from './bunny-stream';

export const BUNNY_OFF_FOR_VIDEO =
  'Este vídeo está hospedado no Bunny Stream, que não está configurado neste servidor. Avise o administrador.';

/**
 * The playback address of a video Bunny Stream hosts: its HLS playlist on the pull zone, signed
 * with a directory token that covers the video's folder (every rendition and segment) until
 * `expires`. Null for our own videos, which play from our server.
 */
export function hostedPlaybackUrl(
  bunny: BunnyStream | undefined,
  video: Pick<VideoRow, 'id' | 'provider'>,
  expires: number,
): string | null {
  if (video.provider !== 'bunny') return null;
  if (!bunny) throw conflict(BUNNY_OFF_FOR_VIDEO);
  return bunny.playbackUrl(video.id, expires);
}
