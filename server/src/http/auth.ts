import type { Request, RequestHandler } from 'express';
import type { UserRow } from '../db/schema/users';
import type { AuthProvider } from '../providers/auth-provider';
import { forbidden, unauthorized } from './errors';

declare module 'express-serve-static-core' {
  interface Request {
    user?: UserRow;
  }
}

export function bearerToken(req: Request): string | null {
  const header = req.get('authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export function requireAuth(auth: AuthProvider): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) throw unauthorized('Faça login para continuar');
    const user = await auth.authenticate(token);
    if (!user) throw unauthorized();
    req.user = user;
    next();
  };
}

/** Sets req.user when a valid token is sent; anonymous callers (or stale tokens) pass through. */
export function optionalAuth(auth: AuthProvider): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (token) req.user = (await auth.authenticate(token)) ?? undefined;
    next();
  };
}

export const requireEducator: RequestHandler = (req, _res, next) => {
  if (req.user?.role !== 'educator') throw forbidden('Acesso reservado a educadores');
  next();
};

/** The authenticated user of a route behind requireAuth; never a user id taken from the body. */
export function currentUser(req: Request): UserRow {
  if (!req.user) throw unauthorized('Faça login para continuar');
  return req.user;
}
