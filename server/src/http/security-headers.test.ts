import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders } from './security-headers';

async function headersFrom(middleware: RequestHandler): Promise<Record<string, unknown>> {
  const app = express();
  app.disable('x-powered-by');
  app.use(middleware);
  app.get('/', (_req, res) => void res.send('ok'));
  const { headers } = await request(app).get('/');
  // What differs between two answers whatever the middleware: the date, the body's tag and length.
  const { date: _date, etag: _etag, 'content-length': _length, ...rest } = headers;
  return rest;
}

describe('security headers', () => {
  for (const publicUrl of ['https://aprendiz.example', 'http://192.168.1.20:3000']) {
    it(`when served from ${publicUrl}, then every header helmet would set, with the same value`, async () => {
      const computedOnce = await headersFrom(securityHeaders(publicUrl));
      const helmetItself = await headersFrom(helmet(helmetOptions(publicUrl)));

      expect(computedOnce).toEqual(helmetItself);
      expect(computedOnce).toHaveProperty('content-security-policy');
      expect(computedOnce).toHaveProperty('strict-transport-security');
      expect(computedOnce).toHaveProperty('x-content-type-options', 'nosniff');
    });
  }
});
