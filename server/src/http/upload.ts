import type { RequestHandler } from 'express';
import multer, { MulterError } from 'multer';
import { AppError, badRequest } from './errors';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Text fields of a multipart form (the add-course JSON); the file is limited separately. */
export const MAX_FORM_FIELD_BYTES = 1024 * 1024;
const MAX_FORM_FIELDS = 10;

/** Formats sharp decodes and the browser's image picker offers; SVG is left out (scriptable). */
export const IMAGE_MIME_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
]);

/** An upload's refusals in the words of what the image is for: a course's thumbnail, a person's photo. */
export type ImageMessages = {
  notAnImage: string;
  tooLarge: string;
  empty: string;
  unreadable: string;
};
export const THUMBNAIL_MESSAGES: ImageMessages = {
  notAnImage: 'A miniatura deve ser uma imagem JPEG, PNG, WebP, GIF ou AVIF',
  tooLarge: 'A miniatura deve ter no máximo 5 MB',
  empty: 'A miniatura enviada está vazia',
  unreadable: 'Não foi possível ler a imagem da miniatura',
};
export const PHOTO_MESSAGES: ImageMessages = {
  notAnImage: 'A foto deve ser uma imagem JPEG, PNG, WebP, GIF ou AVIF',
  tooLarge: 'A foto deve ter no máximo 5 MB',
  empty: 'A foto enviada está vazia',
  unreadable: 'Não foi possível ler esta foto',
};
export const NOT_AN_IMAGE = THUMBNAIL_MESSAGES.notAnImage;

function toAppError(err: unknown, messages: ImageMessages): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof MulterError) {
    switch (err.code) {
      case 'LIMIT_FILE_SIZE':
        return new AppError('PAYLOAD_TOO_LARGE', messages.tooLarge);
      case 'LIMIT_FIELD_VALUE':
        return new AppError('PAYLOAD_TOO_LARGE', 'Os dados do formulário são grandes demais');
      case 'LIMIT_UNEXPECTED_FILE':
      case 'LIMIT_FILE_COUNT':
        return badRequest('Envie uma única imagem no campo "image"');
      default:
        return badRequest('Formulário inválido');
    }
  }
  // busboy's own parse failures (truncated body, bad boundary, malformed headers).
  return new AppError('BAD_REQUEST', 'Formulário multipart inválido', { cause: err });
}

/**
 * Parses a multipart form with at most one image in `field`, kept in memory (≤ 5 MB) for sharp to
 * check and re-encode. Every parse failure becomes a 400/413 with a Portuguese message.
 */
export function singleImageUpload(
  field: string,
  messages: ImageMessages = THUMBNAIL_MESSAGES,
): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: 1,
      fields: MAX_FORM_FIELDS,
      fieldSize: MAX_FORM_FIELD_BYTES,
    },
    fileFilter: (_req, file, accept) => {
      if (IMAGE_MIME_TYPES.has(file.mimetype)) accept(null, true);
      else accept(badRequest(messages.notAnImage));
    },
  }).single(field);

  return (req, res, next) => {
    parse(req, res, (err?: unknown) => {
      if (err) next(toAppError(err, messages));
      else next();
    });
  };
}
