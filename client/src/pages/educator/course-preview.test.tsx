import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { educatorCourseDetail } from '../../test/course-fixtures';
import { renderWithProviders, testUser } from '../../test/render';
import CoursePreviewPage, { loader } from './course-preview';

const draft = educatorCourseDetail({
  courseTitle: 'Rascunho em revisão',
  courseDescription: '',
  coursePrice: 0,
  discount: 0,
  status: 'draft',
  studentCount: 0,
});
const ID = draft._id;

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
