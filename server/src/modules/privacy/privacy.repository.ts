import { and, desc, eq, gt, inArray, isNotNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  REMOVED_PERSON_NAME,
  type DeletionStatus,
  type ExportStatus,
  type PrivacyRequestKind,
} from '@aprendiz/contract/privacy';
import type { Db } from '../../db/client';
import { certificatePdfs } from '../../db/schema/certificate-pdfs';
import { certificates } from '../../db/schema/certificates';
import { contactMessages } from '../../db/schema/contact-messages';
import { courses } from '../../db/schema/courses';
import { deletedAccounts } from '../../db/schema/deleted-accounts';
import { enrollments } from '../../db/schema/enrollments';
import { manualRefunds } from '../../db/schema/ledger';
import {
  privacyExportFiles,
  privacyRequests,
  type PrivacyRequestRow,
} from '../../db/schema/privacy';
import { purchases } from '../../db/schema/purchases';
import { users, type UserRow } from '../../db/schema/users';
import { PERSON_COLUMNS, UNEXPORTED_COLUMNS, type ExportFile } from './person-data';

export type { PrivacyRequestRow };

type Row = Record<string, unknown>;

/**
 * Every (table, column) of the live schema that holds a person's id: a foreign key to users, or a
 * column named as one (`…user_id`, `educator_id`, `author_id`, …) without a key, like
 * deleted_accounts'. Read from the catalogue, so a table added by any migration is seen.
 */
export async function findPersonColumns(db: Db): Promise<{ table: string; column: string }[]> {
  const result = await db.execute<{ table: string; column: string }>(sql`
    select c.conrelid::regclass::text as "table", a.attname as "column"
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.confrelid = 'users'::regclass
    union
    select col.table_name as "table", col.column_name as "column"
    from information_schema.columns col
    join information_schema.tables t
      on t.table_schema = col.table_schema and t.table_name = col.table_name
    where col.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and col.column_name ~ '(^|_)(user|educator|author|actor|reporter|learner|holder|buyer|owner|operator|admin|recipient)_id$'
    order by 1, 2`);
  return result.rows.map((r) => ({ table: r.table.replace(/^"|"$/g, ''), column: r.column }));
}

function exportable(row: Row): Row {
  const kept: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (UNEXPORTED_COLUMNS.has(key) || value instanceof Uint8Array) continue;
    kept[key] = value;
  }
  return kept;
}

async function rowsWhere(db: Db, table: string, where: SQL): Promise<Row[]> {
  const result = await db.execute<Row>(
    sql`select * from ${sql.identifier(table)} where ${where} order by 1`,
  );
  return result.rows.map(exportable);
}

/** A JSON file of the export: each table's rows under the table's name. */
export type ExportContents = Map<ExportFile, Record<string, Row[]>>;

function add(contents: ExportContents, file: ExportFile, table: string, rows: Row[]): void {
  const tables = contents.get(file) ?? {};
  tables[table] = [...(tables[table] ?? []), ...rows];
  contents.set(file, tables);
}

/**
 * Everything the database holds about the person, by export file: each PERSON_COLUMNS place, plus
 * what reaches them through another row (refunds through their purchases, an educator's coupons and
 * ledger through their courses, contact messages through their e-mail).
 */
export async function collectPersonData(db: Db, user: UserRow): Promise<ExportContents> {
  const contents: ExportContents = new Map();
  for (const place of PERSON_COLUMNS) {
    if (!('file' in place.export)) continue;
    const rows = await rowsWhere(
      db,
      place.table,
      sql`${sql.identifier(place.column)} = ${user.id}`,
    );
    add(contents, place.export.file, place.table, rows);
  }
  const own = sql`(select c.id from ${courses} c where c.educator_id = ${user.id})`;
  const mine = sql`(select p.id from ${purchases} p where p.user_id = ${user.id})`;
  add(
    contents,
    'compras-e-reembolsos.json',
    'manual_refunds',
    await rowsWhere(db, 'manual_refunds', sql`purchase_id in ${mine}`),
  );
  add(
    contents,
    'mensagens-de-contato.json',
    'contact_messages',
    await rowsWhere(db, 'contact_messages', sql`email = ${user.email}`),
  );
  if (user.role === 'educator') {
    add(
      contents,
      'cupons.json',
      'coupons',
      await rowsWhere(db, 'coupons', sql`course_id in ${own}`),
    );
    add(
      contents,
      'vendas.json',
      'ledger_entries',
      await rowsWhere(db, 'ledger_entries', sql`course_id in ${own}`),
    );
  }
  return contents;
}

/** The PDFs of the person's certificates that were already made, by certificate id. */
export async function findCertificatePdfs(
  db: Db,
  userId: string,
): Promise<{ certificateId: string; pdf: Buffer }[]> {
  return db
    .select({ certificateId: certificatePdfs.certificateId, pdf: certificatePdfs.pdf })
    .from(certificatePdfs)
    .innerJoin(certificates, eq(certificates.id, certificatePdfs.certificateId))
    .where(eq(certificates.userId, userId));
}

// --- the requests log ---------------------------------------------------------------------------

export async function insertPrivacyRequest(
  db: Db,
  request: {
    userId: string;
    kind: PrivacyRequestKind;
    status: ExportStatus | DeletionStatus;
    requestedAt: Date;
    dueAt: Date;
    scheduledFor?: Date;
  },
): Promise<PrivacyRequestRow> {
  const [row] = await db.insert(privacyRequests).values(request).returning();
  return row!;
}

/** The person's newest request of a kind; `since` narrows it to those made after. */
export async function findLatestRequest(
  db: Db,
  userId: string,
  kind: PrivacyRequestKind,
): Promise<PrivacyRequestRow | null> {
  const [row] = await db
    .select()
    .from(privacyRequests)
    .where(and(eq(privacyRequests.userId, userId), eq(privacyRequests.kind, kind)))
    .orderBy(desc(privacyRequests.requestedAt))
    .limit(1);
  return row ?? null;
}

/** The person's newest export that counts against the daily allowance (a failed one does not). */
export async function findExportSince(
  db: Db,
  userId: string,
  since: Date,
): Promise<PrivacyRequestRow | null> {
  const [row] = await db
    .select()
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.userId, userId),
        eq(privacyRequests.kind, 'export'),
        ne(privacyRequests.status, 'failed'),
        gt(privacyRequests.requestedAt, since),
      ),
    )
    .orderBy(desc(privacyRequests.requestedAt))
    .limit(1);
  return row ?? null;
}

/**
 * Gives up the exports still pending since before `requestedBefore` (of one person, or everyone's):
 * they read as failed, no longer count against the daily allowance, and a job that wakes up late
 * finds nothing to complete. Answers how many.
 */
export async function failStaleExports(
  db: Db,
  requestedBefore: Date,
  userId?: string,
): Promise<number> {
  const failed = await db
    .update(privacyRequests)
    .set({ status: 'failed' })
    .where(
      and(
        eq(privacyRequests.kind, 'export'),
        eq(privacyRequests.status, 'pending'),
        lt(privacyRequests.requestedAt, requestedBefore),
        userId === undefined ? undefined : eq(privacyRequests.userId, userId),
      ),
    )
    .returning({ id: privacyRequests.id });
  return failed.length;
}

export async function findRequest(db: Db, id: string): Promise<PrivacyRequestRow | null> {
  const [row] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, id)).limit(1);
  return row ?? null;
}

/** Stores the built file and opens its link, once: a second run finds the request ready. */
export async function completeExport(
  db: Db,
  requestId: string,
  file: { bytes: Buffer; token: string; expiresAt: Date; at: Date },
): Promise<boolean> {
  const [ready] = await db
    .update(privacyRequests)
    .set({
      status: 'ready',
      completedAt: file.at,
      expiresAt: file.expiresAt,
      downloadToken: file.token,
    })
    .where(and(eq(privacyRequests.id, requestId), eq(privacyRequests.status, 'pending')))
    .returning({ id: privacyRequests.id });
  if (!ready) return false;
  await db.insert(privacyExportFiles).values({ requestId, bytes: file.bytes });
  return true;
}

export async function findExportFile(db: Db, requestId: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ bytes: privacyExportFiles.bytes })
    .from(privacyExportFiles)
    .where(eq(privacyExportFiles.requestId, requestId))
    .limit(1);
  if (!row) return null;
  return Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes);
}

/** Links past their 7 days: the file goes, the request says 'expired'. */
export async function expireExports(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(privacyRequests)
      .set({ status: 'expired', downloadToken: null })
      .where(
        and(
          eq(privacyRequests.kind, 'export'),
          eq(privacyRequests.status, 'ready'),
          lt(privacyRequests.expiresAt, now),
        ),
      )
      .returning({ id: privacyRequests.id });
    if (expired.length > 0) {
      await tx.delete(privacyExportFiles).where(
        inArray(
          privacyExportFiles.requestId,
          expired.map((r) => r.id),
        ),
      );
    }
    return expired.length;
  });
}

export interface PrivacyRequestFilter {
  kind?: PrivacyRequestKind;
  open?: boolean;
  limit: number;
}

/** The operators' list, newest first. */
export async function listPrivacyRequests(
  db: Db,
  filter: PrivacyRequestFilter,
): Promise<PrivacyRequestRow[]> {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(privacyRequests.kind, filter.kind));
  if (filter.open) conditions.push(inArray(privacyRequests.status, ['pending', 'scheduled']));
  return db
    .select()
    .from(privacyRequests)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(privacyRequests.requestedAt))
    .limit(filter.limit);
}

// --- closing the account ------------------------------------------------------------------------

/** What an educator still has in the hands of others: published courses and courses with learners. */
export async function findOwnCourseFacts(
  db: Db,
  educatorId: string,
): Promise<{ title: string; isPublished: boolean; learners: number }[]> {
  const rows = await db
    .select({
      title: courses.title,
      isPublished: courses.isPublished,
      learners: sql<number>`(select count(*)::int from ${enrollments} e where e.course_id = ${courses.id})`,
    })
    .from(courses)
    .where(eq(courses.educatorId, educatorId))
    .orderBy(courses.title);
  return rows.map((r) => ({ ...r, learners: Number(r.learners) }));
}

/**
 * Marks the account for retirement and signs it out everywhere (its session version rises): from
 * now on only a new sign-in, which cancels the deletion, opens it.
 */
export async function scheduleAccountDeletion(
  db: Db,
  userId: string,
  scheduledFor: Date,
): Promise<void> {
  await db
    .update(users)
    .set({
      deletionScheduledFor: scheduledFor,
      sessionVersion: sql`${users.sessionVersion} + 1`,
    })
    .where(eq(users.id, userId));
}

/** Cancels a scheduled deletion; false when none was scheduled. */
export async function cancelAccountDeletion(db: Db, userId: string, at: Date): Promise<boolean> {
  const cleared = await db
    .update(users)
    .set({ deletionScheduledFor: null })
    .where(and(eq(users.id, userId), isNotNull(users.deletionScheduledFor)))
    .returning({ id: users.id });
  await db
    .update(privacyRequests)
    .set({ status: 'cancelled', completedAt: at })
    .where(
      and(
        eq(privacyRequests.userId, userId),
        eq(privacyRequests.kind, 'deletion'),
        eq(privacyRequests.status, 'scheduled'),
      ),
    );
  return cleared.length > 0;
}

/** The account row, retired or not (users.repository's look-up hides closed accounts). */
export async function findAccount(db: Db, userId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** The account row under a lock, so a sign-in and the retirement never interleave. */
export async function lockUser(db: Db, userId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row ?? null;
}

/** The address a retired account keeps: unique, lower-case, and no one's. */
function retiredEmail(userId: string): SQL {
  return sql`lower(${userId}) || '@retired.invalid'`;
}

/**
 * The retirement's database part, in the caller's transaction, idempotent: every PERSON_COLUMNS
 * place gets its action; the account row keeps its id (purchases, ledger and public posts point at
 * it) and loses its name, e-mail, photo and password; the certificates say the holder's name no
 * more and their PDFs (which print it) go; what the person's payments carried about them
 * (instructions with a phone number, a refund's reason and paid destination) goes; their contact
 * messages go. Run twice, the second run finds nothing left to change.
 */
export async function retireAccountRows(db: Db, user: UserRow, at: Date): Promise<void> {
  const id = user.id;
  // Reached through the e-mail, which the account row is about to lose.
  await db.delete(contactMessages).where(eq(contactMessages.email, user.email));
  for (const place of PERSON_COLUMNS) {
    const table = sql.identifier(place.table);
    const column = sql.identifier(place.column);
    if (place.retire === 'delete') {
      await db.execute(sql`delete from ${table} where ${column} = ${id}`);
    } else if (place.retire === 'unlink') {
      await db.execute(sql`update ${table} set ${column} = null where ${column} = ${id}`);
    }
  }
  await db
    .update(certificates)
    .set({ learnerName: REMOVED_PERSON_NAME })
    .where(eq(certificates.userId, id));
  const ownCourses = db.select({ id: courses.id }).from(courses).where(eq(courses.educatorId, id));
  await db
    .update(certificates)
    .set({ educatorName: REMOVED_PERSON_NAME })
    .where(inArray(certificates.courseId, ownCourses));
  await db.delete(certificatePdfs).where(
    inArray(
      certificatePdfs.certificateId,
      db
        .select({ id: certificates.id })
        .from(certificates)
        .where(sql`${certificates.userId} = ${id} or ${certificates.courseId} in (${ownCourses})`),
    ),
  );
  const theirPurchases = db
    .select({ id: purchases.id })
    .from(purchases)
    .where(eq(purchases.userId, id));
  await db
    .update(purchases)
    .set({ instructions: null, refundReason: null })
    .where(
      and(
        eq(purchases.userId, id),
        sql`(${purchases.instructions} is not null or ${purchases.refundReason} is not null)`,
      ),
    );
  await db
    .update(manualRefunds)
    .set({ destination: null })
    .where(
      and(
        inArray(manualRefunds.purchaseId, theirPurchases),
        isNotNull(manualRefunds.paidAt),
        isNotNull(manualRefunds.destination),
      ),
    );
  await db
    .update(users)
    .set({
      name: REMOVED_PERSON_NAME,
      email: retiredEmail(id),
      imageUrl: '',
      passwordHash: null,
      deletionScheduledFor: null,
      retiredAt: sql`coalesce(${users.retiredAt}, ${at.toISOString()}::timestamptz)`,
      // Raised once: the first run already refused every token issued before it.
      sessionVersion: sql`case when ${users.retiredAt} is null then ${users.sessionVersion} + 1 else ${users.sessionVersion} end`,
    })
    .where(eq(users.id, id));
  await db.insert(deletedAccounts).values({ userId: id, deletedAt: at }).onConflictDoNothing();
  await db
    .update(privacyRequests)
    .set({ status: 'done', completedAt: at })
    .where(
      and(
        eq(privacyRequests.userId, id),
        eq(privacyRequests.kind, 'deletion'),
        eq(privacyRequests.status, 'scheduled'),
      ),
    );
  // Open exports would hand the data out after the account closed.
  const exports = await db
    .update(privacyRequests)
    .set({ status: 'expired', downloadToken: null })
    .where(
      and(
        eq(privacyRequests.userId, id),
        eq(privacyRequests.kind, 'export'),
        inArray(privacyRequests.status, ['pending', 'ready']),
      ),
    )
    .returning({ id: privacyRequests.id });
  if (exports.length > 0) {
    await db.delete(privacyExportFiles).where(
      inArray(
        privacyExportFiles.requestId,
        exports.map((r) => r.id),
      ),
    );
  }
}
