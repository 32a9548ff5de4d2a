import { z } from 'zod';
import { textSchema } from './text-schemas';

/**
 * An upload that goes from the browser straight to the video host (Bunny Stream), never through
 * our server: the server creates the video there and answers where to send it and the headers that
 * authorise this one upload, for a while. The host's own key never leaves the server.
 */
export const directUploadRequestSchema = z.object({
  filename: textSchema({
    field: 'O nome do arquivo',
    typeError: 'Informe o nome do arquivo',
    trim: true,
  })
    .min(1, { error: 'Informe o nome do arquivo' })
    .max(200, { error: 'O nome do arquivo pode ter até 200 caracteres' }),
  bytes: z
    .number({ error: 'Informe o tamanho do arquivo' })
    .int({ error: 'Informe o tamanho do arquivo' })
    .positive({ error: 'O arquivo está vazio' }),
  /** The browser's idea of the file's type ('video/mp4'); the host judges the bytes anyway. */
  type: z
    .string({ error: 'Tipo de arquivo inválido' })
    .regex(/^(video\/[\w.+-]{1,60})?$/, { error: 'Escolha um arquivo de vídeo' })
    .optional(),
});
export type DirectUploadRequest = z.infer<typeof directUploadRequestSchema>;

export const directUploadSchema = z.object({
  videoId: z.string(),
  /** The tus endpoint to send the file to. */
  endpoint: z.string(),
  /** Headers every tus request of this upload carries (the host's signature for this video). */
  headers: z.record(z.string(), z.string()),
  /** tus metadata the host asks for (its title and file type). */
  metadata: z.record(z.string(), z.string()),
  /** When the headers stop working: a resumed upload asks for new ones. */
  expiresAt: z.string(),
});
export type DirectUpload = z.infer<typeof directUploadSchema>;

export const directUploadResponseSchema = z.object({
  success: z.literal(true),
  upload: directUploadSchema,
});
