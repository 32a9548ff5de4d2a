import type { CourseCompletion } from '@aprendiz/contract/rules/quiz-grading';
import { Line } from 'rc-progress';

/**
 * How far a learner is in a course, as the server or the player worked it out. The bar is a shared
 * component, apart from the player: My Courses draws one per course and should not bring the
 * player's code with it.
 */
export type ProgressFacts = CourseCompletion;

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
