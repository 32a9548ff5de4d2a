export { users } from './users';
export { courses } from './courses';
export { enrollments } from './enrollments';
export { purchases } from './purchases';
export { ratings } from './ratings';
export { lectureProgress } from './lecture-progress';
export { contactMessages } from './contact-messages';
export { processedEvents } from './processed-events';
