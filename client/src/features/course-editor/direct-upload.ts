import type { DirectUpload } from '@aprendiz/contract/video-direct-upload';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-error';

/**
 * Uploads that go straight to the hosted video service (Bunny Stream): our server creates the
 * video there and answers the endpoint and this upload's headers. The video's id is kept per file,
 * so the same file chosen after a reload resumes into the same video (with fresh headers) instead
 * of starting a new one.
 */
const KEY_PREFIX = 'aprendiz-direct-upload:';

function keyOf(file: File): string {
  return `${KEY_PREFIX}${file.name}:${file.size}:${file.lastModified}`;
}

export type DirectUploadAnswer =
  { ok: true; upload: DirectUpload } | { ok: false; message: string };

/** Where and how to send the file: the unfinished upload of this file, or a new one. */
export async function directUploadFor(file: File): Promise<DirectUploadAnswer> {
  const previous = localStorage.getItem(keyOf(file));
  if (previous) {
    try {
      const { data } = await api.post<{ upload: DirectUpload }>(
        `/api/educator/videos/${encodeURIComponent(previous)}/direct-upload`,
      );
      return { ok: true, upload: data.upload };
    } catch {
      // Finished, deleted or swept meanwhile: this file starts a new video.
      localStorage.removeItem(keyOf(file));
    }
  }
  try {
    const { data } = await api.post<{ upload: DirectUpload }>(
      '/api/educator/videos/direct-uploads',
      {
        filename: file.name,
        bytes: file.size,
        ...(file.type.startsWith('video/') && { type: file.type }),
      },
    );
    localStorage.setItem(keyOf(file), data.upload.videoId);
    return { ok: true, upload: data.upload };
  } catch (err) {
    return { ok: false, message: errorMessage(err) };
  }
}

/** The upload of this file is done: a later choice of it is a new video. */
export function forgetDirectUpload(file: File): void {
  localStorage.removeItem(keyOf(file));
}
