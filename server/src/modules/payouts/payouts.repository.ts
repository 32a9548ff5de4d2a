import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Currency } from '@aprendiz/contract/rules/currency';
import {
  HOLD_EXTRA_DAYS_MAX,
  OPEN_PAYOUT_STATUSES,
  type PayoutEntryKind,
  type PayoutRail,
  type PayoutStatus,
} from '@aprendiz/contract/rules/payouts';
import type { PaymentMethod } from '@aprendiz/contract/rules/payment-methods';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { ledgerEntries } from '../../db/schema/ledger';
import { purchases } from '../../db/schema/purchases';
import { payoutEntries, payoutProfiles, payouts, type PayoutRow } from '../../db/schema/payouts';
import { users } from '../../db/schema/users';

/** A sale's facts for the hold and the balance, money in the minor unit. */
export interface SaleFacts {
  purchaseId: string;
  netMinor: number;
  refundMinor: number;
  completedAt: Date;
  guaranteeEndsAt: Date;
  method: PaymentMethod | null;
}

const minor = (text: string | null | undefined) => Math.round(Number(text ?? '0') * 100);

/**
 * The educator's sales that a hold may still keep: everything whose guarantee ended less than the
 * longest extra hold ago (older ones are settled whatever their method or market), each with its
 * net (the sale, its coupon and fee) and its refund. A deleted buyer's purchase is gone but its
 * ledger rows are not: the sale row's own time stands in for the completion then.
 */
export async function findHeldSales(db: Db, educatorId: string, now: Date): Promise<SaleFacts[]> {
  const settledBefore = new Date(now.getTime() - HOLD_EXTRA_DAYS_MAX * 24 * 60 * 60 * 1000);
  const rows = await db
    .select({
      purchaseId: ledgerEntries.purchaseId,
      net: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} <> 'refund'), 0)::text`,
      refund: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = 'refund'), 0)::text`,
      soldAt: sql<string>`min(${ledgerEntries.createdAt}) filter (where ${ledgerEntries.kind} = 'sale')`,
      guaranteeEndsAt: sql<string>`max(${ledgerEntries.availableAt}) filter (where ${ledgerEntries.kind} = 'sale')`,
      completedAt: sql<string | null>`max(${purchases.completedAt})`,
      method: sql<PaymentMethod | null>`max(${purchases.method})`,
    })
    .from(ledgerEntries)
    .innerJoin(courses, eq(courses.id, ledgerEntries.courseId))
    .leftJoin(purchases, eq(purchases.id, ledgerEntries.purchaseId))
    .where(eq(courses.educatorId, educatorId))
    .groupBy(ledgerEntries.purchaseId)
    .having(
      sql`max(${ledgerEntries.availableAt}) filter (where ${ledgerEntries.kind} = 'sale') > ${settledBefore.toISOString()}::timestamptz`,
    );
  return rows.map((row) => ({
    purchaseId: row.purchaseId,
    netMinor: minor(row.net),
    refundMinor: minor(row.refund),
    completedAt: new Date(row.completedAt ?? row.soldAt),
    guaranteeEndsAt: new Date(row.guaranteeEndsAt),
    method: row.method,
  }));
}

/** The net and refunds of the sales no hold keeps any more (see findHeldSales), summed. */
export async function sumSettledSales(
  db: Db,
  educatorId: string,
  now: Date,
): Promise<{ netMinor: number; refundsMinor: number }> {
  const settledBefore = new Date(now.getTime() - HOLD_EXTRA_DAYS_MAX * 24 * 60 * 60 * 1000);
  const result = await db.execute<{ net: string; refunds: string }>(sql`
    select coalesce(sum(l.amount) filter (where l.kind <> 'refund'), 0)::text as net,
      coalesce(-sum(l.amount) filter (where l.kind = 'refund'), 0)::text as refunds
    from ${ledgerEntries} l join ${courses} c on c.id = l.course_id
    where c.educator_id = ${educatorId} and l.purchase_id in (
      select s.purchase_id from ${ledgerEntries} s
      where s.course_id = l.course_id and s.kind = 'sale'
        and s.available_at <= ${settledBefore.toISOString()}::timestamptz
    )`);
  const row = result.rows[0];
  return { netMinor: minor(row?.net), refundsMinor: minor(row?.refunds) };
}

export async function listEducatorPayouts(db: Db, educatorId: string): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(eq(payouts.educatorId, educatorId))
    .orderBy(desc(payouts.requestedAt));
}

export async function findPayout(db: Db, id: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row;
}

export async function findPayoutForUpdate(db: Db, id: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id)).for('update');
  return row;
}

export async function findProfile(db: Db, educatorId: string) {
  const [row] = await db
    .select()
    .from(payoutProfiles)
    .where(eq(payoutProfiles.educatorId, educatorId));
  return row;
}

/** Locks the educator's profile row: one withdrawal decision per educator at a time. */
export async function lockProfile(db: Db, educatorId: string) {
  const [row] = await db
    .select()
    .from(payoutProfiles)
    .where(eq(payoutProfiles.educatorId, educatorId))
    .for('update');
  return row;
}

export async function hasOpenPayout(db: Db, educatorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(eq(payouts.educatorId, educatorId), inArray(payouts.status, [...OPEN_PAYOUT_STATUSES])),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertPayoutEntry(
  db: Db,
  payout: Pick<PayoutRow, 'id' | 'educatorId' | 'amount' | 'currency'>,
  kind: PayoutEntryKind,
  at: Date,
): Promise<void> {
  await db.insert(payoutEntries).values({
    payoutId: payout.id,
    educatorId: payout.educatorId,
    kind,
    amount: payout.amount,
    currency: payout.currency,
    createdAt: at,
  });
}

export interface OpsPayoutRow extends PayoutRow {
  educatorName: string | null;
  educatorEmail: string | null;
}

/** Withdrawals waiting for an operator: asked and not approved, or approved and not paid. */
export async function countOpenPayouts(db: Db): Promise<number> {
  const [row] = await db
    .select({ open: sql<number>`count(*)`.mapWith(Number) })
    .from(payouts)
    .where(inArray(payouts.status, [...OPEN_PAYOUT_STATUSES]));
  return row?.open ?? 0;
}

export async function listPayoutsForOps(
  db: Db,
  filter: { status?: PayoutStatus; rail?: PayoutRail },
): Promise<OpsPayoutRow[]> {
  const rows = await db
    .select({ payout: payouts, educatorName: users.name, educatorEmail: users.email })
    .from(payouts)
    .leftJoin(users, eq(users.id, payouts.educatorId))
    .where(
      and(
        filter.status ? eq(payouts.status, filter.status) : undefined,
        filter.rail ? eq(payouts.rail, filter.rail) : undefined,
      ),
    )
    .orderBy(asc(payouts.requestedAt))
    .limit(1000);
  return rows.map((r) => ({
    ...r.payout,
    educatorName: r.educatorName,
    educatorEmail: r.educatorEmail,
  }));
}

/** The educators who chose the monthly withdrawal, with no automatic one asked since `since`. */
export async function findMonthlyPayoutEducators(
  db: Db,
  since: Date,
): Promise<
  { id: string; email: string; emailVerifiedAt: Date | null; passwordHash: string | null }[]
> {
  return db
    .select({
      id: users.id,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      passwordHash: users.passwordHash,
    })
    .from(payoutProfiles)
    .innerJoin(users, eq(users.id, payoutProfiles.educatorId))
    .where(
      and(
        eq(payoutProfiles.autoMonthly, true),
        sql`not exists (select 1 from ${payouts} p where p.educator_id = ${payoutProfiles.educatorId}
          and p.automatic and p.requested_at >= ${since.toISOString()}::timestamptz)`,
      ),
    );
}

/** A statement's movements in [from, to), and everything before `from` summed. */
export interface StatementFacts {
  before: { netMinor: number; refundsMinor: number; reservedMinor: number; returnedMinor: number };
  lines: StatementLine[];
}

export type StatementLineKind =
  'sale' | 'coupon_discount' | 'fee' | 'refund' | 'reserve' | 'paid' | 'failed';

export interface StatementLine {
  at: Date;
  kind: StatementLineKind;
  /** The signed effect on the balance (paid moves nothing: its reserve already did). */
  amountMinor: number;
  /** The course's title, or the payout's destination. */
  detail: string;
  /** The payout's bank reference or failure reason. */
  note: string | null;
  /** A payout's own amount (a paid one moves nothing, yet says how much reached the bank). */
  payoutMinor?: number;
}

/**
 * When a ledger row happened for a statement: a sale's movements at the purchase's completion, a
 * refund when it was written.
 */
const movedAt = sql`case when l.kind = 'refund' then l.created_at
  else coalesce(p.completed_at, l.created_at) end`;

export async function findStatementFacts(
  db: Db,
  educatorId: string,
  from: Date,
  to: Date,
): Promise<StatementFacts> {
  const f = sql`${from.toISOString()}::timestamptz`;
  const t = sql`${to.toISOString()}::timestamptz`;
  const sales = await db.execute<{ at: string; kind: string; amount: string; title: string }>(sql`
    select ${movedAt} as at, l.kind, l.amount::text as amount, c.title
    from ${ledgerEntries} l join ${courses} c on c.id = l.course_id
    left join ${purchases} p on p.id = l.purchase_id
    where c.educator_id = ${educatorId} and ${movedAt} >= ${f} and ${movedAt} < ${t}
    order by 1, l.id`);
  const payoutRows = await db.execute<{
    at: string;
    kind: PayoutEntryKind;
    amount: string;
    destination: string;
    reference: string | null;
    reason: string | null;
  }>(sql`
    select e.created_at as at, e.kind, e.amount::text as amount, p.destination_masked as destination,
      p.reference, p.failure_reason as reason
    from ${payoutEntries} e join ${payouts} p on p.id = e.payout_id
    where e.educator_id = ${educatorId} and e.created_at >= ${f} and e.created_at < ${t}
    order by e.created_at, e.id`);
  const before = await db.execute<{
    net: string;
    refunds: string;
    reserved: string;
    returned: string;
  }>(sql`
    select
      (select coalesce(sum(l.amount) filter (where l.kind <> 'refund'), 0)
        from ${ledgerEntries} l join ${courses} c on c.id = l.course_id
        left join ${purchases} p on p.id = l.purchase_id
        where c.educator_id = ${educatorId} and ${movedAt} < ${f})::text as net,
      (select coalesce(-sum(l.amount) filter (where l.kind = 'refund'), 0)
        from ${ledgerEntries} l join ${courses} c on c.id = l.course_id
        left join ${purchases} p on p.id = l.purchase_id
        where c.educator_id = ${educatorId} and ${movedAt} < ${f})::text as refunds,
      (select coalesce(sum(e.amount) filter (where e.kind = 'reserve'), 0) from ${payoutEntries} e
        where e.educator_id = ${educatorId} and e.created_at < ${f})::text as reserved,
      (select coalesce(sum(e.amount) filter (where e.kind = 'failed'), 0) from ${payoutEntries} e
        where e.educator_id = ${educatorId} and e.created_at < ${f})::text as returned`);
  const b = before.rows[0];
  const lines: StatementLine[] = [
    ...sales.rows.map((r) => ({
      at: new Date(r.at),
      kind: r.kind as StatementLineKind,
      amountMinor: minor(r.amount),
      detail: r.title,
      note: null,
    })),
    ...payoutRows.rows.map((r) => ({
      at: new Date(r.at),
      kind: r.kind,
      amountMinor:
        r.kind === 'reserve' ? -minor(r.amount) : r.kind === 'failed' ? minor(r.amount) : 0,
      detail: r.destination,
      note: r.kind === 'paid' ? r.reference : r.kind === 'failed' ? r.reason : null,
      payoutMinor: minor(r.amount),
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    before: {
      netMinor: minor(b?.net),
      refundsMinor: minor(b?.refunds),
      reservedMinor: minor(b?.reserved),
      returnedMinor: minor(b?.returned),
    },
    lines,
  };
}

export interface PayoutMailFacts {
  payout: PayoutRow;
  educatorName: string;
  educatorEmail: string;
}

export async function findPayoutMailFacts(
  db: Db,
  id: string,
): Promise<PayoutMailFacts | undefined> {
  const [row] = await db
    .select({ payout: payouts, educatorName: users.name, educatorEmail: users.email })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.educatorId))
    .where(eq(payouts.id, id));
  return row;
}

export type { Currency };
