import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createLogger, serializeError } from './logger';
import { createTestContext, type TestContext } from './test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: '10000' });
  // Any sign-up with this name now fails inside the insert, past validation, like a real outage.
  await ctx.database.db.execute(
    sql.raw(`alter table users add constraint forced_failure check (name <> 'Falha Forçada')`),
  );
});
afterAll(() => ctx.close());

function appWithCapturedLog() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = createApp({ ...ctx.deps, logger: createLogger('info', sink) });
  return { app, lines };
}

describe('error log lines', () => {
  it('when an insert of a new account fails, then the 500 is logged with the SQL and the constraint but neither the e-mail nor the password hash', async () => {
    const { app, lines } = appWithCapturedLog();
    const email = `falha-${randomUUID().slice(0, 8)}@exemplo.pt`;
    const password = 'uma-senha-muito-secreta';

    const res = await request(app)
      .post('/api/auth/sign-up')
      .send({ name: 'Falha Forçada', email, password });

    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, message: 'Erro interno do servidor' });
    const errors = lines.filter((line) => line.includes('unhandled error'));
    expect(errors).toHaveLength(1);
    const [line] = errors;
    expect(line).toContain('insert into \\"users\\"');
    expect(line).toContain('forced_failure');
    expect(line).not.toContain(email);
    expect(line).not.toContain(password);
    expect(line).not.toMatch(/scrypt\$|params/);
  });

  it('when Postgres explains a failure with the values involved, then the log keeps the code and constraint only', () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'users_email_unique',
      detail: 'Key (email)=(ana@exemplo.pt) already exists.',
      params: ['ana@exemplo.pt'],
    });
    const badValue = Object.assign(
      new Error('invalid input syntax for type uuid: "ana@exemplo.pt"'),
      {
        code: '22P02',
      },
    );
    const wrapped = new DrizzleQueryError(
      'insert into "users" ("email") values ($1)',
      ['ana@exemplo.pt'],
      pgError,
    );

    const logged = [serializeError(wrapped), serializeError(badValue)];

    expect(logged[0]).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "users" ("email") values ($1)',
      cause: { code: '23505', constraint: 'users_email_unique' },
    });
    expect(logged[1]).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type uuid',
    });
    expect(JSON.stringify(logged)).not.toContain('ana@exemplo.pt');
  });
});
