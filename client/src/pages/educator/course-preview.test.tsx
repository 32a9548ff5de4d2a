import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EducatorCourseDetail } from '@aprendiz/contract/educator';
import { stubApi } from '../../test/api-stub';
import { renderWithProviders, testUser } from '../../test/render';
import CoursePreviewPage, { loader } from './course-preview';

const ID = '7d2f5c1e-0000-4000-8000-00000000000a';
const draft: EducatorCourseDetail = {
  _id: ID,
  courseTitle: 'Rascunho em revisão',
  courseDescription: '',
  courseThumbnail: '/uploads/capa.webp',
  coursePrice: 0,
  discount: 0,
  category: null,
  level: null,
  status: 'draft',
  studentCount: 0,
  createdAt: '2025-03-09T12:00:00.000Z',
  courseContent: [
    {
      chapterId: 'ch-1',
      chapterTitle: 'Início',
      chapterOrder: 1,
      chapterContent: [
        {
          lectureId: 'lec-1',
          lectureTitle: 'Primeira',
          lectureDuration: 5,
          lectureUrl: 'https://youtu.be/dQw4w9WgXcQ',
          isPreviewFree: false,
          lectureOrder: 1,
        },
        {
          lectureId: 'lec-2',
          lectureTitle: 'Segunda',
          lectureDuration: 7,
          lectureUrl: 'https://youtu.be/dQw4w9WgXcQ',
          isPreviewFree: false,
          lectureOrder: 2,
        },
      ],
    },
  ],
};

describe('CoursePreviewPage', { timeout: 20_000 }, () => {
  it('when the owner previews a draft, then its first lecture plays in the player layout, marked as a preview, and choosing lectures records nothing', async () => {
    const { calls } = stubApi(() => ({ data: { success: true, courseData: draft } }));
    const user = userEvent.setup();
    renderWithProviders(<CoursePreviewPage />, {
      route: `/educator/course/${ID}/preview`,
      path: '/educator/course/:id/preview',
      loader,
      auth: { user: testUser },
      app: { isEducator: true },
    });

    expect(await screen.findByRole('heading', { name: '1.1 Primeira' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Modo de pré-visualização (Rascunho)');
    await user.click(screen.getByRole('button', { name: /Segunda/ }));

    expect(await screen.findByRole('heading', { name: '1.2 Segunda' })).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET /api/educator/course/${ID}`,
    ]);
  });

  it('when the course is not the educator’s, then the server message and a retry', async () => {
    stubApi(() => ({ status: 404, data: { success: false, message: 'Curso não encontrado' } }));
    renderWithProviders(<CoursePreviewPage />, {
      route: `/educator/course/${ID}/preview`,
      path: '/educator/course/:id/preview',
      loader,
      auth: { user: testUser },
      app: { isEducator: true },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Curso não encontrado');
  });
});
