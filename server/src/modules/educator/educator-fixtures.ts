import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import type { AddCourseDataInput } from '@aprendiz/contract/educator';

/** Test data only: real encoded images, made by sharp so every format is genuine. */
export function makeImage(
  format: 'png' | 'jpeg' | 'webp',
  width: number,
  height: number,
): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  });
  const encoded = {
    png: () => image.png(),
    jpeg: () => image.jpeg({ quality: 90 }),
    webp: () => image.webp(),
  };
  return encoded[format]().toBuffer();
}

export function validCourseData(overrides: Partial<AddCourseDataInput> = {}): AddCourseDataInput {
  return {
    courseTitle: 'TypeScript na prática',
    courseDescription: '<h2>Sobre</h2><p>Tipos <strong>fortes</strong>.</p>',
    coursePrice: 49.9,
    discount: 10,
    courseContent: [
      {
        chapterId: 'cap-a',
        chapterTitle: 'Começo',
        chapterContent: [
          {
            lectureId: 'aula-1',
            lectureTitle: 'Instalar',
            lectureDuration: 12,
            lectureUrl: 'https://youtu.be/abc123',
            isPreviewFree: true,
          },
          // A duplicate id and a missing one: the server must make both unique.
          {
            lectureId: 'aula-1',
            lectureTitle: 'Configurar',
            lectureDuration: 8.5,
            lectureUrl: 'https://youtu.be/def456',
          },
        ],
      },
      {
        chapterTitle: 'Fim',
        chapterContent: [{ lectureTitle: 'Resumo', lectureDuration: 5, lectureUrl: '' }],
      },
    ],
    ...overrides,
  };
}

/** Files in a directory, or none when it was never created. */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}
