/** Durations are minutes; no lecture is longer than a day. */
export const LECTURE_DURATION_MAX_MINUTES = 24 * 60;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Durations are stored in minutes and shown in whole hours and minutes, in Portuguese: '1 hora, 30
 * minutos', '45 minutos', '0 minutos'. Written here rather than with humanize-duration, which says
 * the same (duration.test.ts compares them) but carries every language: 7 kB gzip on the course
 * page and My Courses, and the longest task of their hydration on a slow phone.
 */
export function formatMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  const parts = hours > 0 ? [plural(hours, 'hora', 'horas')] : [];
  if (rest > 0 || hours === 0) parts.push(plural(rest, 'minuto', 'minutos'));
  return parts.join(', ');
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
