import humanizeDuration from 'humanize-duration';

const MS_PER_MINUTE = 60_000;

/** Durations are minutes; no lecture is longer than a day. */
export const LECTURE_DURATION_MAX_MINUTES = 24 * 60;

/** Durations are stored in minutes and shown in hours and minutes. */
export function formatMinutes(minutes: number): string {
  return humanizeDuration(minutes * MS_PER_MINUTE, {
    language: 'pt',
    units: ['h', 'm'],
    round: true,
  });
}

/** Only what the sums read, so form drafts and API chapters both fit. */
interface TimedChapter {
  chapterContent: readonly { lectureDuration: number }[];
}

export function chapterMinutes(chapter: TimedChapter): number {
  return chapter.chapterContent.reduce((total, lecture) => total + lecture.lectureDuration, 0);
}

export function courseTotalMinutes(content: readonly TimedChapter[]): number {
  return content.reduce((total, chapter) => total + chapterMinutes(chapter), 0);
}

export function countLectures(content: readonly { chapterContent: readonly unknown[] }[]): number {
  return content.reduce((total, chapter) => total + chapter.chapterContent.length, 0);
}
