import sharp from 'sharp';

/**
 * sharp, with libvips' operation cache bounded: by default it keeps up to 50 MB of recently
 * decoded images and 20 open files for the life of the process. Uploads and thumbnail variants
 * are each made once (the results are stored), so repeats are rare and a small cache loses
 * nothing. Every module takes sharp from here so the bound holds before the first image.
 */
export const IMAGE_CACHE_LIMITS = { memory: 16, files: 0, items: 20 };
sharp.cache(IMAGE_CACHE_LIMITS);

export { sharp };
