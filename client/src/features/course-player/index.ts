export { courseProgress, CourseProgressBar, type ProgressFacts } from './course-progress';
export { CourseStructure } from './lecture-list';
export { LectureScreen } from './lecture-screen';
export { findNumberedLecture } from './numbered-lectures';
export { loader, shouldRevalidate, type PlayerData, type ResumePoint } from './resume-point';
export { useCourseRating } from './use-course-rating';
export { useLecturePosition } from './use-lecture-position';
export { useLectureProgress } from './use-lecture-progress';
export { CoursePlayer } from './course-player';
