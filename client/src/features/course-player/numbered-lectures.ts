import type { CourseContent, Lecture } from '@aprendiz/contract/courses';

/** 'chapter.lecture', both counted from 1 in course order, e.g. '1.2'. */
export function lectureNumber(chapterIndex: number, lectureIndex: number): string {
  return `${chapterIndex + 1}.${lectureIndex + 1}`;
}

/** The lecture with the number the player shows before its title, or null for an unknown id. */
export function findNumberedLecture(
  content: CourseContent,
  lectureId: string,
): { lecture: Lecture; number: string } | null {
  for (const [chapterIndex, chapter] of content.entries()) {
    const lectureIndex = chapter.chapterContent.findIndex(
      (lecture) => lecture.lectureId === lectureId,
    );
    if (lectureIndex !== -1) {
      return {
        lecture: chapter.chapterContent[lectureIndex],
        number: lectureNumber(chapterIndex, lectureIndex),
      };
    }
  }
  return null;
}
