import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADS_PATH } from '../../modules/videos/videos.routes';
import { createTestContext, type TestContext } from '../test-app';
import { snapshotStore } from './store-snapshot';
import { hostileString } from './zod-arbitrary';

/**
 * The video endpoints fed what an attacker sends: tus creations with hostile sizes and metadata,
 * video ids and playback paths of any text. Whatever comes in, never a 5xx; a refusal writes no
 * row and leaves no file.
 */

const SEED = 20_261_128;

const uploadLength = fc.oneof(
  fc.constantFrom(
    '',
    '-1',
    '1e3',
    '0x10',
    'NaN',
    '9'.repeat(30),
    ' 5',
    '5.5',
    '18446744073709551616',
  ),
  fc.integer({ min: 5_000_000, max: Number.MAX_SAFE_INTEGER }).map(String),
);

const metadataHeader = fc.oneof(
  // A header carries printable ASCII only (HTTP clients refuse the rest before sending).
  // Node refuses headers past 16 kB before the app sees them: 2,000 characters reach it.
  hostileString().map((text) => text.replace(/[^\x20-\x7e]/g, '?').slice(0, 2000)),
  hostileString().map((name) => `filename ${Buffer.from(name.slice(0, 1000)).toString('base64')}`),
  fc.constantFrom('filename', 'filename !!!', 'filename ,', 'a b c', ',,,', 'filename  '),
);

const pathSegment = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }).map((text) => encodeURIComponent(text)),
  fc.constantFrom(
    '..',
    '%2e%2e',
    '%00',
    '%',
    '.done',
    'master.m3u8',
    '00000000-0000-0000-0000-000000000000',
  ),
);

describe('fuzzing the video endpoints', () => {
  let ctx: TestContext;
  let educator: Awaited<ReturnType<TestContext['createUser']>>;
  beforeAll(async () => {
    // A quota under the generated sizes: every creation here must be refused.
    ctx = await createTestContext({ VIDEO_QUOTA_BYTES_PER_EDUCATOR: '4000000' });
    educator = await ctx.createUser({ role: 'educator' });
  }, 120_000);
  afterAll(() => ctx.close());

  it('when a tus creation carries hostile sizes or metadata, then it is refused with a 4xx and nothing is written', async () => {
    const before = await snapshotStore(ctx);
    const stored = await ctx.deps.video.store.storedVideoIds();
    await fc.assert(
      fc.asyncProperty(uploadLength, metadataHeader, async (length, metadata) => {
        const res = await request(ctx.app)
          .post(UPLOADS_PATH)
          .set({
            ...educator.auth,
            'Tus-Resumable': '1.0.0',
            'Upload-Length': length,
            'Upload-Metadata': metadata,
          });
        expect(res.status, `${length} / ${metadata}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 120, seed: SEED },
    );
    expect(await snapshotStore(ctx)).toEqual(before);
    expect(await ctx.deps.video.store.storedVideoIds()).toEqual(stored);
  });

  it('when video ids and playback paths are any text, then never a 5xx and nothing changes', async () => {
    const before = await snapshotStore(ctx);
    await fc.assert(
      fc.asyncProperty(
        pathSegment,
        pathSegment,
        pathSegment,
        pathSegment,
        async (token, expires, videoId, file) => {
          const playback = await request(ctx.app).get(
            `/video/${token}/${expires}/${videoId}/${file}`,
          );
          expect(playback.status, `/video/${token}/${expires}/${videoId}/${file}`).toBeLessThan(
            500,
          );
          // 400: a path that does not decode (a lone '%').
          expect([400, 403, 404, 410]).toContain(playback.status);
          const status = await request(ctx.app)
            .get(`/api/educator/videos/${videoId}`)
            .set(educator.auth);
          expect(status.status).toBeLessThan(500);
          const removed = await request(ctx.app)
            .delete(`/api/educator/videos/${videoId}`)
            .set(educator.auth);
          expect(removed.status).toBeLessThan(500);
          const lecture = await request(ctx.app).get(
            `/api/course/${videoId}/lectures/${file}/playback`,
          );
          expect(lecture.status).toBeLessThan(500);
        },
      ),
      { numRuns: 150, seed: SEED },
    );
    expect(await snapshotStore(ctx)).toEqual(before);
  });
});
