import { describe, expect, it } from 'vitest';
import { createMemoryOnlineCounter, MAX_TRACKED_CLIENTS } from './online-memory';

const HOME = '203.0.113.7';

describe('createMemoryOnlineCounter', () => {
  it('when clients ping, then each distinct client counts once within 60 s and drops out after', async () => {
    let now = 1_000_000;
    const counter = createMemoryOnlineCounter({ now: () => now });

    expect(await counter.touch('a', HOME)).toBe(1);
    expect(await counter.touch('b', HOME)).toBe(2);
    expect(await counter.touch('a', HOME)).toBe(2);

    now += 59_000;
    expect(await counter.touch('c', HOME)).toBe(3);
    now += 2_000; // 'b' was last seen 61 s ago, 'a' too; 'c' 2 s ago.
    expect(await counter.touch('c', HOME)).toBe(1);
  });

  it('when a client keeps pinging, then it stays counted past the first minute', async () => {
    let now = 0;
    const counter = createMemoryOnlineCounter({ now: () => now });
    await counter.touch('fiel', HOME);
    await counter.touch('passageiro', HOME);
    now += 50_000;
    await counter.touch('fiel', HOME);
    now += 50_000;

    expect(await counter.touch('novo', HOME)).toBe(2);
  });

  it('when more clients than the cap ping within a minute, then the oldest are forgotten first', async () => {
    // One instant for all: only the cap, not the window, can drop anyone.
    const counter = createMemoryOnlineCounter({ now: () => 0 });
    for (let i = 0; i < MAX_TRACKED_CLIENTS; i++) await counter.touch(`c${i}`, `addr-${i}`);

    expect(await counter.touch('um-a-mais', 'outra')).toBe(MAX_TRACKED_CLIENTS);
    // 'c0' was dropped, so it comes back as a new client and pushes out 'c1'.
    expect(await counter.touch('c0', 'addr-0')).toBe(MAX_TRACKED_CLIENTS);
    expect(await counter.touch('c2', 'addr-2')).toBe(MAX_TRACKED_CLIENTS);
  });

  it('when one address sends many made-up ids, then only its first three still pinging count, and others are unaffected', async () => {
    let now = 0;
    const counter = createMemoryOnlineCounter({ now: () => now, maxPerAddress: 3 });
    for (let i = 0; i < 300; i++) await counter.touch(`falso-${i}`, '198.51.100.66');
    expect(await counter.touch('vizinho', HOME)).toBe(4);
    // A counted id pinging again stays counted; a new one from the full address is not.
    expect(await counter.touch('falso-0', '198.51.100.66')).toBe(4);
    expect(await counter.touch('falso-301', '198.51.100.66')).toBe(4);
    // The same id from another address is another client.
    expect(await counter.touch('falso-0', '198.51.100.67')).toBe(5);
    // Once its counted clients go quiet for the window, the address has room again.
    now += 61_000;
    expect(await counter.touch('falso-500', '198.51.100.66')).toBe(1);
  });
});
