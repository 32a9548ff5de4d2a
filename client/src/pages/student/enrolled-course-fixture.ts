import type { EnrolledCourse } from '@aprendiz/contract/learning';
import { courseDetail, lecture } from '../../test/course-fixtures';

/**
 * An enrolled course as GET /api/user/enrolled-courses sends it: every lecture URL present, three
 * lectures over two chapters (1.1 and 1.2, then 2.1), none completed, not rated.
 */
export function enrolledCourse(overrides: Partial<EnrolledCourse> = {}): EnrolledCourse {
  return {
    ...courseDetail({
      courseContent: [
        {
          chapterId: 'ch-1',
          chapterTitle: 'Introdução',
          chapterOrder: 1,
          chapterContent: [
            lecture(),
            lecture({
              lectureId: 'lec-2',
              lectureTitle: 'Variáveis',
              lectureDuration: 20,
              lectureUrl: 'https://www.youtube.com/watch?v=abc123XYZ09',
              isPreviewFree: false,
              lectureOrder: 2,
            }),
          ],
        },
        {
          chapterId: 'ch-2',
          chapterTitle: 'Funções',
          chapterOrder: 2,
          chapterContent: [
            lecture({
              lectureId: 'lec-3',
              lectureTitle: 'Declarando funções',
              lectureDuration: 75,
              lectureUrl: 'https://youtu.be/fun3ctions1',
              isPreviewFree: false,
              lectureOrder: 1,
            }),
          ],
        },
      ],
    }),
    myRating: null,
    lectureCompleted: [],
    enrolledAt: '2025-05-02T09:00:00.000Z',
    ...overrides,
  };
}
