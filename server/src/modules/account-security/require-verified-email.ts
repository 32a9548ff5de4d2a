import type { RequestHandler } from 'express';
import { EMAIL_NOT_VERIFIED } from '@aprendiz/contract/account-security';
import { currentUser } from '../../http/auth';
import { forbidden } from '../../http/errors';
import { isEmailVerified } from '../users/user-view';

/**
 * Goes after requireAuth on what reaches money beyond what a new account needs (saving payout
 * details, asking for a payout): an address nobody confirmed may be a stranger's, and mail about
 * that money would go to them. Learning, buying and becoming an educator stay open.
 */
export const requireVerifiedEmail: RequestHandler = (req, _res, next) => {
  if (!isEmailVerified(currentUser(req))) throw forbidden(EMAIL_NOT_VERIFIED);
  next();
};
