import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { type Chapter } from '@aprendiz/contract/courses';
import { COURSE_CATEGORY_SLUGS, COURSE_LEVEL_SLUGS } from '@aprendiz/contract/catalogue';
import { COURSE_STATUSES, TAKEDOWN_KINDS } from '@aprendiz/contract/rules/course-status';
import {
  GUARANTEE_DAYS_DEFAULT,
  GUARANTEE_DAYS_MAX,
  GUARANTEE_DAYS_MIN,
} from '@aprendiz/contract/rules/guarantee';
import { users } from './users';

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    educatorId: text('educator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    descriptionHtml: text('description_html').notNull().default(''),
    thumbnailUrl: text('thumbnail_url').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    discount: integer('discount').notNull().default(0),
    /** When the discount ends and the full price returns; null while it has no end date. */
    discountEndsAt: timestamp('discount_ends_at', { withTimezone: true }),
    status: text('status', { enum: COURSE_STATUSES }).notNull().default('published'),
    /**
     * Kept by PostgreSQL from status, so the catalogue, search and access rules read one boolean
     * and its index, and no write can leave the two disagreeing.
     */
    isPublished: boolean('is_published')
      .notNull()
      .generatedAlwaysAs(sql`status = 'published'`),
    /**
     * Why the platform took the course down, while status is 'taken_down': a rights claim also
     * closes its lectures to enrolled learners.
     */
    takedownKind: text('takedown_kind', { enum: TAKEDOWN_KINDS }),
    content: jsonb('content').$type<Chapter[]>().notNull().default([]),
    /** Days after a sale during which its buyer may ask for the money back by themselves. */
    guaranteeDays: integer('guarantee_days').notNull().default(GUARANTEE_DAYS_DEFAULT),
    /** The learner's name and e-mail drawn over the course's video, moving (the educator's choice). */
    watermark: boolean('watermark').notNull().default(false),
    /** Slugs from the contract; null for courses created before categories and levels existed. */
    category: text('category', { enum: COURSE_CATEGORY_SLUGS }),
    level: text('level', { enum: COURSE_LEVEL_SLUGS }),
    /*
     * Running totals kept by triggers on enrollments and purchases (migration
     * 0003_course_totals_triggers), so the catalogue and the educator pages read one row per
     * course instead of aggregating every enrollment and purchase on each request.
     */
    /** Rows in enrollments for this course. */
    studentCount: integer('student_count').notNull().default(0),
    /**
     * Rows in ratings for this course, and the sum of their stars: kept by a trigger on ratings
     * (migration 0015) so search can order by rating along an index.
     */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('courses_price_check', sql`${t.price} >= 0`),
    check('courses_discount_check', sql`${t.discount} between 0 and 100`),
    check(
      'courses_guarantee_days_check',
      sql.raw(`guarantee_days between ${GUARANTEE_DAYS_MIN} and ${GUARANTEE_DAYS_MAX}`),
    ),
    check(
      'courses_status_check',
      sql.raw(`status in (${COURSE_STATUSES.map((status) => `'${status}'`).join(', ')})`),
    ),
    check(
      'courses_takedown_kind_check',
      sql.raw(
        `takedown_kind is null or (status = 'taken_down' and takedown_kind in (${TAKEDOWN_KINDS.map((kind) => `'${kind}'`).join(', ')}))`,
      ),
    ),
    check('courses_title_check', sql`char_length(${t.title}) between 1 and 200`),
    check('courses_student_count_check', sql`${t.studentCount} >= 0`),
    check('courses_rating_count_check', sql`${t.ratingCount} >= 0`),
    index('courses_educator_idx').on(t.educatorId, t.createdAt),
    index('courses_published_created_idx').on(t.isPublished, t.createdAt),
    /*
     * Catalogue search without a query reads its page along the index of its order and stops
     * after offset + page size rows, instead of sorting every published course.
     */
    index('courses_published_students_idx')
      .on(
        t.studentCount.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.isPublished}`),
    index('courses_published_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublished}`),
    // How many published courses a category or level filter leaves: counted from the index alone.
    index('courses_published_category_level_idx')
      .on(t.category, t.level)
      .where(sql`${t.isPublished}`),
    // The floored mean of the ratings (0 without any), then their number: search's rating order.
    index('courses_published_rating_idx')
      .on(
        sql`coalesce(${t.ratingTotal} / nullif(${t.ratingCount}, 0), 0) desc nulls first`,
        t.ratingCount.desc().nullsFirst(),
        t.studentCount.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.isPublished}`),
    // What the buyer pays; search orders by this very expression.
    index('courses_published_price_idx')
      .on(
        sql`(${t.price} * (100 - ${t.discount}))`,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.isPublished}`),
    check(
      'courses_category_check',
      sql.raw(`category in (${COURSE_CATEGORY_SLUGS.map((slug) => `'${slug}'`).join(', ')})`),
    ),
    check(
      'courses_level_check',
      sql.raw(`level in (${COURSE_LEVEL_SLUGS.map((slug) => `'${slug}'`).join(', ')})`),
    ),
    /*
     * Migration 0018_word_search adds generated tsvector columns and GIN indexes this file does
     * not declare; see the migration for why they stay out of the Drizzle schema.
     */
  ],
);

export type CourseRow = typeof courses.$inferSelect;
export type NewCourseRow = typeof courses.$inferInsert;
