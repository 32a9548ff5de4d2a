import type { EnrolledCourse } from '@aprendiz/contract/learning';
import { courseCompletion } from '@aprendiz/contract/rules/quiz-grading';
import type { ProgressFacts } from '../../components/course-progress-bar';

export { CourseProgressBar, type ProgressFacts } from '../../components/course-progress-bar';

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
