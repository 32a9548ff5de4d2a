import { describe, expect, it } from 'vitest';
import { addCourseDataSchema, LECTURE_URL_MESSAGE, lectureInputSchema } from './educator';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('lectureInputSchema', () => {
  it('when duration and preview are missing, then they default to 0 and false and lectureOrder is dropped', () => {
    expect(lectureInputSchema.parse({ lectureTitle: '', lectureUrl: '', lectureOrder: 7 })).toEqual(
      {
        lectureTitle: '',
        lectureUrl: '',
        lectureDuration: 0,
        isPreviewFree: false,
      },
    );
  });

  it('when the duration is a string, NaN or negative, then it is refused', () => {
    for (const lectureDuration of ['10', Number.NaN, -1]) {
      expect(
        lectureInputSchema.safeParse({ lectureTitle: 'A', lectureUrl: '', lectureDuration })
          .success,
      ).toBe(false);
    }
  });

  it('when the URL is not http(s), then the Portuguese message', () => {
    for (const lectureUrl of ['javascript:alert(1)', 'ftp://x.pt/v', 'youtu.be/abc']) {
      const result = lectureInputSchema.safeParse({ lectureTitle: 'A', lectureUrl });
      expect(messages(result)).toEqual([LECTURE_URL_MESSAGE]);
    }
  });

  it('when the URL is empty or a web link, then it is accepted', () => {
    expect(lectureInputSchema.safeParse({ lectureTitle: 'A', lectureUrl: '' }).success).toBe(true);
    expect(
      lectureInputSchema.safeParse({ lectureTitle: 'A', lectureUrl: 'HTTPS://youtu.be/abc' })
        .success,
    ).toBe(true);
  });

  it('when the URL is over 2000 characters, then it is refused', () => {
    const lectureUrl = `https://a.pt/${'x'.repeat(1990)}`;
    expect(lectureInputSchema.safeParse({ lectureTitle: 'A', lectureUrl }).success).toBe(false);
  });
});

describe('addCourseDataSchema', () => {
  const valid = { courseTitle: ' Português ', coursePrice: 19.99, discount: 15 };

  it('when only the required fields are sent, then description and content default to empty', () => {
    expect(addCourseDataSchema.parse(valid)).toEqual({
      courseTitle: 'Português',
      courseDescription: '',
      coursePrice: 19.99,
      discount: 15,
      courseContent: [],
    });
  });

  it('when the title is blank, then the title message', () => {
    expect(messages(addCourseDataSchema.safeParse({ ...valid, courseTitle: '  ' }))).toEqual([
      'O título do curso é obrigatório',
    ]);
  });

  it('when the price is negative, a string or has more than two decimals, then "Preço inválido"', () => {
    for (const coursePrice of [-1, '10', 10.001]) {
      expect(messages(addCourseDataSchema.safeParse({ ...valid, coursePrice }))).toEqual([
        'Preço inválido',
      ]);
    }
  });

  it('when the price has cents that float cannot hold exactly, then it is still accepted', () => {
    for (const coursePrice of [0, 0.07, 1.15, 19.99, 33.33, 1234.56]) {
      expect(addCourseDataSchema.safeParse({ ...valid, coursePrice }).success).toBe(true);
    }
  });

  it('when the discount is not a whole number in 0..100, then the discount message', () => {
    for (const discount of [-1, 101, 12.5, '5']) {
      expect(messages(addCourseDataSchema.safeParse({ ...valid, discount }))).toEqual([
        'O desconto deve estar entre 0 e 100',
      ]);
    }
    expect(addCourseDataSchema.safeParse({ ...valid, discount: 100 }).success).toBe(true);
  });

  it('when chapters carry UI-only fields, then they are dropped', () => {
    const parsed = addCourseDataSchema.parse({
      ...valid,
      courseContent: [{ chapterTitle: 'C', chapterOrder: 3, collapsed: true, chapterContent: [] }],
    });
    expect(parsed.courseContent).toEqual([{ chapterTitle: 'C', chapterContent: [] }]);
  });

  it('when there are more than 100 chapters, then the course is refused', () => {
    const chapter = { chapterTitle: 'C', chapterContent: [] };
    expect(
      addCourseDataSchema.safeParse({ ...valid, courseContent: Array(101).fill(chapter) }).success,
    ).toBe(false);
    expect(
      addCourseDataSchema.safeParse({ ...valid, courseContent: Array(100).fill(chapter) }).success,
    ).toBe(true);
  });
});
