import { describe, expect, it } from 'vitest';
import type { CourseContent } from '../courses';
import type { ChapterInput } from '../educator';
import {
  findLecture,
  firstIncompleteLecture,
  lectureAfterQuiz,
  nextLecture,
  normaliseCourseContent,
  resumeSecond,
} from './lectures';

function counter(): () => string {
  let n = 0;
  return () => `novo-${++n}`;
}

describe('normaliseCourseContent', () => {
  it('when chapters and lectures arrive, then orders are 1, 2, … in array order', () => {
    const input: ChapterInput[] = [
      {
        chapterId: 'c1',
        chapterTitle: 'Introdução',
        chapterContent: [
          { lectureId: 'l1', lectureTitle: 'A', lectureUrl: '', lectureDuration: 5 },
          { lectureId: 'l2', lectureTitle: 'B', lectureUrl: '', isPreviewFree: true },
        ],
      },
      { chapterId: 'c2', chapterTitle: 'Verbos', chapterContent: [] },
    ];
    const content = normaliseCourseContent(input, counter());
    expect(content.map((c) => c.chapterOrder)).toEqual([1, 2]);
    expect(content[0]!.chapterContent.map((l) => l.lectureOrder)).toEqual([1, 2]);
    expect(content[1]!.chapterContent).toEqual([]);
  });

  it('when optional lecture fields are missing, then duration 0 and not a free preview', () => {
    const [chapter] = normaliseCourseContent(
      [
        {
          chapterId: 'c1',
          chapterTitle: '',
          chapterContent: [{ lectureId: 'l1', lectureTitle: '', lectureUrl: '' }],
        },
      ],
      counter(),
    );
    expect(chapter!.chapterContent[0]).toEqual({
      lectureId: 'l1',
      lectureTitle: '',
      lectureDuration: 0,
      lectureUrl: '',
      isPreviewFree: false,
      lectureOrder: 1,
    });
  });

  it('when ids are missing, empty or repeated, then fresh ids make every id in the course unique', () => {
    const content = normaliseCourseContent(
      [
        {
          chapterTitle: 'Sem id',
          chapterContent: [
            { lectureId: 'x', lectureTitle: '', lectureUrl: '' },
            { lectureId: 'x', lectureTitle: '', lectureUrl: '' },
            { lectureId: '', lectureTitle: '', lectureUrl: '' },
          ],
        },
        {
          chapterId: 'x',
          chapterTitle: 'Repetido',
          chapterContent: [{ lectureTitle: '', lectureUrl: '' }],
        },
      ],
      counter(),
    );
    expect(content[0]!.chapterId).toBe('novo-1');
    expect(content[0]!.chapterContent.map((l) => l.lectureId)).toEqual(['x', 'novo-2', 'novo-3']);
    expect(content[1]!.chapterId).toBe('novo-4');
    expect(content[1]!.chapterContent[0]!.lectureId).toBe('novo-5');
  });

  it('when the id generator repeats an id already taken, then it is asked again', () => {
    const ids = ['l1', 'l1', 'fresh'];
    const content = normaliseCourseContent(
      [
        {
          chapterId: 'c1',
          chapterTitle: '',
          chapterContent: [
            { lectureId: 'l1', lectureTitle: '', lectureUrl: '' },
            { lectureTitle: '', lectureUrl: '' },
          ],
        },
      ],
      () => ids.shift()!,
    );
    expect(content[0]!.chapterContent.map((l) => l.lectureId)).toEqual(['l1', 'fresh']);
  });

  it('when there are no chapters, then the content is empty', () => {
    expect(normaliseCourseContent([], counter())).toEqual([]);
  });
});

const lecture = (lectureId: string, lectureOrder: number) => ({
  lectureId,
  lectureTitle: lectureId,
  lectureDuration: 10,
  lectureUrl: `https://youtu.be/${lectureId}`,
  isPreviewFree: false,
  lectureOrder,
});

const content: CourseContent = [
  {
    chapterId: 'c1',
    chapterTitle: 'Um',
    chapterOrder: 1,
    chapterContent: [lecture('a', 1), lecture('b', 2)],
  },
  { chapterId: 'c2', chapterTitle: 'Vazio', chapterOrder: 2, chapterContent: [] },
  { chapterId: 'c3', chapterTitle: 'Três', chapterOrder: 3, chapterContent: [lecture('c', 1)] },
];

describe('findLecture', () => {
  it('when the id exists in any chapter, then that lecture', () => {
    expect(findLecture(content, 'c')?.lectureUrl).toBe('https://youtu.be/c');
  });

  it('when the id is unknown, then undefined', () => {
    expect(findLecture(content, 'z')).toBeUndefined();
  });
});

describe('firstIncompleteLecture', () => {
  it('when some lectures are done, then the first one not done in course order', () => {
    expect(firstIncompleteLecture(content, ['a'])?.lectureId).toBe('b');
    expect(firstIncompleteLecture(content, ['a', 'b'])?.lectureId).toBe('c');
    expect(firstIncompleteLecture(content, [])?.lectureId).toBe('a');
  });

  it('when every lecture is done, then the first lecture', () => {
    expect(firstIncompleteLecture(content, ['a', 'b', 'c'])?.lectureId).toBe('a');
  });

  it('when the course has no lectures, then null', () => {
    expect(firstIncompleteLecture([], [])).toBeNull();
    expect(firstIncompleteLecture([{ ...content[1]! }], [])).toBeNull();
  });
});

describe('nextLecture', () => {
  it('when a lecture ends a chapter, then the next comes from the next non-empty chapter', () => {
    expect(nextLecture(content, 'a')?.lectureId).toBe('b');
    expect(nextLecture(content, 'b')?.lectureId).toBe('c');
  });

  it('when it is the last lecture or unknown, then null', () => {
    expect(nextLecture(content, 'c')).toBeNull();
    expect(nextLecture(content, 'z')).toBeNull();
  });
});

describe('lectureAfterQuiz', () => {
  const quiz = (quizId: string) => ({
    quizId,
    title: 'Revisão',
    passPercent: 70,
    maxAttempts: null,
    required: true,
    questionCount: 3,
  });
  const withQuizzes: CourseContent = [
    { ...content[0]!, quiz: quiz('q1') },
    content[1]!,
    { ...content[2]!, quiz: quiz('q3') },
  ];

  it('when a chapter’s quiz is passed, then the first lecture of the next chapter that has one', () => {
    expect(lectureAfterQuiz(withQuizzes, 'q1')?.lectureId).toBe('c');
  });

  it('when it is the last chapter’s quiz or an unknown one, then null', () => {
    expect(lectureAfterQuiz(withQuizzes, 'q3')).toBeNull();
    expect(lectureAfterQuiz(withQuizzes, 'zz')).toBeNull();
  });
});

describe('resumeSecond', () => {
  it('when the learner left a lecture part-way, then it reopens at that second', () => {
    expect(resumeSecond(42, 10)).toBe(42);
    expect(resumeSecond(42.9, 10)).toBe(42);
  });

  it('when the learner had barely started, then the lecture opens at its start', () => {
    expect(resumeSecond(0, 10)).toBe(0);
    expect(resumeSecond(4, 10)).toBe(0);
    expect(resumeSecond(5, 10)).toBe(5);
  });

  it('when the learner reached the last 15 s or 5 % of the lecture, then it starts over', () => {
    // 10 minutes: the last 30 s (5 %) are the end.
    expect(resumeSecond(569, 10)).toBe(569);
    expect(resumeSecond(570, 10)).toBe(0);
    expect(resumeSecond(700, 10)).toBe(0);
    // 2 minutes: the last 15 s.
    expect(resumeSecond(104, 2)).toBe(104);
    expect(resumeSecond(105, 2)).toBe(0);
  });

  it('when the lecture has no stated length, then any second past the start is resumed', () => {
    expect(resumeSecond(3600, 0)).toBe(3600);
  });
});
