import type { Request, RequestHandler, Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import type { RedisClient } from '../providers/redis-client';

export const RATE_LIMITED = 'Demasiadas tentativas. Tente novamente mais tarde.';
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
