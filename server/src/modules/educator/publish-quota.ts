import { and, eq, gt, sql } from 'drizzle-orm';
import { addCourseDataSchema } from '@aprendiz/contract/educator';
import { publishingProblems } from '@aprendiz/contract/rules/publishing';
import type { AppDeps } from '../../deps';
import { coursePublications } from '../../db/schema/course-publications';
import { AppError } from '../../http/errors';

type QuotaDeps = Pick<AppDeps, 'database' | 'config'>;

export function publishQuotaReached(perDay: number): string {
  return `Você atingiu o limite de ${perDay} cursos publicados em 24 horas. Salve o curso como rascunho e publique-o amanhã.`;
}

/**
 * Takes one of the educator's publications of the last 24 hours, or refuses with 429 when they
 * are all taken. Under a lock on the educator, so 60 requests at once cannot all see room left.
 */
async function reservePublication(deps: QuotaDeps, educatorId: string): Promise<string> {
  const perDay = deps.config.publishQuotaPerDay;
  return deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`publish-quota:${educatorId}`}))`);
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(coursePublications)
      .where(
        and(
          eq(coursePublications.educatorId, educatorId),
          gt(coursePublications.publishedAt, sql`now() - interval '24 hours'`),
        ),
      );
    if ((row?.n ?? 0) >= perDay) throw new AppError('RATE_LIMITED', publishQuotaReached(perDay));
    const [taken] = await tx
      .insert(coursePublications)
      .values({ educatorId })
      .returning({ id: coursePublications.id });
    return taken!.id;
  });
}

/**
 * Runs `publish` (adding a published course, or publishing one) within the educator's daily
 * quota: the place is taken first and given back if publishing fails (a bad form, a draft with
 * problems), so only courses that reached the catalogue count.
 */
export async function withinPublishQuota<T>(
  deps: QuotaDeps,
  educatorId: string,
  publish: () => Promise<T>,
): Promise<T> {
  const reservation = await reservePublication(deps, educatorId);
  try {
    return await publish();
  } catch (err) {
    await deps.database.db.delete(coursePublications).where(eq(coursePublications.id, reservation));
    throw err;
  }
}

/**
 * Whether an add-course form will publish at once: it asks to (status `published` or absent) and
 * its content passes the publishing rule; an incomplete course is kept as a draft and takes no place.
 */
export function addsPublishedCourse(courseData: unknown): boolean {
  if (typeof courseData !== 'string') return true;
  let json: unknown;
  try {
    json = JSON.parse(courseData);
  } catch {
    // Refused by the form's own validation, after the place is given back.
    return true;
  }
  const parsed = addCourseDataSchema.safeParse(json);
  if (!parsed.success) return true;
  return (
    parsed.data.status === 'published' && publishingProblems(parsed.data.courseContent).length === 0
  );
}
