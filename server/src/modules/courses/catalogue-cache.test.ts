import { describe, expect, it } from 'vitest';
import { broadcastInvalidations, createCatalogueCache, entityTag } from './catalogue-cache';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('catalogue cache', () => {
  it('when many requests miss at once, then one load serves them all and is kept', async () => {
    const cache = createCatalogueCache();
    let loads = 0;
    const gate = deferred<string>();
    const load = () => {
      loads++;
      return gate.promise;
    };
    const pending = [cache.getOrLoad(load), cache.getOrLoad(load), cache.getOrLoad(load)];
    gate.resolve('{"success":true,"courses":[]}');
    const entries = await Promise.all(pending);
    expect(loads).toBe(1);
    expect(new Set(entries.map((e) => e.etag)).size).toBe(1);
    const kept = cache.get();
    expect(kept?.body).toBe('{"success":true,"courses":[]}');
    expect(kept?.bytes.toString('utf8')).toBe(kept?.body);
    expect(kept?.etag).toBe(entityTag('{"success":true,"courses":[]}'));
  });

  it('when an invalidate overtakes a load, then the stale body is answered once but not kept', async () => {
    const cache = createCatalogueCache();
    const gate = deferred<string>();
    const stale = cache.getOrLoad(() => gate.promise);
    cache.invalidate();
    gate.resolve('stale');
    expect((await stale).body).toBe('stale');
    expect(cache.get()).toBeUndefined();
    const fresh = await cache.getOrLoad(async () => 'fresh');
    expect(fresh.body).toBe('fresh');
  });

  it('when a load fails, then the next request tries again', async () => {
    const cache = createCatalogueCache();
    await expect(cache.getOrLoad(() => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect((await cache.getOrLoad(async () => 'ok')).body).toBe('ok');
  });

  it('when course details are cached, then unknown courses are not kept and invalidate clears the rest', async () => {
    const cache = createCatalogueCache();
    let loads = 0;
    const load = async () => {
      loads++;
      return 'detail';
    };
    await cache.getOrLoadCourse('a', load);
    await cache.getOrLoadCourse('a', load);
    expect(loads).toBe(1);

    let misses = 0;
    const missing = async () => {
      misses++;
      return null;
    };
    expect(await cache.getOrLoadCourse('b', missing)).toBeNull();
    expect(await cache.getOrLoadCourse('b', missing)).toBeNull();
    expect(misses).toBe(2);

    cache.invalidate();
    await cache.getOrLoadCourse('a', load);
    expect(loads).toBe(2);
  });

  it('when the teaser and the list are both kept, then each keeps its own body, invalidate clears both, and a teaser load overtaken by it is not kept', async () => {
    const cache = createCatalogueCache();
    await cache.getOrLoad(async () => 'list');
    expect((await cache.getOrLoadTeaser(async () => 'teaser')).body).toBe('teaser');
    let loads = 0;
    const teaser = async () => {
      loads++;
      return 'teaser again';
    };
    expect((await cache.getOrLoadTeaser(teaser)).body).toBe('teaser');
    expect(loads).toBe(0);
    expect(cache.get()?.body).toBe('list');

    const gate = deferred<string>();
    cache.invalidate();
    const stale = cache.getOrLoadTeaser(() => gate.promise);
    cache.invalidate();
    gate.resolve('stale');
    expect((await stale).body).toBe('stale');
    expect((await cache.getOrLoadTeaser(teaser)).body).toBe('teaser again');
    expect(loads).toBe(1);
  });

  it('when two bodies differ, then their entity tags differ and are quoted strong tags', () => {
    expect(entityTag('a')).not.toBe(entityTag('b'));
    expect(entityTag('a')).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });

  it('when a shared cache is invalidated, then the local copy is cleared and the other instances are told once', async () => {
    const local = createCatalogueCache();
    let announcements = 0;
    const shared = broadcastInvalidations(local, () => announcements++);
    await shared.getOrLoad(async () => 'list');
    await shared.getOrLoadCourse('a', async () => 'detail');
    expect(local.get()?.body).toBe('list');

    shared.invalidate();

    expect(announcements).toBe(1);
    expect(local.get()).toBeUndefined();
    expect((await shared.getOrLoadCourse('a', async () => 'fresh detail'))?.body).toBe(
      'fresh detail',
    );
  });

  it("when another instance's write clears the wrapped cache, then nothing is announced back", async () => {
    const local = createCatalogueCache();
    let announcements = 0;
    const shared = broadcastInvalidations(local, () => announcements++);
    await shared.getOrLoad(async () => 'list');

    local.invalidate();

    expect(shared.get()).toBeUndefined();
    expect(announcements).toBe(0);
  });
});
