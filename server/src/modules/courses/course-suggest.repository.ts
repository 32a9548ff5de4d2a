import { sql } from 'drizzle-orm';
import { searchWords } from '@aprendiz/contract/rules/search-words';
import {
  SUGGEST_MAX_COURSES,
  SUGGEST_MAX_EDUCATORS,
  SUGGEST_MIN_LENGTH,
  type CourseSuggestResponse,
} from '@aprendiz/contract/search';
import type { Db } from '../../db/client';
import { commonWordsOf } from './course-search.common-words';
import { wordMatches } from './course-search.words';

type Suggestions = Omit<CourseSuggestResponse, 'success'>;

/**
 * What the search box offers while a query is typed, in one statement: the first courses by the
 * search's own rules and order (the same words, stop words, typos and prefix) looked for in titles,
 * educators' names, categories and levels, and the educators of published courses whose name holds
 * every word.
 */
export async function suggestCourses(db: Db, q: string): Promise<Suggestions> {
  const { words } = searchWords(q);
  if (words.join('').length < SUGGEST_MIN_LENGTH) return { courses: [], educators: [] };
  // The search's own relevance order: most words, best fields, closest, most students, newest.
  const best = sql`words desc, weight desc, closeness desc, student_count desc, created_at desc,
    id desc`;
  const columns = ['id', 'student_count', 'created_at'];
  const common = await commonWordsOf(db, words);
  const result = await db.execute<{
    kind: 'course' | 'educator';
    id: string;
    title: string;
    name: string;
    course_count: number;
  }>(sql`with ${wordMatches(
    words,
    sql`c.is_published`,
    sql`c.id, c.student_count, c.created_at`,
    columns,
    'headline',
    common,
  )},
      top as (
        select m.id, row_number() over (order by ${best}) as position
        from (select * from matched order by ${best} limit ${SUGGEST_MAX_COURSES}) m
      ),
      teaching as (
        select n.id, u.name, count(*)::int as course_count from named n
        join users u on u.id = n.id
        join courses c on c.educator_id = n.id and c.is_published
        where n.document @@ (select q_and from qall)
        group by n.id, u.name
        order by course_count desc, u.name
        limit ${SUGGEST_MAX_EDUCATORS}
      )
    select 'course' as kind, top.id::text, c.title, u.name, 0 as course_count, top.position
      from top join courses c on c.id = top.id join users u on u.id = c.educator_id
    union all
    select 'educator', id, '', name, course_count, row_number() over (order by course_count desc, name)
      from teaching
    order by kind, position`);
  const rows = result.rows;
  return {
    courses: rows
      .filter((row) => row.kind === 'course')
      .map((row) => ({ _id: row.id, courseTitle: row.title, educatorName: row.name })),
    educators: rows
      .filter((row) => row.kind === 'educator')
      .map((row) => ({ name: row.name, courseCount: Number(row.course_count) })),
  };
}
