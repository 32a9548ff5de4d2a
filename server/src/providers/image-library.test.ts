import { describe, expect, it } from 'vitest';
import { IMAGE_CACHE_LIMITS, sharp } from './image-library';

describe('the image library', () => {
  it('when loaded, then libvips keeps at most 16 MB of decoded images and no open files', () => {
    // With no argument sharp answers the limits in force alongside what the cache holds.
    const limits = sharp.cache();
    expect(limits.memory.max).toBe(IMAGE_CACHE_LIMITS.memory);
    expect(limits.files.max).toBe(0);
    expect(limits.items.max).toBe(IMAGE_CACHE_LIMITS.items);
  });
});
