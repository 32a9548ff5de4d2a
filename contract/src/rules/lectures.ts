import type { Chapter, CourseContent, Lecture } from '../courses';
import type { ChapterInput } from '../educator';

/**
 * Turns the add-course form's chapters into stored content: orders are 1, 2, … in array order,
 * and every chapter and lecture gets an id no other item of the course has, because
 * progress is keyed by lecture id and a duplicate would mark two lectures at once.
 */
export function normaliseCourseContent(
  input: readonly ChapterInput[],
  newId: () => string,
): Chapter[] {
  const used = new Set<string>();
  const claim = (requested: string | undefined): string => {
    let id = requested;
    while (id === undefined || id === '' || used.has(id)) id = newId();
    used.add(id);
    return id;
  };

  return input.map((chapter, chapterIndex) => ({
    chapterId: claim(chapter.chapterId),
    chapterTitle: chapter.chapterTitle,
    chapterOrder: chapterIndex + 1,
    chapterContent: chapter.chapterContent.map((lecture, lectureIndex) => ({
      lectureId: claim(lecture.lectureId),
      lectureTitle: lecture.lectureTitle,
      lectureDuration: lecture.lectureDuration ?? 0,
      lectureUrl: lecture.lectureUrl,
      ...(lecture.videoId && { videoId: lecture.videoId }),
      isPreviewFree: lecture.isPreviewFree ?? false,
      lectureOrder: lectureIndex + 1,
    })),
  }));
}

function lecturesInOrder(content: CourseContent): Lecture[] {
  return content.flatMap((chapter) => chapter.chapterContent);
}

export function findLecture(content: CourseContent, lectureId: string): Lecture | undefined {
  return lecturesInOrder(content).find((lecture) => lecture.lectureId === lectureId);
}

/** Where the player resumes: the first lecture not yet completed, or the first one when all are done. */
export function firstIncompleteLecture(
  content: CourseContent,
  completedIds: readonly string[],
): Lecture | null {
  const lectures = lecturesInOrder(content);
  const completed = new Set(completedIds);
  return lectures.find((lecture) => !completed.has(lecture.lectureId)) ?? lectures[0] ?? null;
}

/** The lecture after the given one in course order, across chapter ends; null after the last or for an unknown id. */
/** The lecture a learner goes on to after a chapter's quiz: the first of the chapters after it. */
export function lectureAfterQuiz(content: CourseContent, quizId: string): Lecture | null {
  const index = content.findIndex((chapter) => chapter.quiz?.quizId === quizId);
  if (index === -1) return null;
  for (const chapter of content.slice(index + 1)) {
    const first = chapter.chapterContent[0];
    if (first) return first;
  }
  return null;
}

export function nextLecture(content: CourseContent, lectureId: string): Lecture | null {
  const lectures = lecturesInOrder(content);
  const index = lectures.findIndex((lecture) => lecture.lectureId === lectureId);
  return index === -1 ? null : (lectures[index + 1] ?? null);
}

/** A saved second below this is the lecture's start: a few seconds played is nothing to resume. */
export const RESUME_MIN_SECONDS = 5;
/** The tail of a lecture (credits, a last word) that counts as watched to the end. */
const END_MARGIN_SECONDS = 15;
const END_MARGIN_SHARE = 0.05;

/**
 * The second a lecture reopens at, from the one the learner left it at: 0 when they had barely
 * started, and 0 when they had reached its end (watching it again starts over, as a finished video
 * does everywhere). The end is the last 15 s or 5 % of the lecture's stated length, whichever is
 * longer; a lecture without a stated length never counts as finished.
 */
export function resumeSecond(savedSeconds: number, lectureMinutes: number): number {
  if (!Number.isFinite(savedSeconds) || savedSeconds < RESUME_MIN_SECONDS) return 0;
  const length = lectureMinutes * 60;
  if (length > 0) {
    const end = length - Math.max(END_MARGIN_SECONDS, length * END_MARGIN_SHARE);
    if (savedSeconds >= end) return 0;
  }
  return Math.floor(savedSeconds);
}
