import { and, eq, inArray } from 'drizzle-orm';
import { searchWords } from '@aprendiz/contract/rules/search-words';
import {
  SUGGEST_MAX_COURSES,
  SUGGEST_MAX_EDUCATORS,
  SUGGEST_MIN_LENGTH,
  type CourseSuggestResponse,
} from '@aprendiz/contract/search';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { users } from '../../db/schema/users';
import type { CourseSearch } from './course-search.engine';
import { inIdOrder } from './course-search.repository';

type Suggestions = Omit<CourseSuggestResponse, 'success'>;

/**
 * What the search box offers while a query is typed: the first courses by the search's own rules
 * and order (the same words, stop words, typos and prefix) looked for in titles, educators' names,
 * categories and levels, and the educators of published courses whose name holds every word.
 */
export async function suggestCourses(
  db: Db,
  search: CourseSearch,
  q: string,
): Promise<Suggestions> {
  const { words } = searchWords(q);
  if (words.join('').length < SUGGEST_MIN_LENGTH) return { courses: [], educators: [] };
  const found = await search.suggest(words, {
    courses: SUGGEST_MAX_COURSES,
    educators: SUGGEST_MAX_EDUCATORS,
  });
  const rows =
    found.ids.length === 0
      ? []
      : await db
          .select({ id: courses.id, title: courses.title, name: users.name })
          .from(courses)
          .innerJoin(users, eq(users.id, courses.educatorId))
          .where(and(inArray(courses.id, found.ids), eq(courses.isPublished, true)));
  return {
    courses: inIdOrder(found.ids, rows).map((row) => ({
      _id: row.id,
      courseTitle: row.title,
      educatorName: row.name,
    })),
    educators: found.educators.map(({ name, courseCount }) => ({ name, courseCount })),
  };
}
