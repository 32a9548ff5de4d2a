/*
 * The educator's enrolled students: every enrollment in their courses, newest first, a page at a
 * time ('Ver mais'). Pages import only from here.
 */
export { loadStudents } from './load-students';
export { StudentTable } from './student-table';
