import { describe, expect, it } from 'vitest';
import { addRatingBodySchema, updateProgressBodySchema } from './learning';

const courseId = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';

describe('addRatingBodySchema', () => {
  it('when the rating is a whole number from 1 to 5, then it is accepted', () => {
    for (const rating of [1, 3, 5])
      expect(addRatingBodySchema.safeParse({ courseId, rating }).success).toBe(true);
  });

  it('when the rating is out of range, fractional or a string, then the rating message', () => {
    for (const rating of [0, 6, 2.5, '4']) {
      const result = addRatingBodySchema.safeParse({ courseId, rating });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        'A avaliação deve ser um número inteiro de 1 a 5',
      ]);
    }
  });

  it('when the course id is not a UUID, then "Identificador inválido"', () => {
    const result = addRatingBodySchema.safeParse({ courseId: 'abc', rating: 3 });
    expect(result.error?.issues[0]?.message).toBe('Identificador inválido');
  });
});

describe('updateProgressBodySchema', () => {
  it('when the lecture id is empty or over 100 characters, then it is refused', () => {
    expect(updateProgressBodySchema.safeParse({ courseId, lectureId: '' }).success).toBe(false);
    expect(
      updateProgressBodySchema.safeParse({ courseId, lectureId: 'l'.repeat(101) }).success,
    ).toBe(false);
    expect(updateProgressBodySchema.safeParse({ courseId, lectureId: 'l1' }).success).toBe(true);
  });
});
