import { describe, expect, it } from 'vitest';
import { createRandom } from './random';

describe('createRandom', () => {
  it('when two generators share a seed, then they produce the same sequence', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const first = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(first);
    expect(new Set(first).size).toBe(20);
  });

  it('when seeds differ, then the sequences differ', () => {
    expect(createRandom(1).next()).not.toBe(createRandom(2).next());
  });

  it('when drawing integers, then every value lies within both bounds and both bounds occur', () => {
    const random = createRandom(7);
    const values = Array.from({ length: 2000 }, () => random.int(5, 45));
    expect(Math.min(...values)).toBe(5);
    expect(Math.max(...values)).toBe(45);
    expect(values.every(Number.isInteger)).toBe(true);
  });

  it('when shuffling, then the result is a permutation and the input is untouched', () => {
    const input = Array.from({ length: 40 }, (_, i) => i);
    const shuffled = createRandom(3).shuffle(input);
    expect(shuffled).not.toEqual(input);
    expect([...shuffled].sort((x, y) => x - y)).toEqual(input);
    expect(input).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('when picking from an empty list, then it throws instead of returning undefined', () => {
    expect(() => createRandom(1).pick([])).toThrow();
  });
});
