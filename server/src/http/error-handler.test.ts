import express from 'express';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import type { Database } from '../db/client';
import { errorHandler, REFERENCED_ROW_CONFLICT } from './error-handler';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

/** An app whose one route sends the request's text to the database as the given type. */
function appQuerying(run: (value: string) => Promise<unknown>) {
  const app = express();
  app.get('/value', async (req, res) => {
    await run(String(req.query.v));
    res.json({ success: true });
  });
  app.use(errorHandler);
  return app;
}

describe('database refusals of a value', () => {
  it.each([
    [
      'a NUL in text (22021)',
      'a\u0000b',
      (v: string) => database.db.execute(sql`select ${v}::text`),
    ],
    [
      'text that is not a uuid (22P02)',
      'nao-e-uuid',
      (v: string) => database.db.execute(sql`select ${v}::uuid`),
    ],
    [
      'text that is not a number (22P02)',
      '12abc',
      (v: string) => database.db.execute(sql`select ${v}::integer`),
    ],
    [
      'a number out of range (22003)',
      '99999999999',
      (v: string) => database.db.execute(sql`select ${v}::integer`),
    ],
  ])(
    'when the database refuses %s, then 400 with the Portuguese message, not 500',
    async (_case, value, run) => {
      const res = await request(appQuerying(run)).get('/value').query({ v: value });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: 'Pedido inválido: um valor enviado não é aceito',
      });
    },
  );

  it('when a string is longer than its column (22001, wrapped by the driver), then 400', async () => {
    const app = appQuerying(async () => {
      throw new Error('Failed query', {
        cause: Object.assign(new Error('value too long'), { code: '22001' }),
      });
    });
    expect((await request(app).get('/value')).status).toBe(400);
  });

  it('when a row is still referenced (23503, from the database itself), then 409 in Portuguese, not 500', async () => {
    const app = appQuerying((courseId) =>
      database.db.execute(
        sql`insert into enrollments (user_id, course_id) values ('usr_ninguem', ${courseId}::uuid)`,
      ),
    );
    const res = await request(app)
      .get('/value')
      .query({ v: '00000000-0000-4000-8000-000000000000' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: REFERENCED_ROW_CONFLICT });
  });

  it('when a foreign-key violation comes wrapped in causes by the driver, then still 409', async () => {
    const app = appQuerying(async () => {
      throw new Error('Failed query', {
        cause: Object.assign(new Error('violates foreign key constraint'), { code: '23503' }),
      });
    });
    const res = await request(app).get('/value');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: REFERENCED_ROW_CONFLICT });
  });

  it('when the database fails otherwise, then still 500', async () => {
    const app = appQuerying(() => database.db.execute(sql`select * from tabela_que_nao_existe`));
    const res = await request(app).get('/value');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, message: 'Erro interno do servidor' });
  });
});
