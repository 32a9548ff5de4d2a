import type { Config } from './config';
import type { Database } from './db/client';
import type { Logger } from './logger';
import { createCatalogueCache, type CatalogueCache } from './modules/courses/catalogue-cache';
import type { PaymentProvider } from './providers/payment-provider';
import { createSandboxPayments } from './providers/payments-sandbox';
import { createStripePayments } from './providers/payments-stripe';
import {
  createLocalAuthProvider,
  createLocalTokens,
  loadOrCreateAuthSecret,
} from './providers/auth-local';
import { createClerkAuthProvider } from './providers/auth-clerk';
import { passwordHasher } from './modules/auth/password';
import type { AuthProvider } from './providers/auth-provider';
import type { ThumbnailStorage } from './providers/thumbnail-storage';
import { createDiskStorage } from './providers/storage-disk';
import { cloudinaryCredentials, createCloudinaryStorage } from './providers/storage-cloudinary';
import type { OnlineCounter } from './providers/online-counter';
import { createMemoryOnlineCounter } from './providers/online-memory';
import { createRedisOnlineCounter } from './providers/online-redis';
import { connectRedis, type RedisClient } from './providers/redis-client';

export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  auth: AuthProvider;
  catalogueCache: CatalogueCache;
  payments: PaymentProvider;
  thumbnails: ThumbnailStorage;
  online: OnlineCounter;
  /** Set when REDIS_URL is: shared state (online counter, rate limits) across instances. */
  redis?: RedisClient;
  /** Releases what buildDeps opened besides the database (the Redis connection). */
  close(): Promise<void>;
}

/** Chooses every provider once, from config; the only place that knows which ones exist. */
export async function buildDeps(
  config: Config,
  database: Database,
  logger: Logger,
): Promise<AppDeps> {
  const auth: AuthProvider =
    config.auth.provider === 'local'
      ? createLocalAuthProvider(
          database.db,
          createLocalTokens(config.auth.secret ?? (await loadOrCreateAuthSecret(config.dataDir))),
          passwordHasher,
        )
      : createClerkAuthProvider(database.db, {
          secretKey: config.auth.secretKey,
          jwtKey: config.auth.jwtKey,
          apiUrl: config.auth.apiUrl,
          // In development the client may be served from Vite's own origin, so `azp` is checked in production only.
          authorizedParties: config.env === 'production' ? [config.publicUrl] : undefined,
        });
  const payments: PaymentProvider =
    config.payments.provider === 'stripe'
      ? createStripePayments({
          secretKey: config.payments.secretKey,
          webhookSecret: config.payments.webhookSecret,
          publicUrl: config.publicUrl,
        })
      : createSandboxPayments(config.publicUrl);
  const storage = config.storage;
  const thumbnails: ThumbnailStorage =
    storage.provider === 'disk'
      ? createDiskStorage(storage.uploadDir)
      : createCloudinaryStorage(cloudinaryCredentials(storage), config.env);
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, logger) : undefined;
  const online = redis ? createRedisOnlineCounter(redis) : createMemoryOnlineCounter();
  return {
    config,
    database,
    logger,
    auth,
    catalogueCache: createCatalogueCache(),
    payments,
    thumbnails,
    online,
    redis,
    close: async () => {
      if (redis?.isOpen) await redis.close();
    },
  };
}
