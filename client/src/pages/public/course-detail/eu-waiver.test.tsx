import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EU_WAIVER_TEXT } from '@aprendiz/contract/rules/guarantee';
import { stubApi } from '../../../test/api-stub';
import { courseDetail, NO_REVIEWS } from '../../../test/course-fixtures';
import { LOADED, renderWithProviders, testUser } from '../../../test/render';
import CourseDetailPage, { loader } from '../course-detail';

const course = courseDetail();

describe('the EU waiver on the course page', () => {
  it('when prices are in euros, then the waiver box is offered unticked, and ticked it travels with the purchase', async () => {
    const { calls } = stubApi((request) => {
      if (request.url === `/api/course/${course._id}`)
        return { data: { success: true, courseData: course } };
      if (request.url === '/api/user/purchase')
        return { data: { success: true, session_url: '/checkout/abc' } };
      return { data: NO_REVIEWS };
    });
    renderWithProviders(<CourseDetailPage />, {
      route: `/course/${course._id}`,
      path: '/course/:id',
      loader,
      auth: { user: testUser },
      // A deployment charging in euros (the server writes its storefront onto the page).
      storefront: { currency: 'eur', methods: ['card'] },
    });
    const panel = await screen.findByRole('complementary', { name: 'Preço e inscrição' }, LOADED);
    const waiver = within(panel).getByRole('checkbox', { name: EU_WAIVER_TEXT });
    expect(waiver).not.toBeChecked();
    // The course offers 7 days; in euros the guarantee line names the EU's 14, as the box does.
    expect(course.guaranteeDays).toBe(7);
    expect(
      within(panel).getByText('Garantia de 14 dias: peça o reembolso em Meus cursos'),
    ).toBeInTheDocument();
    expect(within(panel).queryByText(/Garantia de 7 dias/)).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(waiver);
    await user.click(within(panel).getByRole('button', { name: 'Acessar Curso' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.url === '/api/user/purchase')?.body).toEqual({
        courseId: course._id,
        euWaiver: true,
      }),
    );
  });

  it('when prices are in kwanzas, then no waiver box is offered', async () => {
    stubApi((request) =>
      request.url === `/api/course/${course._id}`
        ? { data: { success: true, courseData: course } }
        : { data: NO_REVIEWS },
    );
    renderWithProviders(<CourseDetailPage />, {
      route: `/course/${course._id}`,
      path: '/course/:id',
      loader,
      auth: { user: testUser },
      storefront: { currency: 'aoa', methods: ['card'] },
    });
    const panel = await screen.findByRole('complementary', { name: 'Preço e inscrição' }, LOADED);
    expect(within(panel).getByRole('button', { name: 'Acessar Curso' })).toBeInTheDocument();
    expect(within(panel).queryByRole('checkbox', { name: EU_WAIVER_TEXT })).not.toBeInTheDocument();
    expect(
      within(panel).getByText('Garantia de 7 dias: peça o reembolso em Meus cursos'),
    ).toBeInTheDocument();
  });
});
