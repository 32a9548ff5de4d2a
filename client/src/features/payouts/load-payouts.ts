import type { Balance, Payout, PayoutProfileResponse } from '@aprendiz/contract/payouts';
import { api } from '../../lib/api-client';
import { loadSignedIn, type SignedIn } from '../../data/signed-in-loader';

export interface PayoutsData {
  profile: PayoutProfileResponse;
  balance: Balance;
  payouts: Payout[];
}

/** The page's three reads at once: where the money goes, how much there is, what was asked. */
export function loadPayouts(request: Request): Promise<SignedIn<PayoutsData>> {
  return loadSignedIn(request, async (signal) => {
    const [profile, balance, payouts] = await Promise.all([
      api.get<PayoutProfileResponse>('/api/educator/payout-profile', { signal }),
      api.get<{ balance: Balance }>('/api/educator/balance', { signal }),
      api.get<{ payouts: Payout[] }>('/api/educator/payouts', { signal }),
    ]);
    return {
      profile: profile.data,
      balance: balance.data.balance,
      payouts: payouts.data.payouts,
    };
  });
}
