import { eq, sql } from 'drizzle-orm';
import { TEASER_MAX, TEASER_MIN_RATINGS } from '@aprendiz/contract/rules/teaser';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { users } from '../../db/schema/users';
import { summaryColumns } from './course-search.repository';

/**
 * The home page's courses: the first TEASER_MAX of rankForTeaser's order (contract/rules/teaser)
 * over every published course, in one statement. Each tier is read on its own and cut at
 * TEASER_MAX before they are merged, so neither sorts the whole catalogue: the well-rated along
 * the rating index (migration 0015; its expression is written as there) and the others along the
 * newest index, stopping as soon as enough are found. The running totals the course keeps give
 * the same floored mean and count as aggregating its ratings. Exported unawaited so its plan can
 * be read (`.toSQL()`).
 */
export function teaserStatement(db: Db) {
  const stars = sql`coalesce(c.rating_total / nullif(c.rating_count, 0), 0)`;
  const tiers = sql`(select c.id, 0 as tier, ${stars} as stars, c.rating_count as votes, c.created_at
        from ${courses} c
        where c.is_published and c.rating_count >= ${TEASER_MIN_RATINGS}
        order by ${stars} desc, c.rating_count desc, c.created_at desc, c.id desc
        limit ${TEASER_MAX})
      union all
      (select c.id, 1, 0, 0, c.created_at
        from ${courses} c
        where c.is_published and c.rating_count < ${TEASER_MIN_RATINGS}
        order by c.created_at desc, c.id desc
        limit ${TEASER_MAX})`;
  const ranked = sql`select t.id, row_number() over (
        order by t.tier, t.stars desc, t.votes desc, t.created_at desc, t.id desc) as position
      from (${tiers}) t`;
  return db
    .select(summaryColumns())
    .from(sql`(${ranked}) teaser`)
    .innerJoin(courses, eq(courses.id, sql`teaser.id`))
    .innerJoin(users, eq(users.id, courses.educatorId))
    .where(sql`teaser.position <= ${TEASER_MAX}`)
    .orderBy(sql`teaser.position`);
}
