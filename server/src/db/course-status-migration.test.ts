import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../test/test-app';
import { migrate } from './migrate';

const BEFORE_STATUS = '0009_learner_resume_reviews_certificates';

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

describe('migration 0010_course_status', () => {
  it('when courses were published or hidden before statuses existed, then they become published and unpublished, and is_published follows status from then on', async () => {
    const opened = await openTestDatabase({ until: BEFORE_STATUS });
    drop = opened.drop;
    const db = opened.database.db;
    await db.execute(
      sql`insert into users (id, name, email, role) values ('usr_edu', 'Ana', 'ana@x.test', 'educator')`,
    );
    // Columns as they stood at 0009.
    await db.execute(sql`insert into courses (educator_id, title, thumbnail_url, price, is_published)
      values ('usr_edu', 'Visível', '/x.webp', 10, true), ('usr_edu', 'Escondido', '/x.webp', 10, false)`);

    await migrate(db);

    const before = await db.execute<{ title: string; status: string; is_published: boolean }>(
      sql`select title, status, is_published from courses order by title`,
    );
    expect(before.rows).toEqual([
      { title: 'Escondido', status: 'unpublished', is_published: false },
      { title: 'Visível', status: 'published', is_published: true },
    ]);

    await db.execute(sql`update courses set status = 'draft' where title = 'Visível'`);
    const after = await db.execute<{ is_published: boolean }>(
      sql`select is_published from courses where title = 'Visível'`,
    );
    expect(after.rows).toEqual([{ is_published: false }]);
    await expect(
      db.execute(sql`update courses set status = 'arquivado' where title = 'Visível'`),
    ).rejects.toThrow();
  });
});
