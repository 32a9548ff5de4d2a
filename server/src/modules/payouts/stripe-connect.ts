import Stripe from 'stripe';
import type { Config } from '../../config';

/** Stripe's calls a payout needs, Connect Express (euro market, STRIPE_CONNECT=1). */
export interface StripeConnect {
  /** A new Express account for the educator: its id ('acct_…'). */
  createAccount(input: { email: string; educatorId: string }): Promise<string>;
  /** Where the educator finishes Stripe's onboarding (a link that works once, for minutes). */
  onboardingLink(accountId: string, returnUrl: string, refreshUrl: string): Promise<string>;
  /**
   * Moves a payout's money to the account. The idempotency key is the payout's id, so a retry
   * after a lost answer never pays twice.
   */
  transfer(input: {
    payoutId: string;
    amountMinor: number;
    currency: string;
    accountId: string;
  }): Promise<string>;
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event;
}

const STRIPE_TIMEOUT_MS = 10_000;

export function transferIdempotencyKey(payoutId: string): string {
  return `payout-${payoutId}`;
}

export function createStripeConnect(options: {
  secretKey: string;
  webhookSecret: string;
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}): StripeConnect {
  const stripe = new Stripe(options.secretKey, {
    ...options.api,
    maxNetworkRetries: 2,
    timeout: STRIPE_TIMEOUT_MS,
  });
  return {
    async createAccount({ email, educatorId }) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          email,
          capabilities: { transfers: { requested: true } },
          metadata: { educator_id: educatorId },
        },
        { idempotencyKey: `connect-account-${educatorId}` },
      );
      return account.id;
    },
    async onboardingLink(accountId, returnUrl, refreshUrl) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return link.url;
    },
    async transfer({ payoutId, amountMinor, currency, accountId }) {
      const transfer = await stripe.transfers.create(
        {
          amount: amountMinor,
          currency,
          destination: accountId,
          metadata: { payout_id: payoutId },
        },
        // The job queue retries a transfer Stripe could not take, with backoff and a bound, under
        // the same key; the client's own quick retries would only hide that from the count.
        { idempotencyKey: transferIdempotencyKey(payoutId), maxNetworkRetries: 0 },
      );
      return transfer.id;
    },
    verifyWebhook(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
    },
  };
}

const connects = new WeakMap<Config, StripeConnect>();

/**
 * The deployment's Stripe Connect client, made once from its config (null when Connect is off);
 * `provideStripeConnect` points it elsewhere (the tests' local fake of Stripe).
 */
export function stripeConnectFor(config: Config): StripeConnect | null {
  const known = connects.get(config);
  if (known) return known;
  const payments = config.payments;
  const secret = config.payouts.stripeConnectWebhookSecret;
  if (!config.payouts.stripeConnect || !('stripe' in payments) || !secret) return null;
  const connect = createStripeConnect({
    secretKey: payments.stripe.secretKey,
    webhookSecret: secret,
  });
  connects.set(config, connect);
  return connect;
}

export function provideStripeConnect(config: Config, connect: StripeConnect): void {
  connects.set(config, connect);
}

/** What Stripe says of an account: it can receive transfers, it still owes details, or it is held. */
export function accountStatus(account: Stripe.Account): 'active' | 'pending' | 'restricted' {
  if (account.requirements?.disabled_reason) return 'restricted';
  if (account.capabilities?.transfers === 'active' && account.details_submitted) return 'active';
  return 'pending';
}
