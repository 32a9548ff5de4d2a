import { describe, expect, it } from 'vitest';
import { describeIncompleteLectures, describeLectureProblems } from './incomplete-lectures';

describe('describeIncompleteLectures', () => {
  it('when there is none, then the text is empty', () => {
    expect(describeIncompleteLectures({ count: 0, lectures: [] })).toBe('');
  });

  it('when there is one, then it is named in the singular', () => {
    expect(
      describeIncompleteLectures({
        count: 1,
        lectures: [{ chapter: 2, lecture: 3, problems: ['missingVideo'] }],
      }),
    ).toBe('Aula incompleta: 2.3 sem vídeo');
  });

  it('when more exist than are named, then the rest are counted', () => {
    const lectures = Array.from({ length: 10 }, (_, index) => ({
      chapter: 1,
      lecture: index + 1,
      problems: ['missingTitle' as const],
    }));
    expect(describeIncompleteLectures({ count: 13, lectures })).toBe(
      `Aulas incompletas: ${lectures.map((item) => `1.${item.lecture} sem título`).join(', ')} e mais 3`,
    );
  });
});

describe('describeLectureProblems', () => {
  it('when a lecture has several problems, then they are joined with e', () => {
    expect(describeLectureProblems(['missingTitle', 'unplayableVideo'])).toBe(
      'sem título e com link de vídeo inválido',
    );
  });
});
