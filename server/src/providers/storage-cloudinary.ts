import http from 'node:http';
import { v2 as cloudinary, type UploadApiOptions, type UploadApiResponse } from 'cloudinary';
import { AppError } from '../http/errors';
import type { ThumbnailStorage } from './thumbnail-storage';

export const THUMBNAIL_STORE_FAILED = 'Não foi possível salvar a miniatura. Tente novamente.';

export interface CloudinaryCredentials {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  /** The API base URL; Cloudinary's own unless a proxy or a test server stands in. */
  uploadPrefix?: string;
}

/** Reads `cloudinary://<api_key>:<api_secret>@<cloud_name>[?upload_prefix=…]`, the SDK's own format. */
export function parseCloudinaryUrl(url: string): CloudinaryCredentials {
  const parsed = new URL(url);
  if (
    parsed.protocol !== 'cloudinary:' ||
    !parsed.username ||
    !parsed.password ||
    !parsed.hostname
  ) {
    throw new Error(
      'CLOUDINARY_URL must look like cloudinary://<api_key>:<api_secret>@<cloud_name>',
    );
  }
  return {
    cloudName: parsed.hostname,
    apiKey: decodeURIComponent(parsed.username),
    apiSecret: decodeURIComponent(parsed.password),
    uploadPrefix: parsed.searchParams.get('upload_prefix') ?? undefined,
  };
}

/** Credentials from config: CLOUDINARY_URL, or the three CLOUDINARY_* variables (config checked they come together). */
export function cloudinaryCredentials(storage: {
  url?: string;
  cloudName?: string;
  apiKey?: string;
  apiSecret?: string;
}): CloudinaryCredentials {
  if (storage.url) return parseCloudinaryUrl(storage.url);
  const { cloudName, apiKey, apiSecret } = storage;
  if (!cloudName || !apiKey || !apiSecret) {
    throw new Error(
      'Cloudinary needs CLOUDINARY_URL or CLOUDINARY_CLOUD_NAME, CLOUDINARY_API_KEY and CLOUDINARY_API_SECRET',
    );
  }
  return { cloudName, apiKey, apiSecret };
}

/**
 * Thumbnails on Cloudinary, one folder per environment so test uploads never mix with production.
 * Credentials travel with every call instead of the SDK's global config, which other code could change.
 */
export function createCloudinaryStorage(
  credentials: CloudinaryCredentials,
  env: string,
): ThumbnailStorage {
  const options: UploadApiOptions = {
    cloud_name: credentials.cloudName,
    api_key: credentials.apiKey,
    api_secret: credentials.apiSecret,
    upload_prefix: credentials.uploadPrefix,
    // The SDK picks http or https once, when it is first loaded; an http:// prefix set later
    // only works when the request is handed an http agent.
    agent: credentials.uploadPrefix?.startsWith('http:') ? new http.Agent() : undefined,
    // Failures reach our callback; the SDK's own promise would only duplicate them.
    disable_promises: true,
  };

  const upload = (webp: Buffer) =>
    new Promise<UploadApiResponse>((resolve, reject) => {
      const stream = cloudinary.uploader.upload_stream(
        { ...options, folder: `aprendiz/${env}`, resource_type: 'image' },
        (error, result) => {
          if (error || !result) {
            const cause = new Error(`Cloudinary upload failed: ${error?.message ?? 'no result'}`);
            reject(new AppError('UNAVAILABLE', THUMBNAIL_STORE_FAILED, { cause }));
          } else {
            resolve(result);
          }
        },
      );
      stream.end(webp);
    });

  const destroy = (publicId: string) =>
    new Promise<void>((resolve, reject) => {
      void cloudinary.uploader.destroy(publicId, { ...options, invalidate: true }, (error) => {
        if (error) reject(new Error(`Cloudinary destroy failed: ${error.message}`));
        else resolve();
      });
    });

  return {
    kind: 'cloudinary',
    save: async (webp) => {
      const result = await upload(webp);
      return { url: result.secure_url, remove: () => destroy(result.public_id) };
    },
    remove: async (url) => {
      const publicId = cloudinaryPublicId(url, credentials.cloudName);
      if (publicId) await destroy(publicId);
    },
  };
}

/**
 * The public id inside a delivery URL this cloud handed out
 * (`https://res.cloudinary.com/<cloud>/image/upload/v<version>/<folder>/<id>.<ext>`), or undefined
 * for any other URL (the seed's local images, another cloud's).
 */
export function cloudinaryPublicId(url: string, cloudName: string): string | undefined {
  const prefix = `https://res.cloudinary.com/${cloudName}/image/upload/`;
  if (!url.startsWith(prefix)) return undefined;
  const rest = url.slice(prefix.length).replace(/^v\d+\//, '');
  const publicId = rest.replace(/\.[A-Za-z0-9]+$/, '');
  return publicId.startsWith('aprendiz/') ? publicId : undefined;
}
