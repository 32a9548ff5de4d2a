import { describe, expect, it } from 'vitest';
import { createLearnerCache, type LearnerCache, type LearnerRead } from './learner-cache';

/** The cached body's text. */
async function read(
  cache: LearnerCache,
  userId: string,
  kind: LearnerRead,
  load: () => Promise<string>,
): Promise<string> {
  return (await cache.getOrLoad(userId, kind, load)).body;
}

function setup(maxBytes?: number) {
  let generation = 0;
  const announced: string[] = [];
  const cache = createLearnerCache({
    catalogueGeneration: () => generation,
    announce: (userId) => announced.push(userId),
    maxBytes,
  });
  let loads = 0;
  const load = (body: string) => async () => {
    loads++;
    return body;
  };
  return {
    cache,
    announced,
    bumpCatalogue: () => generation++,
    loads: () => loads,
    load,
  };
}

describe('learner cache', () => {
  it('when a learner reads twice, then the second read is served from memory, per learner and per read', async () => {
    const { cache, load, loads } = setup();
    expect(await read(cache, 'a', 'enrolled-courses', load('A1'))).toBe('A1');
    expect(await read(cache, 'a', 'enrolled-courses', load('A2'))).toBe('A1');
    expect(await read(cache, 'a', 'enrolled-ids', load('ids'))).toBe('ids');
    expect(await read(cache, 'b', 'enrolled-courses', load('B1'))).toBe('B1');
    expect(loads()).toBe(3);
  });

  it('when the catalogue changes (a course, an enrollment, a rating, here or on another instance), then every learner reads again', async () => {
    const { cache, load, bumpCatalogue } = setup();
    await read(cache, 'a', 'enrolled-courses', load('old'));
    bumpCatalogue();
    expect(await read(cache, 'a', 'enrolled-courses', load('new'))).toBe('new');
  });

  it('when the learner writes, then their reads are dropped here and announced; another learner keeps theirs', async () => {
    const { cache, load, announced } = setup();
    await read(cache, 'a', 'enrolled-courses', load('old'));
    await read(cache, 'b', 'enrolled-courses', load('b'));
    cache.forget('a');
    expect(announced).toEqual(['a']);
    expect(await read(cache, 'a', 'enrolled-courses', load('new'))).toBe('new');
    expect(await read(cache, 'b', 'enrolled-courses', load('b2'))).toBe('b');
  });

  it('when another instance announces a learner, then it is dropped here without announcing again', async () => {
    const { cache, load, announced } = setup();
    await read(cache, 'a', 'enrolled-ids', load('old'));
    cache.forgetHere('a');
    expect(announced).toEqual([]);
    expect(await read(cache, 'a', 'enrolled-ids', load('new'))).toBe('new');
  });

  it('when a write lands while a read is loading, then what that read built is answered but not kept', async () => {
    const { cache, load, bumpCatalogue } = setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = read(cache, 'a', 'enrolled-courses', async () => {
      await gate;
      return 'before the write';
    });
    cache.forget('a');
    release();
    expect(await slow).toBe('before the write');
    expect(await read(cache, 'a', 'enrolled-courses', load('after'))).toBe('after');

    const racing = read(cache, 'a', 'enrolled-ids', async () => {
      bumpCatalogue();
      return 'stale';
    });
    expect(await racing).toBe('stale');
    expect(await read(cache, 'a', 'enrolled-ids', load('fresh'))).toBe('fresh');
  });

  it('when many reads of one learner arrive while it is loading, then one load answers them all; a read after a write does not join it', async () => {
    const { cache, loads } = setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    const slow = async () => {
      const n = ++started;
      await gate;
      return `load ${n}`;
    };
    const crowd = Array.from({ length: 100 }, () => read(cache, 'a', 'enrolled-courses', slow));
    // Another learner and another read of the same learner load on their own.
    const other = read(cache, 'b', 'enrolled-courses', slow);
    const ids = read(cache, 'a', 'enrolled-ids', slow);
    expect(started).toBe(3);
    // After a write, a new read must not be answered with what was read before it.
    cache.forget('a');
    const afterWrite = read(cache, 'a', 'enrolled-courses', slow);
    expect(started).toBe(4);
    release();
    expect(new Set(await Promise.all(crowd))).toEqual(new Set(['load 1']));
    expect([await other, await ids, await afterWrite]).toEqual(['load 2', 'load 3', 'load 4']);
    expect(loads()).toBe(0);
  });

  it('when the bodies pass the byte limit, then the least recently used go first and the total stays under it', async () => {
    const body = 'x'.repeat(1000);
    // Each entry is ~4 kB (the string, its bytes and room for compressed copies): room for two.
    const { cache, load, loads } = setup(8400);
    await read(cache, 'a', 'enrolled-courses', load(body));
    await read(cache, 'b', 'enrolled-courses', load(body));
    await read(cache, 'a', 'enrolled-courses', load(body)); // a is now the most recent
    await read(cache, 'c', 'enrolled-courses', load(body)); // b goes
    expect(cache.size()).toBeLessThanOrEqual(8400);
    expect(loads()).toBe(3);
    await read(cache, 'a', 'enrolled-courses', load(body));
    expect(loads()).toBe(3);
    await read(cache, 'b', 'enrolled-courses', load(body));
    expect(loads()).toBe(4);
  });

  it('when one body alone is larger than the limit, then it is answered and not kept', async () => {
    const { cache, load, loads } = setup(500);
    await read(cache, 'a', 'enrolled-courses', load('y'.repeat(200)));
    await read(cache, 'a', 'enrolled-courses', load('y'.repeat(200)));
    expect(loads()).toBe(2);
    expect(cache.size()).toBe(0);
  });

  it('when an entry is older than its maximum age, then it is read again (a refund offer ends with time alone)', async () => {
    let clock = 0;
    const cache = createLearnerCache({
      catalogueGeneration: () => 0,
      maxAgeMs: 1000,
      now: () => clock,
    });
    expect(await read(cache, 'a', 'enrolled-courses', async () => 'offer')).toBe('offer');
    clock = 999;
    expect(await read(cache, 'a', 'enrolled-courses', async () => 'late')).toBe('offer');
    clock = 1000;
    expect(await read(cache, 'a', 'enrolled-courses', async () => 'over')).toBe('over');
  });
});
