import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type {
  AdminEducatorApplication,
  EducatorApplication,
  EducatorApplicationBody,
  EducatorApplicationStatus,
} from '@aprendiz/contract/educator-applications';
import type { Db } from '../../db/client';
import {
  educatorApplications,
  type EducatorApplicationRow,
} from '../../db/schema/educator-applications';
import { users } from '../../db/schema/users';

/** How many the console's queue shows at once: the oldest waiting first. */
const QUEUE_LIMIT = 200;

export function toEducatorApplication(row: EducatorApplicationRow): EducatorApplication {
  return {
    _id: row.id,
    about: row.about,
    teaching: row.teaching,
    status: row.status,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** Refused by the database (unique violation) when the person already has one pending. */
export async function insertApplication(
  db: Db,
  userId: string,
  body: EducatorApplicationBody,
): Promise<EducatorApplicationRow> {
  const [row] = await db
    .insert(educatorApplications)
    .values({ userId, about: body.about, teaching: body.teaching })
    .returning();
  return row!;
}

export async function findLatestApplication(
  db: Db,
  userId: string,
): Promise<EducatorApplicationRow | null> {
  const [row] = await db
    .select()
    .from(educatorApplications)
    .where(eq(educatorApplications.userId, userId))
    .orderBy(desc(educatorApplications.createdAt), desc(educatorApplications.id))
    .limit(1);
  return row ?? null;
}

export async function findApplicationForUpdate(
  tx: Db,
  id: string,
): Promise<EducatorApplicationRow | null> {
  const [row] = await tx
    .select()
    .from(educatorApplications)
    .where(eq(educatorApplications.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function findApplication(db: Db, id: string): Promise<EducatorApplicationRow | null> {
  const [row] = await db
    .select()
    .from(educatorApplications)
    .where(eq(educatorApplications.id, id))
    .limit(1);
  return row ?? null;
}

/** Only a pending application is decided: a second decision finds nothing to change. */
export async function decidePendingApplication(
  tx: Db,
  id: string,
  decision: { status: Exclude<EducatorApplicationStatus, 'pending'>; note: string | null },
): Promise<EducatorApplicationRow | null> {
  const [row] = await tx
    .update(educatorApplications)
    .set({ status: decision.status, note: decision.note, decidedAt: sql`now()` })
    .where(and(eq(educatorApplications.id, id), eq(educatorApplications.status, 'pending')))
    .returning();
  return row ?? null;
}

/** The console's queue, with who applied; pending ones oldest first, decided ones newest first. */
export async function listApplications(
  db: Db,
  status: EducatorApplicationStatus | undefined,
): Promise<AdminEducatorApplication[]> {
  const rows = await db
    .select({ application: educatorApplications, userName: users.name, userEmail: users.email })
    .from(educatorApplications)
    .innerJoin(users, eq(users.id, educatorApplications.userId))
    .where(status ? eq(educatorApplications.status, status) : undefined)
    .orderBy(
      status === 'pending'
        ? asc(educatorApplications.createdAt)
        : desc(educatorApplications.createdAt),
      asc(educatorApplications.id),
    )
    .limit(QUEUE_LIMIT);
  return rows.map((r) => ({
    ...toEducatorApplication(r.application),
    userId: r.application.userId,
    userName: r.userName,
    userEmail: r.userEmail,
  }));
}

export async function countPendingApplications(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(educatorApplications)
    .where(eq(educatorApplications.status, 'pending'));
  return Number(row?.count ?? 0);
}
