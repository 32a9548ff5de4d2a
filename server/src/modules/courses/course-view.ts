import type { Chapter, CourseDetail, CourseSummary } from '@aprendiz/contract/courses';
import type { CourseDetailRow, CourseSummaryRow } from './courses.repository';

export function toCourseSummary(row: CourseSummaryRow): CourseSummary {
  return {
    _id: row.id,
    courseTitle: row.title,
    courseThumbnail: row.thumbnailUrl,
    coursePrice: Number(row.price),
    discount: row.discount,
    discountEndsAt: row.discountEndsAt?.toISOString() ?? null,
    educator: { _id: row.educatorId, name: row.educatorName, imageUrl: row.educatorImageUrl },
    studentCount: row.studentCount,
    ratingCount: row.ratingCount,
    averageRating: row.averageRating,
    meanRating: row.meanRating,
    totalLectures: row.totalLectures,
    totalDuration: row.totalDuration,
    category: row.category,
    level: row.level,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Only free-preview lectures keep their video link for callers who have not bought the course. */
export function hideLockedLectureUrls(content: Chapter[]): Chapter[] {
  return content.map((chapter) => ({
    ...chapter,
    chapterContent: chapter.chapterContent.map((lecture) =>
      lecture.isPreviewFree ? lecture : { ...lecture, lectureUrl: '' },
    ),
  }));
}

export function toCourseDetail(
  row: Omit<CourseDetailRow, 'isPublished' | 'viewerEnrolled' | 'status' | 'takedownKind'>,
  options: { showAllLectureUrls: boolean; includeMyRating: boolean },
): CourseDetail {
  return {
    ...toCourseSummary(row),
    courseDescription: row.descriptionHtml,
    guaranteeDays: row.guaranteeDays,
    courseContent: options.showAllLectureUrls ? row.content : hideLockedLectureUrls(row.content),
    ...(options.includeMyRating ? { myRating: row.myRating } : {}),
  };
}
