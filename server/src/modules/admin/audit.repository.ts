import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '@aprendiz/contract/staff';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/staff';
import { users } from '../../db/schema/users';

/** One thing an operator (or the platform, actorId null) did, as the audit log keeps it. */
export interface AuditAction {
  actorId: string | null;
  action: string;
  targetType:
    'user' | 'course' | 'purchase' | 'manual_refund' | 'job' | 'post' | 'review' | 'payout';
  targetId: string;
  before?: unknown;
  after?: unknown;
  address?: string | null;
}

/**
 * Appends one row. Call it with the transaction of the action it records, so the two are written
 * together or not at all.
 */
export async function appendAudit(tx: Db, entry: AuditAction): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    address: entry.address ?? null,
  });
}

export const AUDIT_PAGE = 200;

/** Newest first; `target` and `actor` are exact ids; `before` pages back from an entry's id. */
export async function searchAudit(
  db: Db,
  filter: { target?: string; actor?: string; before?: number; limit?: number },
): Promise<AuditEntry[]> {
  const where: SQL[] = [];
  if (filter.target) where.push(eq(auditLog.targetId, filter.target));
  if (filter.actor) where.push(eq(auditLog.actorId, filter.actor));
  if (filter.before !== undefined) where.push(lt(auditLog.id, filter.before));
  const rows = await db
    .select({ entry: auditLog, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit ?? AUDIT_PAGE);
  return rows.map(({ entry, actorEmail }) => ({
    id: String(entry.id),
    actorId: entry.actorId,
    actorEmail: actorEmail ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before,
    after: entry.after,
    address: entry.address,
    createdAt: entry.createdAt.toISOString(),
  }));
}

const CSV_COLUMNS = [
  'id',
  'createdAt',
  'actorId',
  'actorEmail',
  'action',
  'targetType',
  'targetId',
  'before',
  'after',
  'address',
] as const;

/**
 * RFC 4180 quoting, and a leading quote before = + - @ so a spreadsheet opening the export never
 * runs a formula someone typed into a reason.
 */
function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function auditCsv(entries: readonly AuditEntry[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const entry of entries) lines.push(CSV_COLUMNS.map((c) => csvCell(entry[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
