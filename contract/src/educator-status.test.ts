import { describe, expect, it } from 'vitest';
import { addCourseDataSchema, analyticsQuerySchema, updateCourseDataSchema } from './educator';

const base = { courseTitle: 'Curso', coursePrice: 10, discount: 0 };

describe('course status in the educator payloads', () => {
  it('when add-course sends no status, then the course is published; draft is kept; anything else is refused', () => {
    expect(addCourseDataSchema.parse(base).status).toBe('published');
    expect(addCourseDataSchema.parse({ ...base, status: 'draft' }).status).toBe('draft');
    expect(addCourseDataSchema.safeParse({ ...base, status: 'unpublished' }).success).toBe(false);
  });

  it('when an edit sends a status, then it is dropped: status changes only through publish and unpublish', () => {
    expect(updateCourseDataSchema.parse({ ...base, status: 'draft' })).not.toHaveProperty('status');
  });

  it('when the analytics period is 30 or 90, then that number; nothing means 30; anything else is refused in Portuguese', () => {
    expect(analyticsQuerySchema.parse({ days: '90' })).toEqual({ days: 90 });
    expect(analyticsQuerySchema.parse({})).toEqual({ days: 30 });
    const refused = analyticsQuerySchema.safeParse({ days: '7' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('O período deve ser 30 ou 90 dias');
  });
});
