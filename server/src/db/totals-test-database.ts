import { afterAll, beforeAll } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import type { Database } from './client';
import { courses } from './schema/courses';
import { users } from './schema/users';

/**
 * A database of its own for a file that tests the running totals triggers keep on courses: one
 * educator (`usr_edu`), three learners (`usr_a`, `usr_b`, `usr_c`) and `newCourse` for a course of
 * the educator's. The tests write the underlying rows directly, as any writer could.
 */
export function useTotalsDatabase(): {
  db: () => Database['db'];
  newCourse: (title: string) => Promise<string>;
} {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.db.insert(users).values([
      { id: 'usr_edu', name: 'Ana', email: 'ana@totals.test', role: 'educator' },
      ...['a', 'b', 'c'].map((letter) => ({
        id: `usr_${letter}`,
        name: `Aluno ${letter.toUpperCase()}`,
        email: `${letter}@totals.test`,
      })),
    ]);
  });
  afterAll(() => drop());
  return {
    db: () => database.db,
    async newCourse(title) {
      const [row] = await database.db
        .insert(courses)
        .values({ educatorId: 'usr_edu', title, thumbnailUrl: '/x.webp', price: '10.00' })
        .returning({ id: courses.id });
      return row!.id;
    },
  };
}
