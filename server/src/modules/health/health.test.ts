import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(() => ctx.close());

describe('GET /api/health', () => {
  it('when the database answers, then 200 with the engine name', async () => {
    const res = await request(ctx.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, db: ctx.database.kind });
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('when the database is closed, then 503 with success false', async () => {
    await ctx.database.close();
    const res = await request(ctx.app).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body.success).toBe(false);
  });

  it('when an unknown API path is requested, then 404 JSON in Portuguese', async () => {
    const res = await request(ctx.app).get('/api/nada');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Recurso não encontrado' });
  });

  it('when a JSON body is malformed, then 400 and not 500', async () => {
    const res = await request(ctx.app)
      .post('/api/nada')
      .set('Content-Type', 'application/json')
      .send('{"a":');
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it('when a JSON body exceeds the limit, then 413', async () => {
    const res = await request(ctx.app)
      .post('/api/nada')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ a: 'x'.repeat(200_000) }));
    expect(res.status).toBe(413);
  });
});
