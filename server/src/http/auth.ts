import type { Request, RequestHandler } from 'express';
import { suspendedMessage } from '@aprendiz/contract/staff';
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
    // A suspended account opens no session, whichever provider signed it in (Clerk's included).
    if (user.suspendedAt) throw unauthorized(suspendedMessage(user.suspensionReason));
    req.user = user;
    if (auth.kind === 'local') auth.recordActivity?.(token, req.ip ?? '');
    next();
  };
}

/** Sets req.user when a valid token is sent; anonymous callers (or stale tokens) pass through. */
export function optionalAuth(auth: AuthProvider): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    const user = token ? await auth.authenticate(token) : null;
    if (user && !user.suspendedAt) req.user = user;
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
