import { describe, expect, it } from 'vitest';
import {
  findIncompleteLectures,
  INCOMPLETE_LECTURES_NAMED,
  lectureProblems,
} from './incomplete-lectures';

const lecture = (lectureTitle: string, lectureUrl: string) => ({ lectureTitle, lectureUrl });

describe('lectureProblems', () => {
  it('when a lecture has a title and a YouTube link, then it has no problem', () => {
    expect(lectureProblems(lecture('Boas-vindas', 'https://youtu.be/rfscVS0vtbw'))).toEqual([]);
    expect(
      lectureProblems(lecture('Boas-vindas', 'https://www.youtube.com/watch?v=rfscVS0vtbw')),
    ).toEqual([]);
  });

  it('when the title is empty or only spaces, then it is missing', () => {
    expect(lectureProblems(lecture('', 'https://youtu.be/rfscVS0vtbw'))).toEqual(['missingTitle']);
    expect(lectureProblems(lecture('   ', 'https://youtu.be/rfscVS0vtbw'))).toEqual([
      'missingTitle',
    ]);
  });

  it('when the URL is empty, then the video is missing; when no video id can be read from it, then it is unplayable', () => {
    expect(lectureProblems(lecture('Aula', ''))).toEqual(['missingVideo']);
    expect(lectureProblems(lecture('Aula', 'https://youtu.be/'))).toEqual(['unplayableVideo']);
    expect(lectureProblems(lecture('Aula', 'https://example.com'))).toEqual(['unplayableVideo']);
  });

  it('when both title and URL are empty, then both problems are named, title first', () => {
    expect(lectureProblems(lecture('', ''))).toEqual(['missingTitle', 'missingVideo']);
  });
});

describe('findIncompleteLectures', () => {
  it('when some lectures are incomplete, then each is named by chapter and lecture position, counting from 1', () => {
    const result = findIncompleteLectures([
      {
        chapterContent: [lecture('', 'https://youtu.be/a1'), lecture('Ok', 'https://youtu.be/a2')],
      },
      { chapterContent: [] },
      {
        chapterContent: [
          lecture('Ok', 'https://youtu.be/a3'),
          lecture('Ok', 'https://youtu.be/a4'),
          lecture('Sem vídeo', ''),
        ],
      },
    ]);

    expect(result).toEqual({
      count: 2,
      lectures: [
        { chapter: 1, lecture: 1, problems: ['missingTitle'] },
        { chapter: 3, lecture: 3, problems: ['missingVideo'] },
      ],
    });
  });

  it('when every lecture is complete, or there are none, then the count is 0', () => {
    expect(findIncompleteLectures([])).toEqual({ count: 0, lectures: [] });
    expect(
      findIncompleteLectures([{ chapterContent: [lecture('Ok', 'https://youtu.be/a1')] }]),
    ).toEqual({ count: 0, lectures: [] });
  });

  it(`when more than ${INCOMPLETE_LECTURES_NAMED} lectures are incomplete, then all are counted and the first ${INCOMPLETE_LECTURES_NAMED} named`, () => {
    const many = Array.from({ length: 25 }, () => lecture('', ''));
    const result = findIncompleteLectures([{ chapterContent: many }]);

    expect(result.count).toBe(25);
    expect(result.lectures.map((item) => item.lecture)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
