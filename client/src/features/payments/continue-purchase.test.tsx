import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { CourseDetail } from '@aprendiz/contract/courses';
import { stubApi, type StubRequest } from '../../test/api-stub';
import { BackButton } from '../../test/back-button';
import { courseDetail, NO_REVIEWS, userData } from '../../test/course-fixtures';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import type { AppContextValue } from '../../context/app-context';
import type { AuthUser } from '../../auth/auth-context';
import CourseDetailPage, { loader } from '../../pages/public/course-detail';

vi.mock('../../components/youtube-player-media', () => ({ default: () => null }));

const paid = courseDetail();
const free = courseDetail({ discount: 100 });

type Options = { user?: AuthUser | null; app?: Partial<AppContextValue> };

/**
 * The course page as sign-in leaves it (`search` in its address, the list before it in the
 * history), the pages a purchase leads to, and a Back button, as the browser has.
 */
function landOnCourse(
  course: CourseDetail,
  search: string,
  { user = testUser, app }: Options = {},
) {
  const { calls } = stubApi(({ method, url }) => {
    if (method === 'GET' && url === `/api/course/${course._id}`)
      return { data: { success: true, courseData: course } };
    if (url.startsWith(`/api/course/${course._id}/reviews`)) return { data: NO_REVIEWS };
    if (url === '/api/user/purchase')
      return { data: { success: true, session_url: '/checkout/compra-1' } };
    if (url === '/api/user/enroll-free-course')
      return { data: { success: true, message: 'Inscrito' } };
    return { status: 404, data: { success: false, message: 'Rota desconhecida' } };
  });
  const rendered = renderWithProviders(
    <>
      <Outlet />
      <BackButton />
    </>,
    {
      route: `/course/${course._id}${search}`,
      visited: ['/course-list'],
      routes: [
        { path: '/course-list', element: <h1>Lista de Cursos</h1> },
        { path: '/course/:id', element: <CourseDetailPage />, loader },
        { path: '/checkout/:purchaseId', element: <h1>Checkout</h1> },
        { path: '/my-enrollments', element: <h1>Meus Cursos</h1> },
      ],
      auth: { user },
      app: { userData: user ? userData() : null, ...app },
    },
  );
  return { calls, ...rendered };
}

const purchases = (calls: StubRequest[]) =>
  calls.filter(
    (call) => call.url === '/api/user/purchase' || call.url === '/api/user/enroll-free-course',
  );

/** Long enough for an effect that was going to act to have sent its request. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('going on with a purchase after signing in', { timeout: 20_000 }, () => {
  it('when a visitor presses Acessar Curso, then sign-in is asked to come back here with continuar=comprar, coupon kept', async () => {
    stubApi(({ url }) => {
      if (url === `/api/course/${paid._id}`) return { data: { success: true, courseData: paid } };
      if (url.endsWith('/quote'))
        return { status: 400, data: { success: false, message: 'Cupom inválido' } };
      return { data: NO_REVIEWS };
    });
    const user = userEvent.setup();
    const { auth } = renderWithProviders(<CourseDetailPage />, {
      route: `/course/${paid._id}?cupom=LANCAMENTO`,
      path: '/course/:id',
      loader,
    });
    const price = await screen.findByRole('complementary', { name: 'Preço e inscrição' }, LOADED);
    await user.click(within(price).getByRole('button', { name: 'Acessar Curso' }));
    expect(auth.openSignIn).toHaveBeenCalledWith(
      `/course/${paid._id}?cupom=LANCAMENTO&continuar=comprar`,
    );
  });

  it('when a learner lands signed in with continuar=comprar on a paid course, then the checkout opens once and Back shows the course without the request', async () => {
    const { calls, location } = landOnCourse(paid, '?continuar=comprar');
    expect(await screen.findByRole('heading', { name: 'Checkout' }, LOADED)).toBeInTheDocument();
    expect(location()).toBe('/checkout/compra-1');
    expect(purchases(calls)).toMatchObject([{ body: { courseId: paid._id } }]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Voltar' }));
    await screen.findByRole('complementary', { name: 'Preço e inscrição' }, LOADED);
    expect(location()).toBe(`/course/${paid._id}`);
    await settle();
    expect(purchases(calls)).toHaveLength(1);
  });

  it('when the course is free, then the enrollment is sent once and the address drops the request', async () => {
    const { calls, location } = landOnCourse(free, '?continuar=comprar&cupom=X');
    await waitFor(() => expect(purchases(calls)).toHaveLength(1), LOADED);
    expect(purchases(calls)[0]).toMatchObject({
      url: '/api/user/enroll-free-course',
      body: { courseId: free._id },
    });
    expect(location()).toBe(`/course/${free._id}?cupom=X`);
    expect(await screen.findByText('Inscrição realizada com sucesso!')).toBeInTheDocument();
  });

  it('when the learner’s enrollments are still being read, then nothing is bought until they are', async () => {
    const { calls, location } = landOnCourse(paid, '?continuar=comprar', {
      app: { enrolledStatus: 'loading', userData: null },
    });
    await screen.findByRole('complementary', { name: 'Preço e inscrição' }, LOADED);
    await settle();
    expect(purchases(calls)).toHaveLength(0);
    expect(location()).toBe(`/course/${paid._id}?continuar=comprar`);
  });

  it('when the learner already owns the course, then the request is dropped with Já adquirido and nothing is bought', async () => {
    const { calls, location } = landOnCourse(paid, '?continuar=comprar', {
      app: { userData: userData({ enrolledCourses: [paid._id] }) },
    });
    expect(await screen.findByText('Já adquirido', {}, LOADED)).toBeInTheDocument();
    expect(location()).toBe(`/course/${paid._id}`);
    expect(purchases(calls)).toHaveLength(0);
  });

  it('when the course is the signed-in educator’s own, then the request is dropped and nothing is bought', async () => {
    const { calls, location } = landOnCourse(paid, '?continuar=comprar', {
      user: { ...testUser, id: paid.educator._id },
    });
    await screen.findByRole('link', { name: 'Ver nos meus cursos' }, LOADED);
    await waitFor(() => expect(location()).toBe(`/course/${paid._id}`));
    await settle();
    expect(purchases(calls)).toHaveLength(0);
  });

  it('when nobody is signed in, then the address alone buys nothing', async () => {
    const { calls, location } = landOnCourse(paid, '?continuar=comprar', { user: null });
    await screen.findByRole('complementary', { name: 'Preço e inscrição' }, LOADED);
    await settle();
    expect(purchases(calls)).toHaveLength(0);
    expect(location()).toBe(`/course/${paid._id}?continuar=comprar`);
  });
});
