import type {
  Balance,
  Payout,
  PayoutProfile,
  PayoutProfileInput,
} from '@aprendiz/contract/payouts';
import { normaliseIban } from '@aprendiz/contract/rules/iban';
import { normalisePixKey } from '@aprendiz/contract/rules/pix-key';
import {
  canMovePayout,
  computeBalance,
  maskIban,
  maskPixKey,
  maskTaxId,
  marketMonth,
  pendingLabel,
  PAYOUT_MINIMUM_MINOR,
  payoutRails,
  saleHold,
  statementPeriod,
  withdrawalProblem,
  type BalanceFigures,
  type PayoutStatus,
} from '@aprendiz/contract/rules/payouts';
import { decimalAmount, formatMoney, type Currency } from '@aprendiz/contract/rules/currency';
import { normaliseAngolanNif, onlyDigits } from '@aprendiz/contract/rules/tax-ids';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { payoutProfiles, payouts, type PayoutRow } from '../../db/schema/payouts';
import type { UserRow } from '../../db/schema/users';
import { badRequest, conflict, notFound } from '../../http/errors';
import { eq } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors';
import { assertPayoutEmailVerified } from './payout-eligibility';
import { notify } from '../notifications/notifications.service';
import { queuePayoutMail } from './payout-mail';
import { payoutNow } from './payout-clock';
import { payoutSealer } from './payout-secrets';
import {
  findHeldSales,
  findMonthlyPayoutEducators,
  findPayoutForUpdate,
  findProfile,
  hasOpenPayout,
  insertPayoutEntry,
  listEducatorPayouts,
  lockProfile,
  sumSettledSales,
} from './payouts.repository';

type PayoutDeps = Pick<AppDeps, 'config' | 'database' | 'jobs' | 'logger'>;

export const PAYOUTS_OFF = 'Os pagamentos a educadores não estão ativos neste servidor';
export const NO_RAIL = 'Não há forma de recebimento para esta moeda ainda';
export const PROFILE_NEEDED = 'Cadastre seus dados de recebimento antes de pedir um saque';
export const PAYOUT_OPEN = 'Você já tem um saque em andamento: aguarde sua conclusão';
export const PAYOUT_NOT_FOUND = 'Saque não encontrado';
export const STRIPE_NOT_READY =
  'Conclua seu cadastro na Stripe antes de pedir um saque: a conta ainda não recebe transferências';
export const PROFILE_SAVED = 'Dados de recebimento salvos';
export const WITHDRAWAL_ASKED = 'Saque solicitado';

const MOVE_REFUSED: Record<PayoutStatus, string> = {
  requested: 'Este saque já foi processado',
  approved: 'Só um saque solicitado pode ser aprovado',
  paid: 'Só um saque aprovado pode ser marcado como pago',
  failed: 'Este saque já foi concluído',
};

function assertPayoutsOn(deps: PayoutDeps): Currency {
  if (!deps.config.payouts.enabled) throw notFound(PAYOUTS_OFF);
  return deps.config.currency;
}

const toMoney = (minorUnits: number) => minorUnits / 100;
const formatMinor = (currency: Currency) => (minorUnits: number) =>
  formatMoney(toMoney(minorUnits), currency);

function normaliseTaxId(currency: Currency, taxId: string): string {
  return currency === 'aoa' ? normaliseAngolanNif(taxId) : onlyDigits(taxId);
}

// ---------------------------------------------------------------------------------------------
// Profile

function profileView(row: typeof payoutProfiles.$inferSelect, holderName: string): PayoutProfile {
  return {
    rail: row.rail,
    pixKeyType: row.pixKeyType,
    destination: row.destinationMasked,
    holderName,
    taxId: row.taxIdMasked,
    autoMonthly: row.autoMonthly,
    stripeStatus: row.stripeStatus,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getPayoutProfile(deps: PayoutDeps, user: UserRow) {
  const currency = assertPayoutsOn(deps);
  const row = await findProfile(deps.database.db, user.id);
  const rails = payoutRails(currency, deps.config.payouts.stripeConnect);
  if (!row) return { currency, rails, profile: null };
  const secret = (await payoutSealer(deps.config)).open(row.sealed);
  return { currency, rails, profile: profileView(row, secret.holderName) };
}

export async function savePayoutProfile(
  deps: PayoutDeps,
  user: UserRow,
  input: PayoutProfileInput,
): Promise<PayoutProfile> {
  const currency = assertPayoutsOn(deps);
  assertPayoutEmailVerified(user);
  if (payoutRails(currency, deps.config.payouts.stripeConnect).length === 0)
    throw conflict(NO_RAIL);
  const taxId = normaliseTaxId(currency, input.taxId);
  let destination = '';
  let destinationMasked = '';
  let pixKeyType: PayoutProfile['pixKeyType'] = null;
  if (input.rail === 'pix' && input.pixKeyType && input.pixKey) {
    pixKeyType = input.pixKeyType;
    destination = normalisePixKey(input.pixKeyType, input.pixKey);
    destinationMasked = maskPixKey(input.pixKeyType, destination);
  } else if (input.rail === 'iban' && input.iban) {
    destination = normaliseIban(input.iban);
    destinationMasked = maskIban(destination);
  } else {
    destinationMasked = 'Conta Stripe';
  }
  const sealed = (await payoutSealer(deps.config)).seal({
    destination,
    holderName: input.holderName,
    taxId,
  });
  const values = {
    currency,
    rail: input.rail,
    pixKeyType,
    sealed,
    destinationMasked,
    taxIdMasked: maskTaxId(taxId),
    autoMonthly: input.autoMonthly,
    updatedAt: new Date(),
  };
  const [row] = await deps.database.db
    .insert(payoutProfiles)
    .values({ educatorId: user.id, ...values })
    .onConflictDoUpdate({ target: payoutProfiles.educatorId, set: values })
    .returning();
  return profileView(row!, input.holderName);
}

// ---------------------------------------------------------------------------------------------
// Balance

/** The educator's balance figures at `now`, read in `db` (a transaction's, to decide on them). */
export async function balanceFigures(
  db: Db,
  educatorId: string,
  currency: Currency,
  now: Date,
): Promise<BalanceFigures> {
  const [held, settled, own] = await Promise.all([
    findHeldSales(db, educatorId, now),
    sumSettledSales(db, educatorId, now),
    listEducatorPayouts(db, educatorId),
  ]);
  return computeBalance(
    held.map((sale) => ({
      netMinor: sale.netMinor,
      refundMinor: sale.refundMinor,
      hold: saleHold({ ...sale, currency }),
    })),
    own.map((p) => ({ amountMinor: Math.round(Number(p.amount) * 100), status: p.status })),
    now,
    settled,
  );
}

export function balanceView(figures: BalanceFigures, currency: Currency): Balance {
  return {
    currency,
    available: toMoney(figures.availableMinor),
    pending: figures.pending.map((p) => ({
      amount: toMoney(p.amountMinor),
      availableAt: p.availableAt.toISOString(),
      reason: p.reason,
      label: pendingLabel(p.availableAt, p.reason, p.guaranteeDays, currency),
    })),
    inWithdrawal: toMoney(figures.inWithdrawalMinor),
    paidOut: toMoney(figures.paidOutMinor),
    debit: toMoney(figures.debitMinor),
    minimum: toMoney(PAYOUT_MINIMUM_MINOR[currency]),
  };
}

export async function getBalance(
  deps: PayoutDeps,
  user: UserRow,
  now = payoutNow(deps.config, user.id),
) {
  const currency = assertPayoutsOn(deps);
  return balanceView(await balanceFigures(deps.database.db, user.id, currency, now), currency);
}

// ---------------------------------------------------------------------------------------------
// Withdrawals

export function payoutView(row: PayoutRow): Payout {
  return {
    _id: row.id,
    amount: Number(row.amount),
    currency: row.currency,
    rail: row.rail,
    status: row.status,
    destination: row.destinationMasked,
    automatic: row.automatic,
    reference: row.reference,
    failureReason: row.failureReason,
    requestedAt: row.requestedAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    failedAt: row.failedAt?.toISOString() ?? null,
  };
}

/**
 * Asks for a withdrawal of `amountMinor` (or, `'all'`, of everything available: the monthly one).
 * Under the educator's profile row lock: the balance it is checked against cannot change under it,
 * and the one-open-withdrawal index stops any that slipped past.
 */
export async function requestWithdrawal(
  deps: PayoutDeps,
  user: Pick<UserRow, 'id' | 'email' | 'emailVerifiedAt' | 'passwordHash'>,
  amountMinor: number | 'all',
  now = payoutNow(deps.config, user.id),
): Promise<PayoutRow> {
  const currency = assertPayoutsOn(deps);
  assertPayoutEmailVerified(user);
  try {
    return await deps.database.db.transaction(async (tx) => {
      const profile = await lockProfile(tx, user.id);
      if (!profile) throw conflict(PROFILE_NEEDED);
      if (profile.rail === 'stripe_connect' && profile.stripeStatus !== 'active')
        throw conflict(STRIPE_NOT_READY);
      if (await hasOpenPayout(tx, user.id)) throw conflict(PAYOUT_OPEN);
      const figures = await balanceFigures(tx, user.id, currency, now);
      const amount = amountMinor === 'all' ? figures.availableMinor : amountMinor;
      const problem = withdrawalProblem(
        amount,
        figures.availableMinor,
        currency,
        formatMinor(currency),
      );
      if (problem) throw badRequest(problem);
      const [payout] = await tx
        .insert(payouts)
        .values({
          educatorId: user.id,
          currency,
          rail: profile.rail,
          amount: decimalAmount(amount, currency),
          sealed: profile.sealed,
          destinationMasked: profile.destinationMasked,
          automatic: amountMinor === 'all',
          requestedAt: now,
        })
        .returning();
      await insertPayoutEntry(tx, payout!, 'reserve', now);
      return payout!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(PAYOUT_OPEN);
    throw err;
  }
}

export async function listPayouts(deps: PayoutDeps, user: UserRow): Promise<Payout[]> {
  assertPayoutsOn(deps);
  return (await listEducatorPayouts(deps.database.db, user.id)).map(payoutView);
}

/**
 * The monthly withdrawal: on the market's first day of a month (or the first run after it), for each
 * educator who chose it and has none automatic this month, everything available when it reaches the
 * minimum. An open withdrawal or too little money skips the month quietly.
 */
export async function runMonthlyWithdrawals(deps: PayoutDeps, now = new Date()): Promise<number> {
  if (!deps.config.payouts.enabled) return 0;
  const currency = deps.config.currency;
  const { from } = statementPeriod(marketMonth(now, currency), currency);
  const educators = await findMonthlyPayoutEducators(deps.database.db, from);
  let asked = 0;
  for (const educator of educators) {
    try {
      await requestWithdrawal(deps, educator, 'all');
      asked += 1;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      deps.logger.info({ educatorId: educator.id, reason }, 'monthly withdrawal skipped');
    }
  }
  return asked;
}

// ---------------------------------------------------------------------------------------------
// Operator

/** The bell's line: 'R$ 80,00 para •••.982.247-••, referência E123' or the failure's reason. */
function payoutNotice(row: PayoutRow): string {
  const amount = `${formatMoney(Number(row.amount), row.currency)} para ${row.destinationMasked}`;
  return row.status === 'paid'
    ? `${amount}, referência ${row.reference ?? '-'}`
    : `${amount}: ${row.failureReason ?? '-'}; o valor voltou ao seu saldo`;
}

/**
 * What the console writes beside an operator's move (its audit row), in the move's transaction so
 * the two exist together or not at all.
 */
export type PayoutMoveRecord = (tx: Db, before: PayoutRow, after: PayoutRow) => Promise<void>;

async function movePayout(
  deps: PayoutDeps,
  id: string,
  to: PayoutStatus,
  change: (row: PayoutRow, now: Date) => Partial<typeof payouts.$inferInsert>,
  at: Date | undefined,
  record?: PayoutMoveRecord,
): Promise<PayoutRow> {
  return deps.database.db.transaction(async (tx) => {
    const row = await findPayoutForUpdate(tx, id);
    if (!row) throw notFound(PAYOUT_NOT_FOUND);
    const now = at ?? payoutNow(deps.config, row.educatorId);
    if (!canMovePayout(row.status, to)) throw conflict(MOVE_REFUSED[to]);
    const [moved] = await tx
      .update(payouts)
      .set({ status: to, ...change(row, now) })
      .where(eq(payouts.id, id))
      .returning();
    await record?.(tx, row, moved!);
    if (to === 'paid' || to === 'failed') {
      await insertPayoutEntry(tx, moved!, to, now);
      await queuePayoutMail(deps.jobs, tx, moved!.id, to);
      await notify(deps.jobs, tx, {
        userId: moved!.educatorId,
        kind: to === 'paid' ? 'payout_paid' : 'payout_failed',
        subjectId: moved!.id,
        note: payoutNotice(moved!),
      });
    }
    return moved!;
  });
}

/** Into the day's batch of its rail: what the rail's CSV export lists for the bank. */
export function approvePayout(deps: PayoutDeps, id: string, at?: Date, record?: PayoutMoveRecord) {
  return movePayout(
    deps,
    id,
    'approved',
    (row, now) => ({ approvedAt: now, batch: `${row.rail}-${now.toISOString().slice(0, 10)}` }),
    at,
    record,
  );
}

export function markPayoutPaid(
  deps: PayoutDeps,
  id: string,
  reference: string,
  at?: Date,
  record?: PayoutMoveRecord,
) {
  return movePayout(deps, id, 'paid', (_row, now) => ({ paidAt: now, reference }), at, record);
}

/** The money goes back to the educator's available balance (the failed entry undoes the reserve). */
export function markPayoutFailed(
  deps: PayoutDeps,
  id: string,
  reason: string,
  at?: Date,
  record?: PayoutMoveRecord,
) {
  return movePayout(
    deps,
    id,
    'failed',
    (_row, now) => ({ failedAt: now, failureReason: reason }),
    at,
    record,
  );
}
