import { and, eq, isNull } from 'drizzle-orm';
import Stripe from 'stripe';
import type { AppDeps } from '../../deps';
import { payoutProfiles, payouts } from '../../db/schema/payouts';
import type { UserRow } from '../../db/schema/users';
import { conflict } from '../../http/errors';
import type { JobInfo, JobQueue } from '../jobs/job-queue';
import { findPayout, findProfile } from './payouts.repository';
import { markPayoutFailed, markPayoutPaid } from './payouts.service';
import { accountStatus, stripeConnectFor, type StripeConnect } from './stripe-connect';

type ConnectDeps = Pick<AppDeps, 'config' | 'database' | 'jobs' | 'logger'>;

export const CONNECT_OFF = 'O recebimento pela Stripe não está ativo neste servidor';
export const CONNECT_PROFILE_FIRST =
  'Escolha “Stripe” nos dados de recebimento e salve antes de abrir o cadastro';

function connectOf(deps: ConnectDeps): StripeConnect {
  const connect = stripeConnectFor(deps.config);
  if (!connect) throw conflict(CONNECT_OFF);
  return connect;
}

/**
 * The link to Stripe's onboarding: the educator's Express account is made on the first call (outside
 * any transaction: Stripe is called with nothing locked) and kept; each call answers a fresh link.
 */
export async function startStripeOnboarding(deps: ConnectDeps, user: UserRow): Promise<string> {
  const connect = connectOf(deps);
  const profile = await findProfile(deps.database.db, user.id);
  if (!profile || profile.rail !== 'stripe_connect') throw conflict(CONNECT_PROFILE_FIRST);
  let accountId = profile.stripeAccountId;
  if (!accountId) {
    accountId = await connect.createAccount({ email: user.email, educatorId: user.id });
    await deps.database.db
      .update(payoutProfiles)
      .set({ stripeAccountId: accountId, stripeStatus: 'pending' })
      .where(and(eq(payoutProfiles.educatorId, user.id), isNull(payoutProfiles.stripeAccountId)));
  }
  const page = `${deps.config.publicUrl}/educator/payouts`;
  return connect.onboardingLink(accountId, `${page}?stripe=pronto`, `${page}?stripe=de-novo`);
}

/** The job that tries an approved payout's transfer again while Stripe cannot take it. */
export const PAYOUT_TRANSFER_JOB = 'payout-stripe-transfer';

interface TransferJob {
  payoutId: string;
}

export const STRIPE_UNREACHABLE =
  'A Stripe não respondeu à transferência depois de várias tentativas';

/**
 * A failure Stripe may get over: it was not reached, timed out, or failed on its side (5xx, rate
 * limit). Anything else it answered (no funds, a closed account) is a decline, final at once.
 */
export function isPassingStripeFailure(err: unknown): boolean {
  if (!(err instanceof Stripe.errors.StripeError)) return true;
  return (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    (err.statusCode ?? 0) >= 500
  );
}

/**
 * One try of an approved Stripe payout's transfer. Its result arrives by the webhook
 * (transfer.created: paid); Stripe declining it fails the payout at once, its money back to
 * available. Answers the error of a failure Stripe may get over, for the caller to retry, or null.
 */
async function tryStripeTransfer(deps: ConnectDeps, payoutId: string): Promise<unknown> {
  const connect = connectOf(deps);
  const payout = await findPayout(deps.database.db, payoutId);
  // Sent already (a retry after a lost answer found it), or no longer waiting on Stripe.
  if (!payout || payout.rail !== 'stripe_connect' || payout.status !== 'approved') return null;
  if (payout.stripeTransferId) return null;
  const profile = await findProfile(deps.database.db, payout.educatorId);
  if (!profile?.stripeAccountId) {
    await markPayoutFailed(deps, payoutId, 'Conta Stripe não encontrada');
    return null;
  }
  try {
    const transferId = await connect.transfer({
      payoutId,
      amountMinor: Math.round(Number(payout.amount) * 100),
      currency: payout.currency,
      accountId: profile.stripeAccountId,
    });
    await deps.database.db
      .update(payouts)
      .set({ stripeTransferId: transferId })
      .where(eq(payouts.id, payoutId));
    return null;
  } catch (err) {
    if (isPassingStripeFailure(err)) return err;
    const message = err instanceof Error ? err.message : String(err);
    await markPayoutFailed(deps, payoutId, `A Stripe recusou a transferência: ${message}`);
    return null;
  }
}

/** After the last allowed try the payout fails, and its money is available again. */
async function giveUpTransfer(deps: ConnectDeps, payoutId: string, err: unknown) {
  deps.logger.warn({ payoutId, err }, 'stripe transfer given up after its last try');
  await markPayoutFailed(deps, payoutId, STRIPE_UNREACHABLE);
}

/**
 * The transfer's first try, after the approval commits. A failure Stripe may get over is tried
 * again by the job queue (PAYOUT_TRANSFER_JOB) with the same idempotency key, so a try whose answer
 * was lost never pays twice.
 */
export async function sendStripeTransfer(deps: ConnectDeps, payoutId: string): Promise<void> {
  const err = await tryStripeTransfer(deps, payoutId);
  if (err === null) return;
  if (deps.config.payouts.stripeTransferAttempts <= 1) return giveUpTransfer(deps, payoutId, err);
  deps.logger.warn({ payoutId, err }, 'stripe transfer not sent; the job queue tries again');
  const data: TransferJob = { payoutId };
  await deps.jobs.send(deps.database.db, PAYOUT_TRANSFER_JOB, data, `payout:${payoutId}`, {
    startAfterSeconds: deps.config.jobs.retryDelaySeconds,
  });
}

/**
 * The queue's tries: a failure Stripe may get over throws, so the queue backs off and runs it
 * again, until STRIPE_TRANSFER_ATTEMPTS tries in all (the approval's first).
 */
export async function retryStripeTransfer(
  deps: ConnectDeps,
  payoutId: string,
  job: Pick<JobInfo, 'retryCount'>,
): Promise<void> {
  const err = await tryStripeTransfer(deps, payoutId);
  if (err === null) return;
  const tries = job.retryCount + 2;
  if (tries >= deps.config.payouts.stripeTransferAttempts)
    return giveUpTransfer(deps, payoutId, err);
  throw err;
}

export function registerStripeTransferJobs(jobs: JobQueue, deps: ConnectDeps): void {
  jobs.work<TransferJob>(PAYOUT_TRANSFER_JOB, ({ payoutId }, job) =>
    retryStripeTransfer(deps, payoutId, job),
  );
}

/** What one Connect event changed, for the log. */
export async function applyConnectEvent(deps: ConnectDeps, event: Stripe.Event): Promise<string> {
  switch (event.type) {
    case 'account.updated': {
      const account = event.data.object;
      const rows = await deps.database.db
        .update(payoutProfiles)
        .set({ stripeStatus: accountStatus(account) })
        .where(eq(payoutProfiles.stripeAccountId, account.id))
        .returning({ educatorId: payoutProfiles.educatorId });
      return rows.length > 0 ? `account ${accountStatus(account)}` : 'unknown account';
    }
    case 'transfer.created':
    case 'transfer.reversed': {
      const transfer = event.data.object;
      const payoutId = transfer.metadata?.payout_id;
      const payout = payoutId ? await findPayout(deps.database.db, payoutId) : undefined;
      if (!payout || payout.status !== 'approved') return 'nothing to do';
      if (event.type === 'transfer.created') {
        await markPayoutPaid(deps, payout.id, transfer.id);
        return 'paid';
      }
      await markPayoutFailed(deps, payout.id, 'A Stripe estornou a transferência');
      return 'failed';
    }
    default:
      return 'ignored';
  }
}
