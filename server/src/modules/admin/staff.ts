import type { RequestHandler } from 'express';
import type { UserRow } from '../../db/schema/users';
import type { Db } from '../../db/client';
import { bearerToken } from '../../http/auth';
import type { AuthProvider } from '../../providers/auth-provider';
import { forbidden, unauthorized } from '../../http/errors';
import { isTwoStepEnabled } from '../two-step/two-step.repository';
import { setStaffRole } from './staff.repository';

export const STAFF_ONLY = 'Acesso reservado à equipe da plataforma';
export const ADMIN_ONLY = 'Só um administrador pode fazer isto';
export const TWO_STEP_REQUIRED =
  'Ative a verificação em duas etapas no seu perfil para usar o console';
export const CLERK_TWO_STEP_REQUIRED =
  'Entre com a verificação em duas etapas da sua conta para usar o console';

/**
 * Behind requireAuth: admin or support, with two-step on. Until it is on, the console answers 403
 * saying so, to staff only (others learn nothing from it). With Clerk the second step is Clerk's:
 * this session must have passed it
 * (docs/decisions/2026-11-28-educator-applications-and-staff-roles-under-clerk.md).
 */
export function requireStaff(db: Db, auth: AuthProvider): RequestHandler {
  return async (req, _res, next) => {
    const user = req.user;
    if (!user) throw unauthorized('Faça login para continuar');
    if (!user.staffRole) throw forbidden(STAFF_ONLY);
    if (auth.kind === 'clerk') {
      if (!(await auth.secondStepVerified(bearerToken(req) ?? ''))) {
        throw forbidden(CLERK_TWO_STEP_REQUIRED);
      }
    } else if (!(await isTwoStepEnabled(db, user.id))) {
      throw forbidden(TWO_STEP_REQUIRED);
    }
    next();
  };
}

/** After requireStaff: the actions that change people, courses, money or posts. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (req.user?.staffRole !== 'admin') throw forbidden(ADMIN_ONLY);
  next();
};

/**
 * A local account whose e-mail ADMIN_EMAILS names becomes an admin when it signs up or in (the
 * platform is the actor of its audit row). Answers the row as it now stands.
 */
export async function grantConfiguredAdmin(
  db: Db,
  user: UserRow,
  adminEmails: readonly string[],
  address: string | null,
): Promise<UserRow> {
  if (user.staffRole === 'admin' || !adminEmails.includes(user.email)) return user;
  return (
    (await setStaffRole(db, { id: null, address }, user.id, 'admin', {
      reason: 'ADMIN_EMAILS',
    })) ?? user
  );
}
