import type { Config } from './config';
import type { Database } from './db/client';
import type { Logger } from './logger';
import {
  broadcastInvalidations,
  createCatalogueCache,
  type CatalogueCache,
} from './modules/courses/catalogue-cache';
import { accountChangeOf, CATALOGUE_CHANNEL, openCacheBus } from './providers/cache-bus';
import { createLearnerCache, type LearnerCache } from './modules/learning/learner-cache';
import {
  createSessionCache,
  type SessionCache,
  withSessionCache,
} from './modules/account/session-cache';
import type { PaymentProvider } from './modules/payments/providers/payment-provider';
import { createSandboxPayments } from './modules/payments/providers/sandbox';
import { createStripePayments } from './modules/payments/providers/stripe';
import { createProxyPayVouchers } from './modules/payments/providers/proxypay-gateway';
import {
  createLocalAuthProvider,
  createLocalTokens,
  loadOrCreateAuthSecret,
} from './providers/auth-local';
import { createClerkAuthProvider } from './providers/auth-clerk';
import { createSessionActivity, type SessionActivity } from './modules/account-security/sessions';
import { passwordHasherAt } from './modules/auth/password';
import { createUserStore } from './modules/users/users.repository';
import { createSessionStore } from './modules/account/account.repository';
import type { AuthProvider } from './providers/auth-provider';
import type { ThumbnailStorage } from './providers/thumbnail-storage';
import { createDiskStorage } from './providers/storage-disk';
import { cloudinaryCredentials, createCloudinaryStorage } from './providers/storage-cloudinary';
import { createPostgresStorage, type PostgresThumbnailStorage } from './providers/storage-postgres';
import type { OnlineCounter } from './providers/online-counter';
import { createMemoryOnlineCounter } from './providers/online-memory';
import { createRedisOnlineCounter } from './providers/online-redis';
import { connectRedis, type RedisClient } from './providers/redis-client';
import type { Mailer } from './providers/mailer';
import { createDisabledMailer, createSmtpMailer } from './providers/mail-smtp';
import { createOutboxMailer } from './providers/mail-outbox';
import { createJobQueue, type JobQueue } from './modules/jobs/job-queue';
import { createCourseSearch, type CourseSearch } from './modules/courses/course-search.engine';
import { createVideoRuntime, type VideoRuntime } from './modules/videos/video-runtime';
import { createPositionWriter, type PositionWriter } from './modules/learning/position-writer';

export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  auth: AuthProvider;
  catalogueCache: CatalogueCache;
  /** The catalogue's word search: an index in memory, caught up with the database on each search. */
  courseSearch: CourseSearch;
  /** Each learner's enrolled courses and ids, kept until their catalogue or own writes change. */
  learnerCache: LearnerCache;
  /** The sessions checked lately, kept until the database announces a change to their account. */
  sessionCache: SessionCache;
  /** Lecture position saves that only move a second forward, written in batches. */
  positions: PositionWriter;
  /** Local sessions' last-seen times, written in batches. */
  sessionActivity: SessionActivity;
  payments: PaymentProvider;
  thumbnails: ThumbnailStorage;
  /**
   * Set with DATABASE_URL: images kept in PostgreSQL, so every instance serves them at /uploads
   * (new thumbnails unless Cloudinary keeps those, and the seed's).
   */
  thumbnailTable?: PostgresThumbnailStorage;
  online: OnlineCounter;
  /** SMTP, the development outbox, or nothing (production with Clerk and no SMTP_URL). */
  mailer: Mailer;
  /** The durable job queue (pg-boss on this database): every e-mail and scheduled sweep. */
  jobs: JobQueue;
  /** Set when REDIS_URL is: shared state (online counter, rate limits) across instances. */
  redis?: RedisClient;
  /** Uploaded video: whether ffmpeg is here, where files live, the playback tokens' secret. */
  video: VideoRuntime;
  /**
   * Releases what buildDeps opened besides the database: the held lecture positions and last-seen
   * times are written, then the job queue stops (no new jobs, running ones finish, bounded), then
   * the mailer, Redis and the catalogue notifications.
   */
  close(): Promise<void>;
}

/** The payment provider config.payments names; ProxyPay beside Stripe takes the voucher methods. */
function buildPayments(config: Config): PaymentProvider {
  const choice = config.payments;
  switch (choice.provider) {
    case 'sandbox':
      return createSandboxPayments(config.publicUrl);
    case 'proxypay':
      return {
        kind: 'proxypay',
        vouchers: createProxyPayVouchers(choice.proxypay, config.publicUrl),
      };
    case 'stripe':
    case 'stripe+proxypay': {
      const stripe = createStripePayments({
        secretKey: choice.stripe.secretKey,
        webhookSecret: choice.stripe.webhookSecret,
        publicUrl: config.publicUrl,
      });
      if (choice.provider === 'stripe') return stripe;
      return { ...stripe, vouchers: createProxyPayVouchers(choice.proxypay, config.publicUrl) };
    }
  }
}

/** Chooses every provider once, from config; the only place that knows which ones exist. */
export async function buildDeps(
  config: Config,
  database: Database,
  logger: Logger,
): Promise<AppDeps> {
  const users = createUserStore(database.db);
  const sessionActivity = createSessionActivity(database.db, {
    onError: (err) => logger.warn({ err }, 'session last-seen times were not recorded'),
  });
  const auth: AuthProvider =
    config.auth.provider === 'local'
      ? {
          ...createLocalAuthProvider(
            createSessionStore(database.db),
            createLocalTokens(config.auth.secret ?? (await loadOrCreateAuthSecret(config.dataDir))),
            passwordHasherAt(config.auth.passwordCostLog2),
          ),
          recordActivity: sessionActivity.seen,
        }
      : createClerkAuthProvider(users, {
          secretKey: config.auth.secretKey,
          jwtKey: config.auth.jwtKey,
          apiUrl: config.auth.apiUrl,
          // In development the client may be served from Vite's own origin, so `azp` is checked in production only.
          authorizedParties: config.env === 'production' ? [config.publicUrl] : undefined,
        });
  const payments = buildPayments(config);
  // DATABASE_URL means other instances may share this database; PGlite belongs to one process.
  const sharedDatabaseUrl = database.kind === 'postgres' ? config.databaseUrl : undefined;
  const thumbnailTable = sharedDatabaseUrl ? createPostgresStorage(database.db) : undefined;
  const storage = config.storage;
  const thumbnails: ThumbnailStorage =
    storage.provider === 'cloudinary'
      ? createCloudinaryStorage(cloudinaryCredentials(storage), config.env)
      : (thumbnailTable ?? createDiskStorage(storage.uploadDir));
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, logger) : undefined;
  const maxPerAddress = config.onlineMaxPerAddress;
  const online = redis
    ? createRedisOnlineCounter(redis, { maxPerAddress })
    : createMemoryOnlineCounter({ maxPerAddress });
  const mail = config.mail;
  const mailer: Mailer =
    mail.provider === 'smtp'
      ? createSmtpMailer({ url: mail.url, from: mail.from })
      : mail.provider === 'outbox'
        ? createOutboxMailer(mail.file)
        : createDisabledMailer();
  if (mailer.kind === 'off')
    logger.warn('no SMTP_URL: receipts and enrollment e-mails are not sent');
  const localCache = createCatalogueCache();
  // Set once the bus is open: it announces a learner's own writes to the other instances.
  let announceLearner: ((userId: string) => void) | undefined;
  const learnerCache = createLearnerCache({
    catalogueGeneration: localCache.generation,
    announce: (userId) => announceLearner?.(userId),
  });
  // Trusted where every announcement is heard: PGlite's own, or PostgreSQL's through a listening
  // bus (set once it is open). A PostgreSQL without the bus (DATABASE_URL unset) never keeps one.
  let sessionsTrusted = () => database.queueConnection.kind === 'pglite';
  const sessionCache = createSessionCache({ trusted: () => sessionsTrusted() });
  const cacheBus = sharedDatabaseUrl
    ? await openCacheBus({
        url: sharedDatabaseUrl,
        db: database.db,
        logger,
        onInvalidate: (user) => {
          if (user) learnerCache.forgetHere(user);
          else {
            localCache.invalidate();
            // Also what the bus calls after a reconnection, when announcements may have been missed.
            sessionCache.clear();
          }
        },
        onAccountChange: (user) => sessionCache.forgetUser(user),
      })
    : undefined;
  if (cacheBus) {
    announceLearner = (userId) => cacheBus.publish(userId);
    sessionsTrusted = () => cacheBus.listening();
  }
  // PGlite is this process's alone: the triggers' announcements are heard here, during the write.
  if (database.queueConnection.kind === 'pglite') {
    await database.queueConnection.client.listen(CATALOGUE_CHANNEL, (payload) => {
      const user = accountChangeOf(payload);
      if (user) sessionCache.forgetUser(user);
    });
  }
  // Its index is built once the database is ready (main.ts), before the server listens.
  const courseSearch = createCourseSearch(database.db);
  const jobs = createJobQueue({
    connection: database.queueConnection,
    config: config.jobs,
    logger,
  });
  const video = await createVideoRuntime(config, logger, redis);
  const positions = createPositionWriter(database.db, logger);
  const deps: AppDeps = {
    config,
    database,
    logger,
    auth: withSessionCache(auth, sessionCache),
    catalogueCache: cacheBus
      ? broadcastInvalidations(localCache, () => cacheBus.publish())
      : localCache,
    courseSearch,
    learnerCache,
    sessionCache,
    positions,
    sessionActivity,
    payments,
    thumbnails,
    thumbnailTable,
    online,
    mailer,
    jobs,
    redis,
    video,
    close: async () => {
      await positions.close();
      await sessionActivity.close();
      await jobs.stop();
      await mailer.close();
      await cacheBus?.close();
      await video.uploadLocker.close();
      if (redis?.isOpen) await redis.close();
    },
  };
  return deps;
}
