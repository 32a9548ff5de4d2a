import { sql } from 'drizzle-orm';
import { searchWords } from '@aprendiz/contract/rules/search-words';
import {
  SUGGEST_MAX_COURSES,
  SUGGEST_MAX_EDUCATORS,
  SUGGEST_MIN_LENGTH,
  type CourseSuggestResponse,
} from '@aprendiz/contract/search';
import type { Db } from '../../db/client';
import { closeness, holdsAWord, wordScores, wordSearchCtes } from './course-search.words';

type Suggestions = Omit<CourseSuggestResponse, 'success'>;

/**
 * What the search box offers while a query is typed, in one statement: the first courses of the
 * search it would run (the same words, typos and prefix), and the educators of published courses
 * whose name holds every word.
 */
export async function suggestCourses(db: Db, q: string): Promise<Suggestions> {
  const { words } = searchWords(q);
  if (words.join('').length < SUGGEST_MIN_LENGTH) return { courses: [], educators: [] };
  // The search's own relevance order: most words, best fields, closest, most students, newest.
  const best = sql`s.words desc, s.weight desc, ${closeness} desc, c.student_count desc,
    c.created_at desc, c.id desc`;
  const result = await db.execute<{
    kind: 'course' | 'educator';
    id: string;
    title: string;
    name: string;
    course_count: number;
  }>(sql`with ${wordSearchCtes(words)},
      top as (
        select c.id, c.title, c.educator_id, row_number() over (order by ${best}) as position
        from courses c
        left join named n on n.id = c.educator_id
        cross join ${wordScores}
        where c.is_published and ${holdsAWord}
        order by ${best}
        limit ${SUGGEST_MAX_COURSES}
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
    select 'course' as kind, top.id::text, top.title, u.name, 0 as course_count, top.position
      from top join users u on u.id = top.educator_id
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
