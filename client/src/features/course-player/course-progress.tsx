import type { EnrolledCourse } from '@aprendiz/contract/learning';
import { courseCompletion, type CourseCompletion } from '@aprendiz/contract/rules/quiz-grading';
import { Line } from 'rc-progress';

export type ProgressFacts = CourseCompletion;

/**
 * How far the learner is in a course: lectures completed and, where a chapter ends with a required
 * quiz, that quiz passed (the rule is contract's `courseCompletion`; a course without quizzes reads as
 * lectures alone).
 */
export function courseProgress(
  course: Pick<EnrolledCourse, 'courseContent'>,
  completedIds: Iterable<string>,
  passedQuizIds: Iterable<string>,
): ProgressFacts {
  return courseCompletion(course.courseContent, completedIds, passedQuizIds);
}

export function lecturesDoneLabel(progress: ProgressFacts): string {
  const lectures = `${progress.lecturesCompleted} de ${progress.lectures} aulas`;
  if (progress.quizzesRequired === 0) return lectures;
  const noun = progress.quizzesRequired === 1 ? 'questionário' : 'questionários';
  return `${lectures} · ${progress.quizzesPassed} de ${progress.quizzesRequired} ${noun}`;
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
