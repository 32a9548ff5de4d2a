import { isNotNull, lte, and } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { courses } from '../../db/schema/courses';

/** How often a lapsed discount is looked for: the full price returns within a minute of its end. */
export const DISCOUNT_END_EVERY_SECONDS = 60;

/**
 * Ends every dated discount whose time has come: the full price returns everywhere the discount is
 * read (cards, course page, search order, checkout), and 'Faltam N dias' with it. One UPDATE, so
 * several instances running it at once end each discount once. Answers how many ended.
 */
export async function endLapsedDiscounts(
  deps: Pick<AppDeps, 'database' | 'catalogueCache' | 'logger'>,
  now = new Date(),
): Promise<number> {
  const ended = await deps.database.db
    .update(courses)
    .set({ discount: 0, discountEndsAt: null })
    .where(and(isNotNull(courses.discountEndsAt), lte(courses.discountEndsAt, now)))
    .returning({ id: courses.id });
  if (ended.length > 0) {
    deps.catalogueCache.invalidate();
    deps.logger.info({ courses: ended.length }, 'descontos encerrados');
  }
  return ended.length;
}
