import { progressPercent } from './progress';

export interface DailyTotals {
  /** YYYY-MM-DD, UTC. */
  date: string;
  enrollments: number;
  earnings: number;
}

const DAY_MS = 86_400_000;

/**
 * The last `days` UTC days up to and including `today`, oldest first, each with its totals or zeros:
 * a chart reads a day without enrollments as a zero, not as a gap.
 */
export function fillDailySeries(
  rows: readonly DailyTotals[],
  days: number,
  today: Date,
): DailyTotals[] {
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, index) => {
    const date = new Date(end - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10);
    const row = byDate.get(date);
    return {
      date,
      enrollments: row?.enrollments ?? 0,
      earnings: Math.round((row?.earnings ?? 0) * 100) / 100,
    };
  });
}

/** Learners who completed every lecture, as a floored percent of the enrolled ones. */
export function completionRate(finished: number, enrolled: number): number {
  return progressPercent(finished, enrolled);
}

export interface LectureCompletions {
  lectureId: string;
  lectureTitle: string;
  /** Learners who completed this lecture. */
  completed: number;
}

export interface DropOff {
  lectureId: string;
  lectureTitle: string;
  /** Learners who reached the lecture before this one (or enrolled, for the first) but not this one. */
  learners: number;
}

/**
 * Where most learners stop: the lecture, in course order, with the largest fall in completions from
 * the one before it (the first lecture is measured against the enrolled learners). Null when no
 * lecture loses anyone. The earliest lecture wins a tie: that is where the course loses them first.
 */
export function dropOffLecture(
  enrolled: number,
  lectures: readonly LectureCompletions[],
): DropOff | null {
  let best: DropOff | null = null;
  let before = enrolled;
  for (const lecture of lectures) {
    const lost = before - lecture.completed;
    if (lost > 0 && (best === null || lost > best.learners)) {
      best = { lectureId: lecture.lectureId, lectureTitle: lecture.lectureTitle, learners: lost };
    }
    before = lecture.completed;
  }
  return best;
}
