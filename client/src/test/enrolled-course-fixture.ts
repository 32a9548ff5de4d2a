import type { EnrolledCourse, EnrolledCourseSummary } from '@aprendiz/contract/learning';
import { countLectures, courseTotalMinutes } from '@aprendiz/contract/rules/duration';
import { courseCompletion } from '@aprendiz/contract/rules/quiz-grading';
import { courseDetail } from './course-fixtures';

// The links the server hides from visitors and sends to an enrolled student.
const UNLOCKED_URLS: Record<string, string> = {
  'lec-2': 'https://www.youtube.com/watch?v=abc123XYZ09',
  'lec-3': 'https://youtu.be/fun3ctions1',
};

/**
 * An enrolled course as GET /api/user/enrolled-courses sends it: the course of `courseDetail()` (three
 * lectures over two chapters: 1.1 and 1.2, then 2.1) with every lecture URL present, none completed,
 * not rated.
 */
export function enrolledCourse(overrides: Partial<EnrolledCourse> = {}): EnrolledCourse {
  const course = courseDetail();
  return {
    ...course,
    courseContent: course.courseContent.map((chapter) => ({
      ...chapter,
      chapterContent: chapter.chapterContent.map((lecture) => ({
        ...lecture,
        lectureUrl: UNLOCKED_URLS[lecture.lectureId] ?? lecture.lectureUrl,
      })),
    })),
    myRating: null,
    myReview: null,
    myReviewHidden: null,
    lectureCompleted: [],
    quizzesPassed: [],
    enrolledAt: '2025-05-02T09:00:00.000Z',
    refund: null,
    watermark: false,
    ...overrides,
  };
}

/**
 * The same course as My Enrollments' list carries it (GET /api/user/enrolled-courses): its summary
 * and the progress the server works out from its content by contract's rule, without the content.
 */
export function enrolledSummary(course: EnrolledCourse): EnrolledCourseSummary {
  const {
    courseContent,
    courseDescription: _description,
    myReview: _review,
    myReviewHidden: _reviewHidden,
    myRating,
    ...summary
  } = course;
  return {
    ...summary,
    // The server's totals are summed from the content, as these are.
    totalLectures: countLectures(courseContent),
    totalDuration: courseTotalMinutes(courseContent),
    myRating: myRating ?? null,
    progress: courseCompletion(courseContent, course.lectureCompleted, course.quizzesPassed),
  };
}
