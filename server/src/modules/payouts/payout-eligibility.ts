import type { UserRow } from '../../db/schema/users';
import { forbidden } from '../../http/errors';
import { isEmailVerified } from '../users/user-view';

export const PAYOUT_NEEDS_EMAIL =
  'Confirme seu e-mail antes de cadastrar dados de pagamento ou pedir um saque';

/**
 * The one place that decides whether an educator's account may receive money: saving payout
 * details and every withdrawal (asked or monthly) need a confirmed e-mail (issue 43), since mail
 * about that money would otherwise go to whoever typed the address.
 */
export function assertPayoutEmailVerified(
  user: Pick<UserRow, 'emailVerifiedAt' | 'passwordHash'>,
): void {
  if (!isEmailVerified(user)) throw forbidden(PAYOUT_NEEDS_EMAIL);
}
