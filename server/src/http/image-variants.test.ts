import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeImage } from '../test/fixtures/educator-fixtures';
import { createImageVariants, UNREADABLE } from './image-variants';

const webp = (width: number, height: number) => makeImage('webp', width, height);

describe('resized copies of the uploads', () => {
  it('when a width is asked for, then a WebP copy that wide with the same proportions', async () => {
    const variants = createImageVariants();
    const original = await webp(1280, 720);

    const variant = await variants.get('a.webp', 480, async () => original);

    const meta = await sharp(variant!.content).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 270 });
    expect(variant!.content.length).toBeLessThan(original.length);
  });

  it('when the original is narrower than the width, then it is not enlarged', async () => {
    const variants = createImageVariants();

    const variant = await variants.get('small.webp', 800, async () => webp(320, 180));

    expect((await sharp(variant!.content).metadata()).width).toBe(320);
  });

  it('when the same copy is asked for again or twice at once, then the original is read and resized once', async () => {
    const variants = createImageVariants();
    const original = await webp(640, 360);
    let reads = 0;
    const load = async () => {
      reads += 1;
      return original;
    };

    const [first, second] = await Promise.all([
      variants.get('a.webp', 320, load),
      variants.get('a.webp', 320, load),
    ]);
    const third = await variants.get('a.webp', 320, load);

    expect(reads).toBe(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(first!.etag).toMatch(/^"[\w-]+"$/);
  });

  it('when there is no such image, then undefined and nothing kept, so a later upload under the name is found', async () => {
    const variants = createImageVariants();

    expect(await variants.get('a.webp', 320, async () => undefined)).toBeUndefined();
    expect(variants.keptBytes).toBe(0);
    expect(await variants.get('a.webp', 320, async () => webp(64, 36))).toBeTruthy();
  });

  it('when the original is not an image, then UNREADABLE and nothing kept', async () => {
    const variants = createImageVariants();

    const variant = await variants.get('x.webp', 320, async () => Buffer.from('<svg>não</svg>'));

    expect(variant).toBe(UNREADABLE);
    expect(variants.keptBytes).toBe(0);
  });

  it('when reading the original fails, then the error reaches the caller and the next ask tries again', async () => {
    const variants = createImageVariants();

    await expect(
      variants.get('a.webp', 320, async () => {
        throw new Error('banco indisponível');
      }),
    ).rejects.toThrow('banco indisponível');
    expect(await variants.get('a.webp', 320, async () => webp(64, 36))).toBeTruthy();
  });

  it('when the copies outgrow the budget, then the least recently used go first', async () => {
    const original = await webp(640, 360);
    const probe = await createImageVariants().get('p', 320, async () => original);
    const size = probe!.content.length;
    const variants = createImageVariants(size * 2);
    let reads = 0;
    const load = async () => {
      reads += 1;
      return original;
    };

    await variants.get('a', 320, load);
    await variants.get('b', 320, load);
    await variants.get('a', 320, load);
    await variants.get('c', 320, load);
    expect(reads).toBe(3);
    expect(variants.keptBytes).toBeLessThanOrEqual(size * 2);

    await variants.get('a', 320, load);
    expect(reads).toBe(3);
    await variants.get('b', 320, load);
    expect(reads).toBe(4);
  });
});
