import type { CourseDetail, CourseSummary, Lecture } from '@aprendiz/contract/courses';
import type { UserData } from '@aprendiz/contract/auth';
import type { EducatorCourseDetail } from '@aprendiz/contract/educator';
import type { CourseReviewsResponse } from '@aprendiz/contract/reviews';

/** A catalogue entry with plausible values; override what the test is about. */
export function courseSummary(overrides: Partial<CourseSummary> = {}): CourseSummary {
  return {
    _id: '6f1c2a9e-1111-4c3b-9a7e-000000000001',
    courseTitle: 'JavaScript do Zero',
    courseThumbnail: '/uploads/js.webp',
    coursePrice: 19.99,
    discount: 15,
    discountEndsAt: null,
    educator: { _id: 'usr_educator', name: 'Carla Nunes', imageUrl: '' },
    studentCount: 42,
    ratingCount: 7,
    averageRating: 4,
    meanRating: 4.3,
    totalLectures: 3,
    totalDuration: 45,
    category: null,
    level: null,
    createdAt: '2025-04-11T10:00:00.000Z',
    ...overrides,
  };
}

export function lecture(overrides: Partial<Lecture> = {}): Lecture {
  return {
    lectureId: 'lec-1',
    lectureTitle: 'Boas-vindas',
    lectureDuration: 10,
    lectureUrl: 'https://youtu.be/dQw4w9WgXcQ',
    isPreviewFree: true,
    lectureOrder: 1,
    ...overrides,
  };
}

/** Two chapters: a free preview and a locked lecture (no URL) in the first, one lecture in the second. */
export function courseDetail(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    ...courseSummary(),
    courseDescription: '<h2>Sobre o curso</h2><p>Aprenda <strong>JavaScript</strong> do zero.</p>',
    guaranteeDays: 7,
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
            lectureUrl: '',
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
            lectureUrl: '',
            isPreviewFree: false,
            lectureOrder: 1,
          }),
        ],
      },
    ],
    ...overrides,
  };
}

export function userData(overrides: Partial<UserData> = {}): UserData {
  return {
    _id: 'usr_test',
    name: 'Ana Souza',
    email: 'ana@example.com',
    imageUrl: '',
    role: 'student',
    emailVerified: true,
    enrolledCourses: [],
    educatorTitle: 'educador',
    ...overrides,
  };
}

/**
 * The educator's own course as the edit and preview pages read it: one chapter of two lectures, the
 * first a free preview; override what the test is about.
 */
export function educatorCourseDetail(
  overrides: Partial<EducatorCourseDetail> = {},
): EducatorCourseDetail {
  return {
    _id: '7d2f5c1e-0000-4000-8000-000000000009',
    courseTitle: 'Título com gralha',
    courseDescription: '<p>Sobre</p>',
    courseThumbnail: '/uploads/capa.webp',
    coursePrice: 20,
    discount: 5,
    discountEndsAt: null,
    guaranteeDays: 7,
    watermark: false,
    category: null,
    level: null,
    status: 'published',
    studentCount: 2,
    createdAt: '2025-03-09T12:00:00.000Z',
    courseContent: [
      {
        chapterId: 'ch-1',
        chapterTitle: 'Início',
        chapterOrder: 1,
        chapterContent: [
          lecture({ lectureId: 'lec-1', lectureTitle: 'Primeira', lectureDuration: 5 }),
          lecture({
            lectureId: 'lec-2',
            lectureTitle: 'Segunda',
            lectureDuration: 7,
            isPreviewFree: false,
            lectureOrder: 2,
          }),
        ],
      },
    ],
    ...overrides,
  };
}

/** GET /api/course/:id/reviews for a course nobody has reviewed. */
export const NO_REVIEWS: CourseReviewsResponse = {
  success: true,
  reviews: [],
  distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
  total: 0,
  page: 1,
  pageSize: 10,
  averageRating: 0,
  meanRating: 0,
  ratingCount: 0,
};
