import { afterAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../test/test-app';

const opened: TestContext[] = [];
afterAll(() => Promise.all(opened.map((ctx) => ctx.close())));

async function policyServedFrom(publicUrl: string): Promise<string> {
  const ctx = await createTestContext({ PUBLIC_URL: publicUrl });
  opened.push(ctx);
  const res = await request(ctx.app).get('/api/health');
  return String(res.headers['content-security-policy']);
}

describe('Content-Security-Policy', () => {
  it('when the app is served over plain HTTP on a LAN host, then it does not ask browsers to upgrade its requests to https', async () => {
    const policy = await policyServedFrom('http://192.168.1.20:3000');

    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    // The player library asks for the iframe API over the page's scheme.
    expect(policy).toMatch(/script-src [^;]*http:\/\/www\.youtube\.com/);
  });

  it('when PUBLIC_URL is https, then browsers are asked to upgrade any plain request', async () => {
    const policy = await policyServedFrom('https://aprendiz.example');

    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain('upgrade-insecure-requests');
    expect(policy).not.toContain('http://www.youtube.com');
  });

  it('when an uploaded lecture plays, then hls.js may hand the video a blob: source (Media Source Extensions)', async () => {
    const policy = await policyServedFrom('https://aprendiz.example');

    expect(policy).toContain("media-src 'self' blob:");
  });
});
