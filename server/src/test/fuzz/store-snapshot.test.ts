import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { contactMessages } from '../../db/schema/contact-messages';
import { users } from '../../db/schema/users';
import { createTestContext, type TestContext } from '../test-app';
import { snapshotStore } from './store-snapshot';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('snapshotStore', () => {
  it('when nothing is written, then two snapshots are equal', async () => {
    await ctx.createUser();
    expect(await snapshotStore(ctx)).toEqual(await snapshotStore(ctx));
  });

  it('when a row is added, changed or removed, or a thumbnail file appears, then the snapshot differs', async () => {
    const { user } = await ctx.createUser();
    const db = ctx.database.db;
    const steps: (() => Promise<unknown>)[] = [
      () => db.insert(contactMessages).values({ email: 'a@b.pt', message: 'Olá' }),
      () => db.update(users).set({ name: 'Outro nome' }).where(eq(users.id, user.id)),
      () => db.delete(contactMessages),
    ];
    const storage = ctx.config.storage;
    if (storage.provider === 'disk') {
      steps.push(async () => {
        await mkdir(storage.uploadDir, { recursive: true });
        await writeFile(path.join(storage.uploadDir, 'x.webp'), 'x');
      });
    }
    for (const step of steps) {
      const before = await snapshotStore(ctx);
      await step();
      expect(await snapshotStore(ctx)).not.toEqual(before);
    }
  });
});
