import type { Request } from 'express';
import type { EnrolledCoursesResponse } from '@aprendiz/contract/learning';
import type { ViewerSource } from '@aprendiz/contract/rendering';
import type { AppDeps } from '../../deps';
import { pageSessionToken } from '../../http/page-session';
import { enrolledCoursesBody } from '../learning/learning.service';
import { getUserData } from '../users/users.service';

/**
 * Who a page request is from, as its page session says (http/page-session.ts), with their reads
 * from the services and caches the API answers with; null for a visitor, a token that no longer
 * stands (signed out, password changed, expired) or a suspended account. Clerk's sessions are not
 * read here: their pages are drawn in the browser, as before.
 */
export function pageViewer(deps: AppDeps): (req: Request) => Promise<ViewerSource | null> {
  const auth = deps.auth;
  return async (req) => {
    if (auth.kind !== 'local') return null;
    const token = pageSessionToken(req);
    if (!token) return null;
    const user = await auth.authenticate(token);
    if (!user || user.suspendedAt) return null;
    auth.recordActivity?.(token, req.ip ?? '');
    return {
      // As the browser keeps its session's user (client/src/auth/session-storage.ts).
      user: { id: user.id, name: user.name, email: user.email, imageUrl: user.imageUrl },
      userData: () => getUserData(deps, user),
      async enrolled() {
        const entry = await enrolledCoursesBody(deps, user);
        return JSON.parse(entry.bytes.toString('utf8')) as EnrolledCoursesResponse;
      },
    };
  };
}
