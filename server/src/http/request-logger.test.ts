import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useRequestLogger } from './request-logger';

interface LogLine {
  level: number;
  msg: string;
  req?: { id: number; method: string; url: string; headers?: unknown };
  res?: { statusCode: number };
  responseTime?: number;
  note?: string;
}

const LEVEL = { info: 30, warn: 40, error: 50 };

function appWithLog(autoLogging = true) {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as LogLine);
      done();
    },
  });
  const app = express();
  useRequestLogger(app, pino({ level: 'info' }, sink), { autoLogging });
  app.get('/ok', (_req, res) => void res.json({ success: true }));
  app.get('/missing', (_req, res) => void res.status(404).json({ success: false }));
  app.get('/broken', (_req, res) => void res.status(500).json({ success: false }));
  app.get('/noted', (req, res) => {
    req.log.info({ note: 'from the route' }, 'route line');
    res.json({ success: true });
  });
  // The log line is written when the response closes, a tick after supertest has it.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  return { app, lines, settle };
}

describe('request logger', () => {
  it('when a request succeeds, then one info line gives its id, method, path, status and time, and neither headers nor the query string', async () => {
    const { app, lines, settle } = appWithLog();
    await request(app)
      .get('/ok?email=ana%40exemplo.pt&token=abc123')
      .set('Authorization', 'Bearer secret-token');
    await settle();
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: LEVEL.info,
      msg: 'request completed',
      req: { id: 1, method: 'GET', url: '/ok' },
      res: { statusCode: 200 },
    });
    expect(line!.responseTime).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(line)).not.toMatch(/secret-token|ana|abc123/);
  });

  it('when a request carries a body, then no line holds it', async () => {
    const { app, lines, settle } = appWithLog();
    app.post('/ok', express.json(), (req, res) => {
      req.log.info('route line');
      res.json({ success: true });
    });
    await request(app).post('/ok').send({ email: 'ana@exemplo.pt', password: 'segredo-123' });
    await settle();
    expect(lines).toHaveLength(2);
    expect(JSON.stringify(lines)).not.toMatch(/ana@exemplo|segredo-123/);
  });

  it('when answers are 4xx and 5xx, then they are logged as warn and error, with rising ids', async () => {
    const { app, lines, settle } = appWithLog();
    await request(app).get('/missing');
    await request(app).get('/broken');
    await settle();
    expect(lines.map((l) => [l.level, l.req?.id, l.res?.statusCode])).toEqual([
      [LEVEL.warn, 1, 404],
      [LEVEL.error, 2, 500],
    ]);
  });

  it('when a route logs through req.log, then its line carries the request it belongs to', async () => {
    const { app, lines, settle } = appWithLog(false);
    await request(app).get('/noted');
    await settle();
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'route line',
        note: 'from the route',
        req: { id: 1, method: 'GET', url: '/noted' },
      }),
    ]);
  });

  it('when automatic logging is off, then requests leave no line', async () => {
    const { app, lines, settle } = appWithLog(false);
    await request(app).get('/ok');
    await settle();
    expect(lines).toEqual([]);
  });

  it('when two apps log, then each request logs through its own app, numbered by that app', async () => {
    const first = appWithLog();
    const second = appWithLog();
    await request(first.app).get('/noted');
    await request(second.app).get('/noted');
    await request(second.app).get('/noted');
    await Promise.all([first.settle(), second.settle()]);
    const routeIds = (lines: LogLine[]) =>
      lines.filter((l) => l.msg === 'route line').map((l) => l.req?.id);
    expect(routeIds(first.lines)).toEqual([1]);
    expect(routeIds(second.lines)).toEqual([1, 2]);
    // The route's line and the request's own line share the request's number.
    expect(second.lines.filter((l) => l.req?.id === 2)).toHaveLength(2);
  });
});
