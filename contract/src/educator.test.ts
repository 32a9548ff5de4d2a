import { describe, expect, it } from 'vitest';
import {
  addCourseDataSchema,
  LECTURE_DURATION_MESSAGE,
  LECTURE_URL_MESSAGE,
  lectureInputSchema,
  PRICE_MAX_MESSAGE,
} from './educator';
import { LECTURE_DURATION_MAX_MINUTES } from './rules/duration';
import { COURSE_PRICE_MAX } from './rules/pricing';

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

  it('when the duration is over 24 hours, then the duration message; at 24 hours it passes', () => {
    for (const lectureDuration of [LECTURE_DURATION_MAX_MINUTES + 0.5, 1e300, Number.MAX_VALUE]) {
      const result = lectureInputSchema.safeParse({
        lectureTitle: 'A',
        lectureUrl: '',
        lectureDuration,
      });
      expect(messages(result)).toEqual([LECTURE_DURATION_MESSAGE]);
    }
    expect(
      lectureInputSchema.safeParse({
        lectureTitle: 'A',
        lectureUrl: '',
        lectureDuration: LECTURE_DURATION_MAX_MINUTES,
      }).success,
    ).toBe(true);
  });

  it('when the duration is infinite, then it is refused', () => {
    const result = lectureInputSchema.safeParse({
      lectureTitle: 'A',
      lectureUrl: '',
      lectureDuration: Number.POSITIVE_INFINITY,
    });
    expect(result.success).toBe(false);
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

  it('when only the required fields are sent, then description and content default to empty, and the course is published', () => {
    expect(addCourseDataSchema.parse(valid)).toEqual({
      courseTitle: 'Português',
      courseDescription: '',
      coursePrice: 19.99,
      discount: 15,
      courseContent: [],
      status: 'published',
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

  it('when the price is over 1,000,000, then the price-limit message; at the limit it passes', () => {
    for (const coursePrice of [COURSE_PRICE_MAX + 0.01, 99_999_999.99, Number.MAX_VALUE]) {
      expect(messages(addCourseDataSchema.safeParse({ ...valid, coursePrice }))).toContain(
        PRICE_MAX_MESSAGE,
      );
    }
    expect(addCourseDataSchema.safeParse({ ...valid, coursePrice: COURSE_PRICE_MAX }).success).toBe(
      true,
    );
  });

  it('when the title holds a right-to-left override or a zero-width space, then the title is refused by name', () => {
    for (const courseTitle of ['Curso \u202Egnp.exe', 'Pay\u200BPal']) {
      expect(messages(addCourseDataSchema.safeParse({ ...valid, courseTitle }))).toEqual([
        'O título do curso contém caracteres não permitidos (de controle ou invisíveis)',
      ]);
    }
  });

  it('when the title is decomposed, then it is stored composed (NFC)', () => {
    const parsed = addCourseDataSchema.parse({ ...valid, courseTitle: 'Introduc\u0327a\u0303o' });
    expect(parsed.courseTitle).toBe('Introdução');
  });

  it('when the description holds line breaks and tabs, then they are kept; NUL is refused', () => {
    const courseDescription = '<p>Linha 1</p>\n\t<p>Linha 2</p>';
    expect(addCourseDataSchema.parse({ ...valid, courseDescription }).courseDescription).toBe(
      courseDescription,
    );
    expect(
      messages(addCourseDataSchema.safeParse({ ...valid, courseDescription: '<p>a\u0000</p>' })),
    ).toEqual(['A descrição contém caracteres não permitidos (de controle ou invisíveis)']);
  });

  it('when a lecture id holds NUL, then the lecture id is refused by name', () => {
    const result = addCourseDataSchema.safeParse({
      ...valid,
      courseContent: [
        {
          chapterTitle: 'C',
          chapterContent: [{ lectureId: 'a\u0000', lectureTitle: 'A', lectureUrl: '' }],
        },
      ],
    });
    expect(messages(result)).toEqual([
      'O identificador da aula contém caracteres não permitidos (de controle ou invisíveis)',
    ]);
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
