import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { BRAND_NAME } from '@aprendiz/contract/brand';
import { CURRENCIES, DEFAULT_CURRENCY, type Currency } from '@aprendiz/contract/rules/currency';
import { DEFAULT_DELETION_COOL_OFF_DAYS } from '@aprendiz/contract/privacy';
import { isPlatformFeePercent } from '@aprendiz/contract/rules/platform-fee';

/** OWASP's recommended scrypt cost, N = 2^17 (r=8, p=1): production never hashes below it. */
export const PASSWORD_COST_LOG2 = 17;

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** A number variable left empty (`JOBS_POLL_SECONDS=`) means its default, not 0. */
const optionalNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    schema.optional(),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optional,
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: optional,
  PUBLIC_URL: optional,
  AUTH_SECRET: optional,
  CLERK_SECRET_KEY: optional,
  CLERK_JWT_KEY: optional,
  CLERK_WEBHOOK_SECRET: optional,
  CLERK_API_URL: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  CURRENCY: z
    .string()
    .trim()
    .toLowerCase()
    .transform((v) => (v === '' ? DEFAULT_CURRENCY : v))
    .pipe(z.enum(CURRENCIES))
    .default(DEFAULT_CURRENCY),
  PLATFORM_FEE_PERCENT: z
    .string()
    .trim()
    .transform((v) => (v === '' ? '0' : v))
    .pipe(z.coerce.number())
    .refine(isPlatformFeePercent, 'must be a percentage from 0 to 100, at most two decimals')
    .default(0),
  STRIPE_BOLETO: z.enum(['0', '1']).optional(),
  PROXYPAY_API_KEY: optional,
  PROXYPAY_ENTITY: optional,
  PROXYPAY_BASE_URL: optional,
  PROXYPAY_POS_ID: optional,
  CLOUDINARY_URL: optional,
  CLOUDINARY_CLOUD_NAME: optional,
  CLOUDINARY_API_KEY: optional,
  CLOUDINARY_API_SECRET: optional,
  REDIS_URL: optional,
  SEED: z.enum(['demo', 'none']).optional(),
  PAYMENTS_SANDBOX: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  CLIENT_DIST: optional,
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  PASSWORD_HASH_COST: z.coerce.number().int().min(12).max(20).default(PASSWORD_COST_LOG2),
  TRUST_PROXY: optional,
  SMTP_URL: optional,
  MAIL_FROM: optional,
  OPS_TOKEN: optional,
  PRIVACY_CONTROLLER_NAME: optional,
  PRIVACY_CONTACT_EMAIL: optional.pipe(
    z.email({ error: 'PRIVACY_CONTACT_EMAIL must be an e-mail address' }).optional(),
  ),
  ADMIN_EMAILS: optional,
  COURSE_REVIEW: z.enum(['on', 'off']).default('off'),
  EDUCATOR_APPLICATIONS: z.enum(['on', 'off']).default('off'),
  JOBS_POLL_SECONDS: optionalNumber(z.coerce.number().min(0.5)),
  JOBS_RETRY_DELAY_SECONDS: optionalNumber(z.coerce.number().int().min(1)),
  JOBS_EXPIRE_SECONDS: optionalNumber(z.coerce.number().int().min(2)),
  JOBS_HEARTBEAT_SECONDS: optionalNumber(
    z.coerce
      .number()
      .int()
      .refine((n) => n === 0 || n >= 10, 'JOBS_HEARTBEAT_SECONDS must be 0 (off) or at least 10'),
  ),
  JOBS_SWEEP_SECONDS: optionalNumber(z.coerce.number().int().min(1)),
  JOBS_SCHEDULES: z.enum(['on', 'off']).optional(),
  JOBS_RETRY_LIMIT: optionalNumber(z.coerce.number().int().min(0)),
  RETENTION_JOBS_DAYS: optionalNumber(z.coerce.number().int().min(1)),
  RETENTION_READ_NOTIFICATIONS_DAYS: optionalNumber(z.coerce.number().int().min(1)),
  // Shorter than a provider's retries (Stripe's last three days) would let a retried event apply twice.
  RETENTION_WEBHOOK_EVENTS_DAYS: optionalNumber(
    z.coerce
      .number()
      .int()
      .min(
        7,
        'RETENTION_WEBHOOK_EVENTS_DAYS must be at least 7 (longer than any provider retries)',
      ),
  ),
  RETENTION_SESSIONS_DAYS: optionalNumber(z.coerce.number().int().min(1)),
  PAGE_CACHE_MB: z.coerce.number().int().min(1).default(64),
  PAGE_RENDER_CONCURRENCY: z.coerce.number().int().min(1).default(4),
  PAGE_RENDER_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  ONLINE_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(3),
  PUBLISH_QUOTA_PER_DAY: z.coerce.number().int().min(1).default(20),
  QA_POSTS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  QA_EDITS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  COUPON_MISSES_PER_USER: z.coerce.number().int().min(1).default(10),
  PAYMENT_METHOD_SWITCHES_PER_HOUR: z.coerce.number().int().min(1).default(20),
  PUSH_PAYMENTS_PER_PHONE: z.coerce.number().int().min(1).default(3),
  ACCOUNT_DELETION_COOL_OFF_DAYS: optionalNumber(z.coerce.number().int().min(0).max(365)),
  PAYOUTS: z.enum(['0', '1']).optional(),
  PAYOUT_DATA_KEY: optional,
  STRIPE_CONNECT: z.enum(['0', '1']).optional(),
  STRIPE_CONNECT_WEBHOOK_SECRET: optional,
  STRIPE_TRANSFER_ATTEMPTS: optionalNumber(z.coerce.number().int().min(1).max(20)),
  VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(4 * 1024 ** 3),
  VIDEO_QUOTA_BYTES_PER_EDUCATOR: z.coerce
    .number()
    .int()
    .min(1)
    .default(50 * 1024 ** 3),
  VIDEO_FFMPEG: optional,
  VIDEO_FFPROBE: optional,
  VIDEO_TOKEN_SECRET: optional,
  VIDEO_TOKEN_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(4 * 60 * 60),
  VIDEO_TRANSCODE_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  BUNNY_STREAM_LIBRARY_ID: optional,
  BUNNY_STREAM_API_KEY: optional,
  BUNNY_STREAM_TOKEN_KEY: optional,
  BUNNY_STREAM_CDN_HOST: optional,
  BUNNY_STREAM_WEBHOOK_SECRET: optional,
  BUNNY_STREAM_API_URL: optional,
  VIDEO_S3_BUCKET: optional.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'VIDEO_S3_BUCKET must be a bucket name: 3–63 lowercase letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  VIDEO_S3_REGION: optional,
  VIDEO_S3_ENDPOINT: optional.pipe(
    z.url({ error: 'VIDEO_S3_ENDPOINT must be a URL (https://…)' }).optional(),
  ),
  VIDEO_S3_ACCESS_KEY_ID: optional,
  VIDEO_S3_SECRET_ACCESS_KEY: optional,
  VIDEO_S3_FORCE_PATH_STYLE: z.enum(['0', '1']).optional(),
  VIDEO_S3_PREFIX: optional,
});

export type AuthConfig =
  | { provider: 'local'; secret: string | undefined; passwordCostLog2: number }
  | {
      provider: 'clerk';
      secretKey: string;
      jwtKey?: string;
      webhookSecret: string;
      apiUrl?: string;
    };

/** Stripe Checkout: the card, and the currency's other methods Stripe takes. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Boleto is offered only on Brazilian accounts, so it waits for STRIPE_BOLETO=1. */
  boleto: boolean;
}

/**
 * ProxyPay (Angola): references (RPS v2) and, with a point of sale, Multicaixa Express (OPG v1).
 * It takes the deployment's voucher methods; it has no card.
 */
export interface ProxyPayConfig {
  apiKey: string;
  /** The 5-digit Multicaixa entity the buyer types at the ATM before the reference. */
  entity: string;
  baseUrl: string;
  /** EMIS's point-of-sale id for Multicaixa Express; without it only references are offered. */
  posId: number | null;
}

/**
 * Who takes the money, settled once from the keys present:
 * - `stripe`: Stripe Checkout takes every method it has for the currency;
 * - `stripe+proxypay` (kwanzas): Stripe keeps the card, ProxyPay takes references and Multicaixa Express;
 * - `proxypay` (kwanzas): ProxyPay alone, so no card is offered and there is no card page;
 * - `sandbox`: no provider; our own pages play every method and enroll for free, so production
 *   takes it only with PAYMENTS_SANDBOX=1 (a demo).
 */
export type PaymentsConfig =
  | { provider: 'sandbox' }
  | { provider: 'stripe'; stripe: StripeConfig }
  | { provider: 'proxypay'; proxypay: ProxyPayConfig }
  | { provider: 'stripe+proxypay'; stripe: StripeConfig; proxypay: ProxyPayConfig };

export const PROXYPAY_SANDBOX_URL = 'https://api.sandbox.proxypay.co.ao';
export const PROXYPAY_PRODUCTION_URL = 'https://api.proxypay.co.ao';

export type StorageConfig =
  | { provider: 'disk'; uploadDir: string }
  | {
      provider: 'cloudinary';
      url?: string;
      cloudName?: string;
      apiKey?: string;
      apiSecret?: string;
    };

/**
 * Where e-mail goes: an SMTP server; outside production without one, an outbox file in DATA_DIR
 * that /api/dev/outbox lists; in production with Clerk and no SMTP server, nowhere (receipts are
 * skipped, and local accounts, which need password-reset mail, refuse to start without one).
 */
export type MailConfig = { from: string } & (
  { provider: 'smtp'; url: string } | { provider: 'outbox'; file: string } | { provider: 'off' }
);

/**
 * Which peers may tell us the client's address through X-Forwarded-For: none, the nearest N hops,
 * or the listed addresses, CIDR ranges and Express names (loopback, linklocal, uniquelocal). The
 * value Express's `trust proxy` setting takes.
 */
export type TrustProxy = false | number | string[];

/**
 * The job queue's timings (modules/jobs). Production defaults: workers look for jobs every 2 s (and
 * are woken at once by LISTEN/NOTIFY); a failed job is retried after 2 s, doubling up to a minute;
 * a running job's worker beats every few seconds, and a job whose beats stop for 15 s (its process
 * died) is taken back within about half a minute; no attempt may run longer than 5 minutes. Tests
 * shorten them.
 */
export interface JobsConfig {
  pollSeconds: number;
  retryDelaySeconds: number;
  /** Retries before a job is left 'failed' for an operator: 30, about half an hour at the 60 s cap. */
  retryLimit: number;
  expireSeconds: number;
  /** Null: no heartbeat, a dead process's job waits for its expiry. */
  heartbeatSeconds: number | null;
  /** Period of the scheduled sweep of abandoned pending purchases (5 minutes). */
  sweepSeconds: number;
  /**
   * Whether this instance takes part in scheduled work (sweeps, reconciliation). Off: it still runs
   * jobs, and another instance does the scheduled work.
   */
  schedules: boolean;
  /** Finished and failed jobs are kept this long for inspection, then pg-boss deletes them (30). */
  keepFinishedDays: number;
}

/**
 * How long rows nobody reads again are kept before the hourly clean-up (modules/retention) deletes
 * them. What must stay (the ledger, the audit log) has no retention.
 */
export interface RetentionConfig {
  /** Notifications read this many days ago (90); unread ones stay. */
  readNotificationsDays: number;
  /** Webhook events applied this many days ago (30): past every provider's retries. */
  webhookEventsDays: number;
  /** Sessions ended or expired, and reset or e-mail links spent or expired, this long ago (30). */
  sessionsDays: number;
}

/** An OPS_TOKEN shorter than this is refused: it opens the job list and retries to whoever has it. */
export const OPS_TOKEN_MIN_LENGTH = 24;

/**
 * Paying educators (modules/payouts). On by default outside production; production turns it on with
 * PAYOUTS=1, and then needs PAYOUT_DATA_KEY, the AES-256 key the payout profiles are sealed with.
 */
export interface PayoutsConfig {
  enabled: boolean;
  /** 32 bytes; undefined outside production, where a key is kept in DATA_DIR instead. */
  dataKey: Buffer | undefined;
  /** Stripe Connect Express as a euro rail (STRIPE_CONNECT=1, with Stripe's keys). */
  stripeConnect: boolean;
  /** The signing secret of the Connect endpoint (events of connected accounts: account.updated). */
  stripeConnectWebhookSecret: string | undefined;
  /**
   * How many times a payout's transfer is tried while Stripe cannot be reached or answers 5xx (the
   * approval's try, then the job queue's, backing off), before the payout fails and its money goes
   * back to available. A decline fails it at once.
   */
  stripeTransferAttempts: number;
}

/** Uploaded video (modules/videos): its limits, the ffmpeg it runs, and its playback tokens. */
export interface VideoConfig {
  /** Files kept under dataDir/video: the uploads in progress and each video's renditions. */
  dir: string;
  maxBytes: number;
  quotaBytesPerEducator: number;
  /** The OS's ffmpeg and ffprobe (names looked up on PATH, or paths). */
  ffmpeg: string;
  ffprobe: string;
  /** Signs playback tokens; unset: one generated and kept in dataDir (one instance only). */
  tokenSecret: string | undefined;
  /** How long a playback address works; the player renews it before. */
  tokenSeconds: number;
  /** Threads one transcode may use: the site keeps answering on the other cores. */
  transcodeThreads: number;
  /** Set: new uploads go to Bunny Stream, which encodes and serves them (modules/videos/bunny-*). */
  bunny: BunnyStreamConfig | undefined;
  /** S3-compatible object storage for uploads and renditions; undefined: files under `dir`. */
  s3: VideoS3Config | undefined;
}

/** A bucket of an S3-compatible service (AWS, MinIO, R2, …) that holds every instance's video. */
export interface VideoS3Config {
  bucket: string;
  region: string;
  /** The service's address when it is not AWS (MinIO, R2, …). */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** Addresses as `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO needs it). */
  forcePathStyle: boolean;
  /** Put before every key ('' or ending in '/'), so one bucket can hold several sites. */
  prefix: string;
}

/** Bunny Stream, the hosted upgrade: one video library and the pull zone that serves it. */
export interface BunnyStreamConfig {
  /** The library's numeric id, as its dashboard shows it. */
  libraryId: string;
  /** The library's API key: creates and deletes videos, signs uploads; never leaves the server. */
  apiKey: string;
  /** The pull zone's token authentication key: signs playback addresses. */
  tokenKey: string;
  /** The pull zone's origin, e.g. https://vz-1234abcd-567.b-cdn.net. */
  cdnOrigin: string;
  /**
   * The library's read-only API key, with which Bunny signs its webhooks; unset: webhooks are
   * taken unsigned (each is only a hint: the video is read back from Bunny's API before anything
   * changes).
   */
  webhookSecret: string | undefined;
  /** Bunny Stream's API (https://video.bunnycdn.com); tests point it at a local fake. */
  apiUrl: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  /** The interface the server listens on; undefined: every interface. */
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** The deployment's one currency: what is charged and what learner pages label prices with. */
  currency: Currency;
  /** The platform's share of each sale, in percent (0–100; 0 by default): rules/platform-fee. */
  platformFeePercent: number;
  auth: AuthConfig;
  payments: PaymentsConfig;
  storage: StorageConfig;
  mail: MailConfig;
  redisUrl: string | undefined;
  seed: 'demo' | 'none';
  logLevel: string;
  clientDist: string;
  /** Sign-in/sign-up attempts per IP per 15 minutes; per e-mail allows half. */
  authRateLimitMax: number;
  trustProxy: TrustProxy;
  jobs: JobsConfig;
  retention: RetentionConfig;
  /** Bearer token of the operators' endpoints (/api/ops/jobs) and `npm run jobs`; unset: they are closed. */
  opsToken: string | undefined;
  /**
   * Local accounts with these e-mails (lower-cased) become admins when they sign up or sign in:
   * how a site gets its first operator.
   */
  adminEmails: readonly string[];
  /** COURSE_REVIEW=on: publishing sends a course to the console's review instead of the catalogue. */
  courseReview: boolean;
  /** EDUCATOR_APPLICATIONS=on: 'Tornar-se educador' is an application an admin decides. */
  educatorApplications: boolean;
  pages: {
    /** Bytes of rendered pages kept in memory, compressed copies included. */
    cacheBytes: number;
    /** Renders at once on this instance; past it a visitor gets the app shell. */
    renderConcurrency: number;
    /** Renders that missed the cache, per client address per minute; past it, the app shell. */
    renderRateLimit: number;
  };
  /**
   * Who answers for the personal data (the privacy page names them) and where people write to
   * exercise their rights; without an address the page points to the contact form.
   */
  privacy: { controllerName: string; contactEmail: string | undefined };
  /** Clients of one address the 'Alunos online' counter counts. */
  onlineMaxPerAddress: number;
  /** Courses an educator may publish per rolling 24 hours. */
  publishQuotaPerDay: number;
  /** Questions, answers, reports and notes a person may write per hour, each counted apart. */
  qaPostsPerHour: number;
  /** Edits of one's own questions and answers per person per hour, counted together. */
  qaEditsPerHour: number;
  /** Unknown coupon codes a person may try per 15 minutes (their address gets three times this). */
  couponMissesPerUser: number;
  /** Payment-method switches a person may make per hour: each one calls the provider twice. */
  methodSwitchesPerHour: number;
  /** Live pushes (MB WAY, Multicaixa Express) per number per 10 minutes; an account gets twice this. */
  pushPaymentsPerPhone: number;
  /** Days between 'Excluir minha conta' and the retirement; signing in meanwhile cancels it. */
  accountDeletionCoolOffDays: number;
  payouts: PayoutsConfig;
  video: VideoConfig;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const BUNNY_STREAM_KEYS = [
  'BUNNY_STREAM_LIBRARY_ID',
  'BUNNY_STREAM_API_KEY',
  'BUNNY_STREAM_TOKEN_KEY',
] as const;

/**
 * Bunny Stream when its three keys are set, nothing when none is: one or two alone would upload
 * videos nobody can play (or fail at the first upload), so that refuses to start.
 */
function bunnyStreamConfig(e: z.infer<typeof envSchema>): BunnyStreamConfig | undefined {
  const given = BUNNY_STREAM_KEYS.filter((name) => e[name]);
  if (given.length === 0) return undefined;
  if (given.length < BUNNY_STREAM_KEYS.length) {
    const missing = BUNNY_STREAM_KEYS.filter((name) => !e[name]).join(', ');
    throw new ConfigError(
      `Bunny Stream needs BUNNY_STREAM_LIBRARY_ID, BUNNY_STREAM_API_KEY and BUNNY_STREAM_TOKEN_KEY together: ${missing} missing`,
    );
  }
  const libraryId = e.BUNNY_STREAM_LIBRARY_ID!;
  if (!/^\d{1,12}$/.test(libraryId)) {
    throw new ConfigError("BUNNY_STREAM_LIBRARY_ID must be the library's number, e.g. 123456");
  }
  const host = required(e.BUNNY_STREAM_CDN_HOST, 'BUNNY_STREAM_CDN_HOST', 'with Bunny Stream');
  // A bare host is Bunny's (always https); a full origin lets a test or a proxy say otherwise.
  const cdnOrigin = originOf(/^https?:\/\//.test(host) ? host : `https://${host}`);
  if (!cdnOrigin) {
    throw new ConfigError(
      "BUNNY_STREAM_CDN_HOST must be the pull zone's host name, e.g. vz-1234abcd-567.b-cdn.net",
    );
  }
  const apiUrl = originOf(e.BUNNY_STREAM_API_URL ?? 'https://video.bunnycdn.com');
  if (!apiUrl) throw new ConfigError('BUNNY_STREAM_API_URL must be an http(s) origin');
  return {
    libraryId,
    apiKey: e.BUNNY_STREAM_API_KEY!,
    tokenKey: e.BUNNY_STREAM_TOKEN_KEY!,
    cdnOrigin,
    webhookSecret: e.BUNNY_STREAM_WEBHOOK_SECRET,
    apiUrl,
  };
}

/** 'https://host[:port]' of an address with nothing after the host; null for anything else. */
function originOf(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.pathname !== '/' || url.search || url.hash || url.username) return null;
    return url.origin;
  } catch {
    return null;
  }
}

function required(value: string | undefined, name: string, because: string): string {
  if (!value) throw new ConfigError(`${name} is required ${because}`);
  return value;
}

/** Bytes an HS256 key needs to be as strong as the signature: anything shorter can be guessed offline. */
export const AUTH_SECRET_MIN_BYTES = 32;

/** Values copied from examples and tutorials: a token signed with one of them is anyone's to forge. */
const PLACEHOLDER_SECRETS = [
  'changeme',
  'change-me',
  'change_me',
  'secret',
  'password',
  'x',
  'test',
  'dev',
  'development',
  'aprendiz',
  'replace-me',
  'replace-with-a-long-random-string',
  'replace-with-at-least-32-random-characters',
];

function isPlaceholder(secret: string): boolean {
  const lower = secret.toLowerCase();
  if (PLACEHOLDER_SECRETS.some((known) => lower === known || lower.startsWith(`${known}-`))) {
    return true;
  }
  // A run of one character ('xxxx…', '0000…') is as guessable as a short one.
  return new Set(lower).size <= 2;
}

/**
 * Bits an AUTH_SECRET must be estimated to hold in production: past this, guessing it offline from
 * a signed token is out of reach; a few words or a pattern padded to 32 bytes fall well short.
 */
export const AUTH_SECRET_MIN_BITS = 128;

/** A word as people type one: three letters or more, lower case or capitalised. */
const WORD_LIKE = /\p{Lu}\p{Ll}{2,}|\p{Ll}{3,}/gu;
/** Bits of a word drawn from a list as large as Diceware's (7,776 words), the best a chosen word gets. */
const BITS_PER_WORD = Math.log2(7776);

/** Shannon entropy of the characters' own frequencies, times their number: repeats count for little. */
function shannonBits(text: string): number {
  const chars = [...text];
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  let perChar = 0;
  for (const count of counts.values()) {
    const p = count / chars.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * chars.length;
}

/**
 * Real words have vowels; letters a random generator runs together mostly do not (about one in
 * five), so they are not taken for words.
 */
function isWord(run: string): boolean {
  const letters = [...run.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()];
  return letters.filter((letter) => 'aeiou'.includes(letter)).length * 4 >= letters.length;
}

/**
 * A rough, conservative estimate of a secret's entropy. Counted by its characters' frequencies
 * (Shannon, so 'aaaa…' or '0123…0123' score low); and when words make up two thirds of it or more,
 * as in a phrase, each word counts as one pick from a word list and only the rest by its characters.
 * The lower figure stands. Generator output (openssl rand -base64 48) scores far above the bar.
 */
export function estimateSecretBits(secret: string): number {
  const byChars = shannonBits(secret);
  const words = (secret.match(WORD_LIKE) ?? []).filter(isWord);
  const wordChars = words.reduce((sum, word) => sum + [...word].length, 0);
  if (wordChars * 3 < [...secret].length * 2) return byChars;
  const rest = secret.replace(WORD_LIKE, (run) => (isWord(run) ? '' : run));
  return Math.min(byChars, words.length * BITS_PER_WORD + shannonBits(rest));
}

/**
 * scrypt's cost for new passwords, as log2 N. A test deployment may hash cheaper (the e2e servers
 * sign up hundreds of people on 2 cores); production never below OWASP's 2^17.
 */
function passwordCost(value: number, production: boolean): number {
  if (production && value < PASSWORD_COST_LOG2) {
    throw new ConfigError(
      `PASSWORD_HASH_COST must be at least ${PASSWORD_COST_LOG2} in production (scrypt N = 2^${PASSWORD_COST_LOG2})`,
    );
  }
  return value;
}

function productionAuthSecret(value: string | undefined): string {
  const secret = required(value, 'AUTH_SECRET', 'in production with local accounts');
  if (Buffer.byteLength(secret, 'utf8') < AUTH_SECRET_MIN_BYTES) {
    throw new ConfigError(
      `AUTH_SECRET must be at least ${AUTH_SECRET_MIN_BYTES} bytes in production (try: openssl rand -base64 48)`,
    );
  }
  if (isPlaceholder(secret)) {
    throw new ConfigError(
      'AUTH_SECRET is a placeholder value: set a random one in production (try: openssl rand -base64 48)',
    );
  }
  const bits = estimateSecretBits(secret);
  if (bits < AUTH_SECRET_MIN_BITS) {
    throw new ConfigError(
      `AUTH_SECRET is too guessable: about ${Math.floor(bits)} bits, ${AUTH_SECRET_MIN_BITS} needed in production (words, repeats and sequences count for little; try: openssl rand -base64 48)`,
    );
  }
  return secret;
}

/** An IP address or a DNS name: what `server.listen` takes as its host. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

/**
 * Outside production the server answers on the loopback interface only unless HOST says otherwise:
 * /dev/outbox there shows every mail, password-reset links included, to whoever reaches the port.
 * Production keeps listening on every interface (behind a proxy or in a container) unless set.
 */
function listenHost(raw: string | undefined, production: boolean): string | undefined {
  if (raw === undefined) return production ? undefined : '127.0.0.1';
  if (isIP(raw) === 0 && !HOST_NAME.test(raw)) {
    throw new ConfigError(
      `HOST must be an IP address (0.0.0.0 for every interface) or a host name, not "${raw}"`,
    );
  }
  return raw;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Off unless set: a client talking to the app directly could otherwise pick its own address with
 * X-Forwarded-For and get a fresh rate-limit budget per request. `true` (trust every hop) would do
 * the same behind a proxy, so it is refused.
 */
function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.toLowerCase();
  if (value === undefined || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true would let any client choose its own address: give the number of proxies in front of the app, or their addresses',
    );
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.find((entry) => !isProxyAddress(entry));
  if (invalid !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY: "${invalid}" is not a hop count, an IP address, a CIDR range, loopback, linklocal or uniquelocal`,
    );
  }
  return entries;
}

function mailConfig(
  e: z.infer<typeof envSchema>,
  where: { production: boolean; dataDir: string; publicUrl: string; localAccounts: boolean },
): MailConfig {
  let host = 'localhost';
  try {
    host = new URL(where.publicUrl).hostname || host;
  } catch {
    // An unparsable PUBLIC_URL is the redirects' problem; mail still gets a sender.
  }
  const from = e.MAIL_FROM ?? `Aprendiz <no-reply@${host}>`;
  if (e.SMTP_URL) {
    if (!/^smtps?:\/\/[^/]+/i.test(e.SMTP_URL)) {
      throw new ConfigError(
        'SMTP_URL must look like smtp://user:password@host:587 or smtps://…:465',
      );
    }
    return { from, provider: 'smtp', url: e.SMTP_URL };
  }
  if (!where.production)
    return { from, provider: 'outbox', file: path.join(where.dataDir, 'outbox.json') };
  if (where.localAccounts) {
    throw new ConfigError(
      'SMTP_URL is required in production with local accounts (password-reset e-mails must reach people)',
    );
  }
  return { from, provider: 'off' };
}

function proxyPayConfig(e: z.infer<typeof envSchema>, production: boolean): ProxyPayConfig | null {
  if (!e.PROXYPAY_API_KEY) {
    if (e.PROXYPAY_ENTITY || e.PROXYPAY_POS_ID)
      throw new ConfigError('PROXYPAY_API_KEY is required with the other PROXYPAY_* variables');
    return null;
  }
  // ProxyPay settles in kwanzas only: any other currency would charge what pages do not show.
  if (e.CURRENCY !== 'aoa')
    throw new ConfigError('PROXYPAY_API_KEY needs CURRENCY=aoa (ProxyPay charges in kwanzas)');
  const entity = required(e.PROXYPAY_ENTITY, 'PROXYPAY_ENTITY', 'when PROXYPAY_API_KEY is set');
  if (!/^\d{5}$/.test(entity)) throw new ConfigError('PROXYPAY_ENTITY must be the 5-digit entity');
  let posId: number | null = null;
  if (e.PROXYPAY_POS_ID !== undefined) {
    posId = Number(e.PROXYPAY_POS_ID);
    if (!Number.isInteger(posId) || posId <= 0)
      throw new ConfigError('PROXYPAY_POS_ID must be the positive number EMIS assigned');
  }
  const baseUrl = (
    e.PROXYPAY_BASE_URL ?? (production ? PROXYPAY_PRODUCTION_URL : PROXYPAY_SANDBOX_URL)
  ).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(baseUrl))
    throw new ConfigError('PROXYPAY_BASE_URL must be an http(s) address');
  return { apiKey: e.PROXYPAY_API_KEY, entity, baseUrl, posId };
}

function stripeConfig(e: z.infer<typeof envSchema>): StripeConfig | null {
  if (!e.STRIPE_SECRET_KEY) return null;
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: required(
      e.STRIPE_WEBHOOK_SECRET,
      'STRIPE_WEBHOOK_SECRET',
      'when STRIPE_SECRET_KEY is set',
    ),
    boleto: e.STRIPE_BOLETO === '1',
  };
}

/**
 * A configured provider always wins: PAYMENTS_SANDBOX is read only when there is none, because the
 * sandbox's pages enroll anyone for free and must never sit beside real money.
 */
function paymentsConfig(e: z.infer<typeof envSchema>, production: boolean): PaymentsConfig {
  const stripe = stripeConfig(e);
  const proxypay = proxyPayConfig(e, production);
  if (stripe && proxypay) return { provider: 'stripe+proxypay', stripe, proxypay };
  if (stripe) return { provider: 'stripe', stripe };
  if (proxypay) return { provider: 'proxypay', proxypay };
  if (production && e.PAYMENTS_SANDBOX !== '1') {
    throw new ConfigError(
      'A payment provider is required in production: set STRIPE_SECRET_KEY (Stripe) or PROXYPAY_API_KEY (ProxyPay, CURRENCY=aoa), or PAYMENTS_SANDBOX=1 to run the sandbox checkout, which enrolls for free',
    );
  }
  return { provider: 'sandbox' };
}

/** A 32-byte key given as 64 hex digits or as base64. */
function payoutDataKey(raw: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) {
    throw new ConfigError(
      'PAYOUT_DATA_KEY must be 32 bytes, as 64 hex digits or base64 (try: openssl rand -base64 32)',
    );
  }
  return key;
}

/**
 * With the queue's backoff (doubling up to a minute), eight tries span about three minutes of a
 * Stripe outage; past that the operator sees the payout failed rather than stuck approved.
 */
const STRIPE_TRANSFER_ATTEMPTS = 8;

/** S3 settings only when a bucket is named; a bucket without its keys is a mistake said at start. */
function videoS3Config(e: z.infer<typeof envSchema>): VideoS3Config | undefined {
  const others = [
    e.VIDEO_S3_REGION,
    e.VIDEO_S3_ENDPOINT,
    e.VIDEO_S3_ACCESS_KEY_ID,
    e.VIDEO_S3_SECRET_ACCESS_KEY,
    e.VIDEO_S3_PREFIX,
  ];
  if (!e.VIDEO_S3_BUCKET) {
    if (others.some(Boolean)) {
      throw new ConfigError('VIDEO_S3_BUCKET is required with the other VIDEO_S3_* variables');
    }
    return undefined;
  }
  const because = 'when VIDEO_S3_BUCKET is set';
  const prefix = (e.VIDEO_S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  if (!/^[A-Za-z0-9!_.*'()/-]*$/.test(prefix)) {
    throw new ConfigError(
      "VIDEO_S3_PREFIX may hold only letters, digits, '/' and !_.*'()- (it starts every key)",
    );
  }
  return {
    bucket: e.VIDEO_S3_BUCKET,
    // Most S3-compatible services accept any region; AWS's own default is this one.
    region: e.VIDEO_S3_REGION ?? 'us-east-1',
    endpoint: e.VIDEO_S3_ENDPOINT,
    accessKeyId: required(e.VIDEO_S3_ACCESS_KEY_ID, 'VIDEO_S3_ACCESS_KEY_ID', because),
    secretAccessKey: required(e.VIDEO_S3_SECRET_ACCESS_KEY, 'VIDEO_S3_SECRET_ACCESS_KEY', because),
    forcePathStyle: e.VIDEO_S3_FORCE_PATH_STYLE === '1',
    prefix: prefix === '' ? '' : `${prefix}/`,
  };
}

function payoutsConfig(
  e: z.infer<typeof envSchema>,
  production: boolean,
  stripe: boolean,
): PayoutsConfig {
  const enabled = e.PAYOUTS === undefined ? !production : e.PAYOUTS === '1';
  const dataKey = e.PAYOUT_DATA_KEY === undefined ? undefined : payoutDataKey(e.PAYOUT_DATA_KEY);
  if (enabled && production && !dataKey) {
    throw new ConfigError(
      "PAYOUT_DATA_KEY is required in production with PAYOUTS=1: it seals the educators' Pix keys, IBANs and tax ids (try: openssl rand -base64 32)",
    );
  }
  const stripeConnect = e.STRIPE_CONNECT === '1';
  if (stripeConnect && (!stripe || e.CURRENCY !== 'eur')) {
    throw new ConfigError('STRIPE_CONNECT=1 needs STRIPE_SECRET_KEY and CURRENCY=eur');
  }
  if (stripeConnect && !e.STRIPE_CONNECT_WEBHOOK_SECRET) {
    throw new ConfigError(
      "STRIPE_CONNECT_WEBHOOK_SECRET is required with STRIPE_CONNECT=1 (the Connect endpoint's signing secret)",
    );
  }
  return {
    enabled,
    dataKey,
    stripeConnect,
    stripeConnectWebhookSecret: stripeConnect ? e.STRIPE_CONNECT_WEBHOOK_SECRET : undefined,
    stripeTransferAttempts: e.STRIPE_TRANSFER_ATTEMPTS ?? STRIPE_TRANSFER_ATTEMPTS,
  };
}

/**
 * What a start must shout about without refusing it. In production the sandbox runs only because
 * PAYMENTS_SANDBOX=1 asked for it, and its pages enroll anyone for free: fine for a demo, a silent
 * loss of every sale if the variable was copied into a real deployment by mistake.
 */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.env === 'production' && config.payments.provider === 'sandbox') {
    warnings.push(
      'PAYMENTS_SANDBOX=1 in production: the sandbox checkout takes no money and enrolls anyone for free. Use it only for a demo; to sell, set STRIPE_SECRET_KEY or PROXYPAY_API_KEY and remove PAYMENTS_SANDBOX.',
    );
  }
  return warnings;
}

/** Reads the environment once; every provider choice and its secrets are settled here. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);

  const auth: AuthConfig = e.CLERK_SECRET_KEY
    ? {
        provider: 'clerk',
        secretKey: e.CLERK_SECRET_KEY,
        // Env files often keep a PEM on one line with literal \n.
        jwtKey: e.CLERK_JWT_KEY?.replaceAll('\\n', '\n'),
        webhookSecret: required(
          e.CLERK_WEBHOOK_SECRET,
          'CLERK_WEBHOOK_SECRET',
          'when CLERK_SECRET_KEY is set',
        ),
        apiUrl: e.CLERK_API_URL,
      }
    : {
        provider: 'local',
        secret: production ? productionAuthSecret(e.AUTH_SECRET) : e.AUTH_SECRET,
        passwordCostLog2: passwordCost(e.PASSWORD_HASH_COST, production),
      };

  const payments = paymentsConfig(e, production);

  const cloudinaryParts = [e.CLOUDINARY_CLOUD_NAME, e.CLOUDINARY_API_KEY, e.CLOUDINARY_API_SECRET];
  let storage: StorageConfig;
  if (e.CLOUDINARY_URL) {
    if (!/^cloudinary:\/\/[^:]+:[^@]+@.+/.test(e.CLOUDINARY_URL)) {
      throw new ConfigError(
        'CLOUDINARY_URL must look like cloudinary://<api_key>:<api_secret>@<cloud_name>',
      );
    }
    storage = { provider: 'cloudinary', url: e.CLOUDINARY_URL };
  } else if (cloudinaryParts.some(Boolean)) {
    storage = {
      provider: 'cloudinary',
      cloudName: required(
        e.CLOUDINARY_CLOUD_NAME,
        'CLOUDINARY_CLOUD_NAME',
        'with the other CLOUDINARY_* variables',
      ),
      apiKey: required(
        e.CLOUDINARY_API_KEY,
        'CLOUDINARY_API_KEY',
        'with the other CLOUDINARY_* variables',
      ),
      apiSecret: required(
        e.CLOUDINARY_API_SECRET,
        'CLOUDINARY_API_SECRET',
        'with the other CLOUDINARY_* variables',
      ),
    };
  } else {
    storage = { provider: 'disk', uploadDir: path.join(dataDir, 'uploads') };
  }

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const mail = mailConfig(e, {
    production,
    dataDir,
    publicUrl,
    localAccounts: auth.provider === 'local',
  });

  if (e.OPS_TOKEN !== undefined && e.OPS_TOKEN.length < OPS_TOKEN_MIN_LENGTH) {
    throw new ConfigError(
      `OPS_TOKEN must be at least ${OPS_TOKEN_MIN_LENGTH} characters (e.g. openssl rand -hex 24)`,
    );
  }
  const testing = e.NODE_ENV === 'test';

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: listenHost(e.HOST, production),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    currency: e.CURRENCY,
    platformFeePercent: e.PLATFORM_FEE_PERCENT,
    auth,
    payments,
    storage,
    mail,
    redisUrl: e.REDIS_URL,
    seed: e.SEED ?? (production ? 'none' : 'demo'),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    jobs: {
      pollSeconds: e.JOBS_POLL_SECONDS ?? (testing ? 0.5 : 2),
      retryDelaySeconds: e.JOBS_RETRY_DELAY_SECONDS ?? (testing ? 1 : 2),
      retryLimit: e.JOBS_RETRY_LIMIT ?? 30,
      expireSeconds: e.JOBS_EXPIRE_SECONDS ?? 300,
      heartbeatSeconds: e.JOBS_HEARTBEAT_SECONDS === 0 ? null : (e.JOBS_HEARTBEAT_SECONDS ?? 15),
      sweepSeconds: e.JOBS_SWEEP_SECONDS ?? 300,
      schedules: e.JOBS_SCHEDULES !== 'off',
      keepFinishedDays: e.RETENTION_JOBS_DAYS ?? 30,
    },
    retention: {
      readNotificationsDays: e.RETENTION_READ_NOTIFICATIONS_DAYS ?? 90,
      webhookEventsDays: e.RETENTION_WEBHOOK_EVENTS_DAYS ?? 30,
      sessionsDays: e.RETENTION_SESSIONS_DAYS ?? 30,
    },
    opsToken: e.OPS_TOKEN,
    courseReview: e.COURSE_REVIEW === 'on',
    educatorApplications: e.EDUCATOR_APPLICATIONS === 'on',
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email !== ''),
    pages: {
      cacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
      renderConcurrency: e.PAGE_RENDER_CONCURRENCY,
      renderRateLimit: e.PAGE_RENDER_RATE_LIMIT,
    },
    privacy: {
      controllerName: e.PRIVACY_CONTROLLER_NAME ?? BRAND_NAME,
      contactEmail: e.PRIVACY_CONTACT_EMAIL,
    },
    onlineMaxPerAddress: e.ONLINE_MAX_PER_ADDRESS,
    publishQuotaPerDay: e.PUBLISH_QUOTA_PER_DAY,
    qaPostsPerHour: e.QA_POSTS_PER_HOUR,
    qaEditsPerHour: e.QA_EDITS_PER_HOUR,
    couponMissesPerUser: e.COUPON_MISSES_PER_USER,
    methodSwitchesPerHour: e.PAYMENT_METHOD_SWITCHES_PER_HOUR,
    pushPaymentsPerPhone: e.PUSH_PAYMENTS_PER_PHONE,
    accountDeletionCoolOffDays: e.ACCOUNT_DELETION_COOL_OFF_DAYS ?? DEFAULT_DELETION_COOL_OFF_DAYS,
    payouts: payoutsConfig(e, production, payments.provider.startsWith('stripe')),
    video: {
      dir: path.join(dataDir, 'video'),
      maxBytes: e.VIDEO_MAX_BYTES,
      quotaBytesPerEducator: e.VIDEO_QUOTA_BYTES_PER_EDUCATOR,
      ffmpeg: e.VIDEO_FFMPEG ?? 'ffmpeg',
      ffprobe: e.VIDEO_FFPROBE ?? 'ffprobe',
      tokenSecret: e.VIDEO_TOKEN_SECRET,
      tokenSeconds: e.VIDEO_TOKEN_SECONDS,
      transcodeThreads: e.VIDEO_TRANSCODE_THREADS,
      bunny: bunnyStreamConfig(e),
      s3: videoS3Config(e),
    },
    clientDist: path.resolve(
      e.CLIENT_DIST ??
        path.join(path.dirname(new URL(import.meta.url).pathname), '../../client/dist'),
    ),
  };
}
