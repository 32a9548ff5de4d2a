import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, MemoryStore, rateLimit, type Store } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import type { RedisClient } from '../providers/redis-client';

export const RATE_LIMITED = 'Muitas tentativas. Tente novamente mais tarde.';
export const AUTH_RATE_WINDOW_MS = 15 * 60_000;
const REDIS_PREFIX = 'aprendiz:rl:';

export interface AuthRateLimitOptions {
  /** Attempts per client address per window. */
  maxPerIp: number;
  /** Attempts per e-mail per window, whichever addresses they come from. */
  maxPerEmail: number;
  windowMs?: number;
  /** Shared counts across instances; memory (this process only) when absent. */
  redis?: RedisClient;
  /** Keeps separate apps (tests) on one Redis from sharing counts. */
  redisPrefix?: string;
}

/** The e-mail as the account stores it, or null when the body has none (validation answers that). */
function bodyEmail(req: Request): string | null {
  const email: unknown = (req.body as Record<string, unknown> | undefined)?.email;
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : null;
}

function storeFor(
  name: string,
  options: Pick<AuthRateLimitOptions, 'redis' | 'redisPrefix'>,
): Store | undefined {
  const redis = options.redis;
  if (!redis) return undefined;
  return new RedisStore({
    prefix: `${options.redisPrefix ?? REDIS_PREFIX}${name}:`,
    sendCommand: (...args: string[]) => redis.sendCommand(args),
  });
}

/**
 * Sign-in and sign-up guards against password guessing: one budget per address (a single machine
 * trying many accounts) and one per e-mail (many machines trying one account). Every attempt counts,
 * successful or not, so sign-up spam is capped too. Needs the JSON body already parsed.
 */
export function authRateLimits(options: AuthRateLimitOptions): RequestHandler[] {
  const common = {
    windowMs: options.windowMs ?? AUTH_RATE_WINDOW_MS,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ success: false, message: RATE_LIMITED });
    },
  } satisfies Parameters<typeof rateLimit>[0];
  const perIp = rateLimit({
    ...common,
    limit: options.maxPerIp,
    store: storeFor('auth-ip', options),
  });
  const perEmail = rateLimit({
    ...common,
    limit: options.maxPerEmail,
    store: storeFor('auth-email', options),
    keyGenerator: (req) => bodyEmail(req) ?? '',
    skip: (req) => bodyEmail(req) === null,
  });
  return [perIp, perEmail];
}

export interface SignInRateLimitOptions {
  /** Attempts per client address per window, successful or not (caps guessing and sign-up spam). */
  maxPerIp: number;
  /** Failed attempts per (address, e-mail) per window: a guesser is stopped, the owner elsewhere is not. */
  maxPerAddressAndEmail: number;
  /** Failed attempts per e-mail per window, from anywhere, after which each further attempt waits. */
  slowAfterPerEmail: number;
  /** Added wait per failed attempt past `slowAfterPerEmail`, up to `maxDelayMs`. */
  delayStepMs?: number;
  maxDelayMs?: number;
  windowMs?: number;
  redis?: RedisClient;
  redisPrefix?: string;
}

export const SIGN_IN_DELAY_STEP_MS = 1000;
export const SIGN_IN_MAX_DELAY_MS = 10_000;

/**
 * Sign-in and sign-up guards that an attacker cannot turn against the owner: an address that guesses
 * is refused (429) per address and per (address, account), and an account guessed from many
 * addresses is only slowed — every attempt on it past the budget waits a little longer, up to a
 * cap, but the right password from the owner's own address still signs in. Only failures count
 * per account, so the owner signing in does not spend anything. Needs the JSON body parsed.
 */
export function signInRateLimits(options: SignInRateLimitOptions): RequestHandler[] {
  const windowMs = options.windowMs ?? AUTH_RATE_WINDOW_MS;
  const step = options.delayStepMs ?? SIGN_IN_DELAY_STEP_MS;
  const maxDelay = options.maxDelayMs ?? SIGN_IN_MAX_DELAY_MS;
  const refuse: RequestHandler = (_req, res) => {
    res.status(429).json({ success: false, message: RATE_LIMITED });
  };
  const perIp = rateLimit({
    windowMs,
    limit: options.maxPerIp,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: refuse,
    store: storeFor('signin-ip', options),
  });
  const perAddressAndEmail = rateLimit({
    windowMs,
    limit: options.maxPerAddressAndEmail,
    standardHeaders: false,
    legacyHeaders: false,
    skipSuccessfulRequests: true,
    handler: refuse,
    store: storeFor('signin-ip-email', options),
    keyGenerator: (req) => `${ipKeyGenerator(req.ip ?? '')}|${bodyEmail(req) ?? ''}`,
    skip: (req) => bodyEmail(req) === null,
  });
  const accountWide = rateLimit({
    windowMs,
    limit: options.slowAfterPerEmail,
    standardHeaders: false,
    legacyHeaders: false,
    skipSuccessfulRequests: true,
    requestPropertyName: 'accountAttempts',
    store: storeFor('signin-email', options),
    keyGenerator: (req) => bodyEmail(req) ?? '',
    skip: (req) => bodyEmail(req) === null,
    handler: (req, _res, next) => {
      const used = (req as Request & { accountAttempts?: { used: number } }).accountAttempts?.used;
      const over = Math.max(1, (used ?? 0) - options.slowAfterPerEmail);
      setTimeout(next, Math.min(maxDelay, over * step));
    },
  });
  return [perIp, perAddressAndEmail, accountWide];
}

export interface BudgetOptions {
  /** Uses per client address per window. */
  max: number;
  windowMs: number;
  /** Names the count, and its Redis keys. */
  name: string;
  redis?: RedisClient;
  redisPrefix?: string;
}

/**
 * A per-address budget asked for from inside a handler, for work that only some requests cost
 * (a page render that missed the cache): resolves false once the address has spent it, leaving
 * the answer (an app shell, a delay) to the caller. Memory, or Redis shared by every instance.
 */
export function addressBudget(
  options: BudgetOptions,
): (req: Request, res: Response) => Promise<boolean> {
  const spent = new WeakSet<Request>();
  const limiter = rateLimit({
    windowMs: options.windowMs,
    limit: options.max,
    standardHeaders: false,
    legacyHeaders: false,
    store: storeFor(options.name, options),
    handler: (req, _res, next) => {
      spent.add(req);
      next();
    },
  });
  return (req, res) =>
    new Promise((resolve, reject) => {
      void limiter(req, res, (err?: unknown) => {
        if (err) reject(err instanceof Error ? err : new Error(String(err)));
        else resolve(!spent.has(req));
      });
    });
}

export interface UserBudgetOptions {
  /** Uses per signed-in person per window. */
  max: number;
  /** Requests that spend nothing. */
  skip?: (req: Request, res: Response) => boolean;
  windowMs: number;
  /** Names the count, and its Redis keys. */
  name: string;
  message: string;
  redis?: RedisClient;
  redisPrefix?: string;
}

/**
 * A per-person budget for writes a signed-in learner makes (questions, answers, reports): keyed on
 * the user, not the address, so a classroom behind one address is not one budget and one person
 * on many addresses is. Goes after requireAuth.
 */
export function userRateLimit(options: UserBudgetOptions): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.max,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: storeFor(options.name, options),
    keyGenerator: (req) => req.user?.id ?? '',
    ...(options.skip ? { skip: options.skip } : {}),
    handler: (_req, res) => {
      res.status(429).json({ success: false, message: options.message });
    },
  });
}

/** A named count's shared store (Redis), or undefined for this process's memory. */
export function rateLimitStore(name: string, redis?: RedisClient): Store | undefined {
  return storeFor(name, { redis });
}

export interface MissBudgetOptions {
  /** Misses per client address per window. */
  maxPerIp: number;
  /** Misses per signed-in person per window, whichever addresses they come from. */
  maxPerUser: number;
  windowMs: number;
  /** Names the counts, and their Redis keys. */
  name: string;
  message: string;
  /** Whether the request looks something up at all (it carries a code); others spend nothing. */
  looksUp: (req: Request) => boolean;
  redis?: RedisClient;
  redisPrefix?: string;
}

/** Set by the handler (or an error middleware) when this request's lookup found nothing. */
export function markMiss(res: Response): void {
  (res.locals as { lookupMissed?: boolean }).lookupMissed = true;
}

/**
 * Budgets against guessing secrets that are looked up by value (coupon codes): only lookups that
 * found nothing spend, per address and per account, so buyers who type a real code never meet it,
 * however many arrive at once from one address. Past either budget every lookup answers 429, a
 * right guess included, so nothing more is learnt. The counts are read before the handler and
 * added to once it has answered a miss (express-rate-limit would count every request first).
 * Goes after the authentication that sets `req.user`, and after the body is parsed.
 */
export function missRateLimits(options: MissBudgetOptions): RequestHandler[] {
  const budget = (
    name: string,
    limit: number,
    keyOf: (req: Request) => string | null,
  ): RequestHandler => {
    const store: Store = storeFor(name, options) ?? new MemoryStore();
    const ready = Promise.resolve().then(() =>
      store.init?.({ windowMs: options.windowMs } as Parameters<NonNullable<Store['init']>>[0]),
    );
    // A store that cannot start fails the requests that need it, not the process.
    ready.catch(() => undefined);
    return (req, res, next) => {
      const key = options.looksUp(req) ? keyOf(req) : null;
      if (key === null) {
        next();
        return;
      }
      void (async () => {
        await ready;
        const spent = (await store.get?.(key))?.totalHits ?? 0;
        if (spent >= limit) {
          res.status(429).json({ success: false, message: options.message });
          return;
        }
        res.on('finish', () => {
          if ((res.locals as { lookupMissed?: boolean }).lookupMissed === true)
            void Promise.resolve(store.increment(key)).catch(() => undefined);
        });
        next();
      })().catch(next);
    };
  };
  return [
    budget(`${options.name}-ip`, options.maxPerIp, (req) => ipKeyGenerator(req.ip ?? '')),
    budget(`${options.name}-user`, options.maxPerUser, (req) => req.user?.id ?? null),
  ];
}
