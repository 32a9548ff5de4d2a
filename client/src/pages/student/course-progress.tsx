import type { EnrolledCourse } from '@aprendiz/contract/learning';
import { countLectures } from '@aprendiz/contract/rules/duration';
import { progressPercent } from '@aprendiz/contract/rules/progress';
import { Line } from 'rc-progress';

export type ProgressFacts = { completed: number; total: number; percent: number };

/**
 * How far the learner is in a course. Only ids of lectures the course still has count: an educator
 * may have removed a lecture the learner had completed.
 */
export function courseProgress(
  course: Pick<EnrolledCourse, 'courseContent'>,
  completedIds: readonly string[],
): ProgressFacts {
  const done = new Set(completedIds);
  const completed = course.courseContent.reduce(
    (count, chapter) =>
      count + chapter.chapterContent.filter((lecture) => done.has(lecture.lectureId)).length,
    0,
  );
  const total = countLectures(course.courseContent);
  return { completed, total, percent: progressPercent(completed, total) };
}

export function lecturesDoneLabel({ completed, total }: ProgressFacts): string {
  return `${completed} de ${total} aulas`;
}

type CourseProgressBarProps = {
  progress: ProgressFacts;
  /** The progress bar's accessible name, e.g. 'Progresso em Python do Zero'. */
  label: string;
};

/** The rc-progress bar with the percent and 'x de y aulas' under it. */
export function CourseProgressBar({ progress, label }: CourseProgressBarProps) {
  return (
    <div className="w-full">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${progress.percent}%, ${lecturesDoneLabel(progress)}`}
      >
        <Line
          percent={progress.percent}
          strokeWidth={2}
          trailWidth={2}
          strokeColor={progress.percent === 100 ? '#15803d' : '#2563eb'}
          trailColor="#e2e8f0"
          // A round cap draws a dot even at 0%, which reads as progress made.
          strokeLinecap={progress.percent === 0 ? 'butt' : 'round'}
          className="block h-2 w-full"
        />
      </div>
      <p className="mt-1.5 flex flex-wrap justify-between gap-x-3 text-sm text-slate-700">
        <span className="font-medium text-slate-900">{progress.percent}%</span>
        <span>{lecturesDoneLabel(progress)}</span>
      </p>
    </div>
  );
}
