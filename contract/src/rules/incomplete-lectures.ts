import { youtubeVideoId } from './youtube';

/**
 * What keeps a lecture from being watchable as the educator meant it. The spec accepts such
 * lectures on ADD, so they are only pointed out: without a title a learner sees a bare number
 * ('1.1'); without a URL, or with one the player finds no video id in, 'Este vídeo não está
 * disponível'.
 */
export const LECTURE_PROBLEMS = ['missingTitle', 'missingVideo', 'unplayableVideo'] as const;
export type LectureProblem = (typeof LECTURE_PROBLEMS)[number];

/** How many incomplete lectures are named one by one; the others are only counted. */
export const INCOMPLETE_LECTURES_NAMED = 10;

/** `chapter` and `lecture` count from 1 in course order, as the player numbers them ('1.2'). */
export interface IncompleteLecture {
  chapter: number;
  lecture: number;
  problems: LectureProblem[];
}

export interface IncompleteLectures {
  count: number;
  /** The first INCOMPLETE_LECTURES_NAMED of them, in course order. */
  lectures: IncompleteLecture[];
}

type LectureFields = Readonly<{ lectureTitle: string; lectureUrl: string; videoId?: string }>;
type ChapterFields = Readonly<{ chapterContent: readonly LectureFields[] }>;

export function lectureProblems(lecture: LectureFields): LectureProblem[] {
  const problems: LectureProblem[] = [];
  if (lecture.lectureTitle.trim() === '') problems.push('missingTitle');
  const url = lecture.lectureUrl.trim();
  if (lecture.videoId) return problems;
  if (url === '') problems.push('missingVideo');
  else if (youtubeVideoId(url) === '') problems.push('unplayableVideo');
  return problems;
}

/** Both the add-course form (its draft) and the educator's course list (stored content) use this. */
export function findIncompleteLectures(chapters: readonly ChapterFields[]): IncompleteLectures {
  let count = 0;
  const lectures: IncompleteLecture[] = [];
  chapters.forEach((chapter, chapterIndex) => {
    chapter.chapterContent.forEach((lecture, lectureIndex) => {
      const problems = lectureProblems(lecture);
      if (problems.length === 0) return;
      count += 1;
      if (lectures.length < INCOMPLETE_LECTURES_NAMED) {
        lectures.push({ chapter: chapterIndex + 1, lecture: lectureIndex + 1, problems });
      }
    });
  });
  return { count, lectures };
}
