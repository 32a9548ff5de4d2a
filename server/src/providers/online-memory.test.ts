import { describe, expect, it } from 'vitest';
import { createMemoryOnlineCounter, MAX_TRACKED_CLIENTS } from './online-memory';

describe('createMemoryOnlineCounter', () => {
  it('when clients ping, then each distinct client counts once within 60 s and drops out after', async () => {
    let now = 1_000_000;
    const counter = createMemoryOnlineCounter(() => now);

    expect(await counter.touch('a')).toBe(1);
    expect(await counter.touch('b')).toBe(2);
    expect(await counter.touch('a')).toBe(2);

    now += 59_000;
    expect(await counter.touch('c')).toBe(3);
    now += 2_000; // 'b' was last seen 61 s ago, 'a' too; 'c' 2 s ago.
    expect(await counter.touch('c')).toBe(1);
  });

  it('when a client keeps pinging, then it stays counted past the first minute', async () => {
    let now = 0;
    const counter = createMemoryOnlineCounter(() => now);
    await counter.touch('fiel');
    await counter.touch('passageiro');
    now += 50_000;
    await counter.touch('fiel');
    now += 50_000;

    expect(await counter.touch('novo')).toBe(2);
  });

  it('when more clients than the cap ping within a minute, then the oldest are forgotten first', async () => {
    // One instant for all: only the cap, not the window, can drop anyone.
    const counter = createMemoryOnlineCounter(() => 0);
    for (let i = 0; i < MAX_TRACKED_CLIENTS; i++) await counter.touch(`c${i}`);

    expect(await counter.touch('um-a-mais')).toBe(MAX_TRACKED_CLIENTS);
    // 'c0' was dropped, so it comes back as a new client and pushes out 'c1'.
    expect(await counter.touch('c0')).toBe(MAX_TRACKED_CLIENTS);
    expect(await counter.touch('c2')).toBe(MAX_TRACKED_CLIENTS);
  });
});
