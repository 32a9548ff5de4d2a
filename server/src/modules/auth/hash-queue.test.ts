import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { createTestContext, type TestContext } from '../../test/test-app';
import { createHashQueue, HASH_CONCURRENCY, HASHING_BUSY } from './hash-queue';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('hash queue', () => {
  it('when more tasks arrive than slots, then no more than the limit run at once, the rest start in arrival order, and a full line is refused with 503', async () => {
    const queue = createHashQueue({ concurrency: 2, maxWaiting: 3 });
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const accepted = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i);
        mostAtOnce = Math.max(mostAtOnce, ++running);
        await gate.promise;
        running--;
        return i;
      }),
    );

    const refused = await queue.run(() => Promise.resolve(-1)).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, message: HASHING_BUSY });
    expect([queue.running, queue.waiting]).toEqual([2, 3]);

    for (const gate of [gates[1]!, gates[0]!, gates[4]!, gates[2]!, gates[3]!]) {
      gate.resolve();
      await new Promise((resolve) => setImmediate(resolve));
    }

    expect(await Promise.all(accepted)).toEqual([0, 1, 2, 3, 4]);
    expect(mostAtOnce).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('when a task fails, then its slot is released for the next one', async () => {
    const queue = createHashQueue({ concurrency: 1, maxWaiting: 1 });
    const failing = queue.run(() => Promise.reject(new Error('scrypt falhou')));
    const next = queue.run(() => Promise.resolve('seguinte'));

    await expect(failing).rejects.toThrow('scrypt falhou');
    expect(await next).toBe('seguinte');
    expect(queue.running).toBe(0);
  });

  it('leaves a core and a thread of the pool for everything else', () => {
    expect(HASH_CONCURRENCY).toBeGreaterThanOrEqual(1);
    expect(HASH_CONCURRENCY).toBeLessThanOrEqual(Math.max(1, os.availableParallelism() - 1));
    expect(HASH_CONCURRENCY).toBeLessThanOrEqual(3);
  });
});

describe('static files during a burst of sign-ins', () => {
  const BURST = 12;
  let ctx: TestContext;
  let server: Server;
  let base: string;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-static-'));
    // Not a compressible type: served by express.static, whose stat and read use the thread pool.
    await writeFile(path.join(clientDir, 'logo.png'), Buffer.alloc(64 * 1024, 7));
    ctx = await createTestContext({ CLIENT_DIST: clientDir, AUTH_RATE_LIMIT_MAX: '10000' });
    server = ctx.app.listen(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await ctx.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('when many wrong sign-ins are being hashed, then a static file is answered before most of them', async () => {
    const email = `alvo-${randomUUID().slice(0, 8)}@exemplo.pt`;
    const signUp = await fetch(`${base}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Alvo', email, password: 'a-senha-certa-123' }),
    });
    expect(signUp.status).toBe(201);

    let signInsDone = 0;
    const signIns = Array.from({ length: BURST }, (_, i) =>
      fetch(`${base}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: `errada-${i}-errada` }),
      }).then((res) => {
        signInsDone++;
        return res.status;
      }),
    );
    // Once one hash has finished, every other sign-in has long been waiting for (or in) scrypt.
    await Promise.race(signIns);

    const doneBefore = signInsDone;
    const file = await fetch(`${base}/logo.png`);
    await file.arrayBuffer();
    const doneDuring = signInsDone - doneBefore;

    expect(file.status).toBe(200);
    expect(doneDuring).toBeLessThan((BURST - 1) / 2);
    expect(await Promise.all(signIns)).toEqual(Array<number>(BURST).fill(401));
  });
});
