import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Chapter, CourseSearchQuery } from '@aprendiz/contract/courses';
import type { CourseCategory, CourseLevel } from '@aprendiz/contract/catalogue';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { enrollments } from '../../db/schema/enrollments';
import { ratings } from '../../db/schema/ratings';
import { users } from '../../db/schema/users';

/** One course as the catalogue shows it: no description, no content, counts aggregated in SQL. */
export interface CourseSummaryRow {
  id: string;
  title: string;
  thumbnailUrl: string;
  price: string;
  discount: number;
  category: CourseCategory | null;
  level: CourseLevel | null;
  createdAt: Date;
  educatorId: string;
  educatorName: string;
  educatorImageUrl: string;
  studentCount: number;
  ratingCount: number;
  averageRating: number;
  totalLectures: number;
  totalDuration: number;
}

export interface CourseDetailRow extends CourseSummaryRow {
  descriptionHtml: string;
  content: Chapter[];
  isPublished: boolean;
  myRating: number | null;
  viewerEnrolled: boolean;
}

export const courseSummaryBaseColumns = {
  id: courses.id,
  title: courses.title,
  thumbnailUrl: courses.thumbnailUrl,
  price: courses.price,
  discount: courses.discount,
  category: courses.category,
  level: courses.level,
  createdAt: courses.createdAt,
  educatorId: users.id,
  educatorName: users.name,
  educatorImageUrl: users.imageUrl,
};

/** Lecture count and total minutes read straight from the content jsonb, per course row. */
export function contentTotalColumns() {
  return {
    totalLectures:
      sql<number>`(select coalesce(sum(jsonb_array_length(ch -> 'chapterContent')), 0)::int
      from jsonb_array_elements(${courses.content}) ch)`.mapWith(Number),
    totalDuration: sql<number>`(select coalesce(sum((l ->> 'lectureDuration')::numeric), 0)
      from jsonb_array_elements(${courses.content}) ch
      cross join jsonb_array_elements(ch -> 'chapterContent') l)`.mapWith(Number),
  };
}

/**
 * Figures for a handful of courses (one detail, or a student's own courses): the student count the
 * database keeps on the course row, and rating figures from correlated lookups that each use an
 * index, rather than aggregating every rating in the database.
 */
export function perCourseStatColumns() {
  return {
    studentCount: courses.studentCount,
    ratingCount: sql<number>`(select count(*)::int from ${ratings} rated
      where rated.course_id = ${courses.id})`.mapWith(Number),
    averageRating:
      sql<number>`(select coalesce(floor(avg(rated.rating)), 0)::int from ${ratings} rated
      where rated.course_id = ${courses.id})`.mapWith(Number),
  };
}

export function viewerRatingColumn(viewerId: string): SQL<number | null> {
  return sql<number | null>`(select own.rating from ${ratings} own
    where own.user_id = ${viewerId} and own.course_id = ${courses.id})`.mapWith((v) =>
    v === null ? null : Number(v),
  );
}

/** GET /api/course/all's bound: the catalogue page is the newest courses; search reaches the rest. */
export const CATALOGUE_LIMIT = 1000;

/** The newest published courses in ONE statement: rating figures come from a grouped subquery. */
export async function getCourseSummaries(db: Db): Promise<CourseSummaryRow[]> {
  const ratingStats = db
    .select({
      courseId: ratings.courseId,
      votes: sql<number>`count(*)::int`.as('votes'),
      flooredMean: sql<number>`floor(avg(${ratings.rating}))::int`.as('floored_mean'),
    })
    .from(ratings)
    .groupBy(ratings.courseId)
    .as('rating_stats');

  return db
    .select({
      ...courseSummaryBaseColumns,
      studentCount: courses.studentCount,
      ratingCount: sql<number>`coalesce(${ratingStats.votes}, 0)`.mapWith(Number),
      averageRating: sql<number>`coalesce(${ratingStats.flooredMean}, 0)`.mapWith(Number),
      ...contentTotalColumns(),
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.educatorId))
    .leftJoin(ratingStats, eq(ratingStats.courseId, courses.id))
    .where(eq(courses.isPublished, true))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(CATALOGUE_LIMIT);
}

/** One course with its counts and, when a viewer is known, their rating and enrollment: one statement. */
export async function findCourseDetail(
  db: Db,
  courseId: string,
  viewerId: string | null,
): Promise<CourseDetailRow | null> {
  const [row] = await db
    .select({
      ...courseSummaryBaseColumns,
      ...perCourseStatColumns(),
      ...contentTotalColumns(),
      descriptionHtml: courses.descriptionHtml,
      content: courses.content,
      isPublished: courses.isPublished,
      myRating: viewerId
        ? viewerRatingColumn(viewerId)
        : sql<number | null>`null`.mapWith((v) => (v === null ? null : Number(v))),
      viewerEnrolled: viewerId
        ? sql<boolean>`exists (select 1 from ${enrollments} viewer
            where viewer.user_id = ${viewerId} and viewer.course_id = ${courses.id})`.mapWith(
            Boolean,
          )
        : sql<boolean>`false`.mapWith(Boolean),
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.educatorId))
    .where(eq(courses.id, courseId))
    .limit(1);
  return row ?? null;
}

export interface CourseSearchRow extends CourseSummaryRow {
  /** Matches across every page. */
  total: number;
}

/** Below this a query has too few trigrams for a near-miss to mean anything ('a' resembles half the titles). */
const NEAR_MISS_MIN_LENGTH = 4;

/** LIKE reads %, _ and \ as wildcards and escape; a query means them as the characters themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The published courses the query and filters admit, and how well each matches: 0 the title contains
 * the query, 1 the educator's name, 2 the description's text, 3 a near-miss of a word of the title
 * (trigram word similarity, so 'pyton' finds Python). Each branch reads one trigram index on the
 * folded copies that migration 0006 keeps. Every row carries its sort keys, so ordering and paging
 * never go back to the courses table.
 */
function matchesFor(query: CourseSearchQuery): SQL {
  const admitted = sql.join(
    [
      sql`c.is_published`,
      ...(query.category ? [sql`c.category = ${query.category}`] : []),
      ...(query.level ? [sql`c.level = ${query.level}`] : []),
    ],
    sql` and `,
  );
  const keys = sql`c.id, c.student_count, c.created_at, c.price * (100 - c.discount) as paid`;
  if (query.q === '') return sql`select ${keys}, 0 as rank from ${courses} c where ${admitted}`;
  const needle = sql`search_fold(${query.q})`;
  const pattern = sql`'%' || search_fold(${escapeLike(query.q)}) || '%'`;
  const nearMiss =
    query.q.length >= NEAR_MISS_MIN_LENGTH
      ? sql`union all select ${keys}, 3 from ${courses} c
        where ${admitted} and ${needle} operator(public.<%) c.search_title`
      : sql``;
  return sql`select ${keys}, 0 as rank from ${courses} c
      where ${admitted} and c.search_title like ${pattern}
    union all select ${keys}, 1 from ${users} u join ${courses} c on c.educator_id = u.id
      where ${admitted} and u.search_name like ${pattern}
    union all select ${keys}, 2 from ${courses} c
      where ${admitted} and c.search_description like ${pattern}
    ${nearMiss}`;
}

/**
 * One page of published courses for GET /api/course/search, with the total, in one statement. The
 * order and the page are settled on narrow rows (id, rank, sort keys); only the page's own rows then
 * get the summary's costlier columns (content totals, rating figures).
 */
export async function searchCourses(db: Db, query: CourseSearchQuery): Promise<CourseSearchRow[]> {
  const ranked = db.$with('ranked').as(
    db
      .select({
        courseId: sql<string>`m.id`.as('matched_id'),
        rank: sql<number>`min(m.rank)`.as('rank'),
        students: sql<number>`m.student_count`.as('students'),
        created: sql<Date>`m.created_at`.as('created'),
        paid: sql<string>`m.paid`.as('paid'),
      })
      .from(sql`(${matchesFor(query)}) m`)
      .groupBy(sql`m.id, m.student_count, m.created_at, m.paid`),
  );
  const ratingStats = db.$with('rating_stats').as(
    db
      .select({
        courseId: ratings.courseId,
        votes: sql<number>`count(*)::int`.as('votes'),
        flooredMean: sql<number>`floor(avg(${ratings.rating}))::int`.as('floored_mean'),
      })
      .from(ratings)
      .where(sql`${ratings.courseId} in (select matched_id from ${ranked})`)
      .groupBy(ratings.courseId),
  );

  const newest = [desc(ranked.created), desc(ranked.courseId)];
  const order: Record<CourseSearchQuery['sort'], SQL[]> = {
    relevance: [asc(ranked.rank), desc(ranked.students), ...newest],
    rating: [
      desc(sql`coalesce(${ratingStats.flooredMean}, 0)`),
      desc(sql`coalesce(${ratingStats.votes}, 0)`),
      desc(ranked.students),
      ...newest,
    ],
    students: [desc(ranked.students), ...newest],
    newest,
    // What the buyer pays, cheapest first.
    price: [asc(ranked.paid), ...newest],
  };
  const sortKeys = sql.join(order[query.sort], sql`, `);

  const candidates = db
    .select({
      courseId: ranked.courseId,
      position: sql<number>`row_number() over (order by ${sortKeys})`.as('position'),
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(ranked);
  const page = db.$with('page').as(
    (query.sort === 'rating'
      ? candidates.leftJoin(ratingStats, eq(ratingStats.courseId, ranked.courseId))
      : candidates
    )
      .orderBy(...order[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  );
  return db
    .with(ranked, ratingStats, page)
    .select({
      ...courseSummaryBaseColumns,
      ...perCourseStatColumns(),
      ...contentTotalColumns(),
      total: sql<number>`${page.total}`.mapWith(Number),
    })
    .from(page)
    .innerJoin(courses, eq(courses.id, page.courseId))
    .innerJoin(users, eq(users.id, courses.educatorId))
    .orderBy(asc(page.position));
}
