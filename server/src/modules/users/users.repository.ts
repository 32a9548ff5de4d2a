import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Role } from '@aprendiz/contract/auth';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { enrollments } from '../../db/schema/enrollments';
import { users, type NewUserRow, type UserRow } from '../../db/schema/users';

/** Who a user is according to the sign-in provider (Clerk); the fields we mirror. */
export interface UserIdentity {
  id: string;
  name: string;
  email: string;
  imageUrl: string;
  role: Role;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

export async function insertUser(db: Db, user: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  return row!;
}

/**
 * Creates or refreshes the mirror of a provider account. Clerk keeps e-mails unique among live
 * accounts, so another row still holding this e-mail is stale (a deletion or change we never heard
 * of): its e-mail is parked on a reserved domain instead of refusing the live account. Run it inside
 * a transaction so both statements land together.
 */
export async function upsertUser(db: Db, identity: UserIdentity): Promise<UserRow> {
  await db
    .update(users)
    .set({ email: sql`lower(${users.id}) || '@released.invalid'` })
    .where(and(eq(users.email, identity.email), ne(users.id, identity.id)));
  const [row] = await db
    .insert(users)
    .values(identity)
    .onConflictDoUpdate({
      target: users.id,
      set: {
        name: identity.name,
        email: identity.email,
        imageUrl: identity.imageUrl,
        role: identity.role,
      },
    })
    .returning();
  return row!;
}

export type UserRemoval = 'deleted' | 'anonymised' | 'absent';

/**
 * Deletes a user and (by cascade) their enrollments, progress, ratings and purchases. An educator's
 * courses must stay up for the students who bought them, so an educator who owns any keeps an
 * anonymous row instead.
 */
export async function removeUser(db: Db, id: string): Promise<UserRemoval> {
  const [ownsCourses] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.educatorId, id))
    .limit(1);
  if (ownsCourses) {
    const anonymised = await db
      .update(users)
      .set({
        name: 'Conta removida',
        email: sql`lower(${users.id}) || '@deleted.invalid'`,
        imageUrl: '',
        passwordHash: null,
      })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    return anonymised.length > 0 ? 'anonymised' : 'absent';
  }
  const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length > 0 ? 'deleted' : 'absent';
}

export async function setUserRole(db: Db, id: string, role: Role): Promise<UserRow | null> {
  const [row] = await db.update(users).set({ role }).where(eq(users.id, id)).returning();
  return row ?? null;
}

/** Course ids the user is enrolled in, most recent enrollment first. */
export async function findEnrolledCourseIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ courseId: enrollments.courseId })
    .from(enrollments)
    .where(eq(enrollments.userId, userId))
    .orderBy(desc(enrollments.enrolledAt), desc(enrollments.courseId));
  return rows.map((row) => row.courseId);
}
