import { act, render, screen, within } from '@testing-library/react';
import {
  createMemoryRouter,
  RouterProvider,
  type NonIndexRouteObject,
  type RouteObject,
} from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { LocalAuthProvider } from '../auth/local-auth-provider';
import { notify } from '../components/toast';
import { stubApi } from '../test/api-stub';
import { writeSession } from '../auth/session-storage';
import { courseDetail, courseSummary, userData } from '../test/course-fixtures';
import { LOADED, testUser } from '../test/render';
import { routes } from './router';

const course = courseDetail();

function renderAt(path: string, table = routes) {
  const { calls } = stubApi(({ url }) => {
    if (url === `/api/course/${course._id}`) return { data: { success: true, courseData: course } };
    if (url.startsWith(`/api/course/${course._id}/reviews`))
      return { status: 404, data: { success: false, message: 'Sem avaliações' } };
    if (url === '/api/user/data') return { data: { success: true, user: userData() } };
    if (url === '/api/user/enrolled-courses')
      return { data: { success: true, enrolledCourses: [] } };
    return { data: { success: true, courses: [courseSummary()] } };
  });
  // As in main.tsx: the auth provider is above the router, whose loaders wait for it.
  const router = createMemoryRouter(table, { initialEntries: [path] });
  render(
    <LocalAuthProvider navigate={router.navigate}>
      <RouterProvider router={router} />
    </LocalAuthProvider>,
  );
  return { calls };
}

const catalogueCalls = (calls: { url: string }[]) =>
  calls.filter((call) => call.url === '/api/course/teaser');

describe('routes', { timeout: 20_000 }, () => {
  it('when the address is unknown, then a Portuguese 404 page links back home inside the public layout', async () => {
    renderAt('/rota-que-nao-existe');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/');
    expect(await screen.findByRole('contentinfo', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navegação inferior' })).toBeInTheDocument();
  });

  it('when a public page opens, then a skip link leads to the main content', async () => {
    renderAt('/rota-que-nao-existe');
    const skip = await screen.findByRole('link', { name: 'Ir para o conteúdo' }, LOADED);
    expect(skip).toHaveAttribute('href', '#conteudo');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'conteudo');
  });

  it('when a lazily loaded page is opened, then it renders inside the layout after loading', async () => {
    renderAt('/privacy-policy');
    const main = await screen.findByRole('main', {}, LOADED);
    expect(await within(main).findByRole('heading', { level: 1 }, LOADED)).toBeInTheDocument();
    expect(within(main).queryByRole('status')).not.toBeInTheDocument();
  });

  it('when the home page opens, then its teaser is requested exactly once, by its loader, and never the whole catalogue', async () => {
    const { calls } = renderAt('/');
    expect(
      await screen.findByRole('heading', { level: 3, name: 'JavaScript do Zero' }, LOADED),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(catalogueCalls(calls)).toHaveLength(1), LOADED);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(catalogueCalls(calls)).toHaveLength(1);
    expect(calls.map((call) => call.url)).not.toContain('/api/course/all');
  });

  it('when the address is unknown, then the teaser is not requested at all', async () => {
    const { calls } = renderAt('/rota-que-nao-existe');
    await screen.findByRole('heading', { name: 'Página não encontrada' }, LOADED);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(catalogueCalls(calls)).toHaveLength(0);
  });

  it('when a signed-out visitor opens the educator area, then its own shell shows without the public bar and footer', async () => {
    renderAt('/educator');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Área do educador' }, LOADED),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('site-header')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('navigation', { name: 'Navegação inferior' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText(/Copyright 2025 ©/)).toBeInTheDocument();
  });

  it('when someone signs in on a course page, then the course and their data are read again with their token', async () => {
    const { calls } = renderAt(`/course/${course._id}`);
    await screen.findByRole('heading', { level: 1, name: course.courseTitle }, LOADED);
    const courseReads = () => calls.filter((call) => call.url === `/api/course/${course._id}`);
    expect(courseReads()).toHaveLength(1);
    expect(calls.some((call) => call.url === '/api/user/data')).toBe(false);
    act(() => writeSession({ token: 'tok-ana', user: testUser }));
    await vi.waitFor(() => expect(courseReads()).toHaveLength(2), LOADED);
    expect(courseReads()[1]!.headers.get('Authorization')).toBe('Bearer tok-ana');
    const userDataRead = calls.find((call) => call.url === '/api/user/data');
    expect(userDataRead?.headers.get('Authorization')).toBe('Bearer tok-ana');
  });

  it('when a public page throws, then its failure shows with a retry, and the top bar, footer and toasts stay', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('A página quebrou');
    }
    // The app's own table, with one more public page: one that cannot render.
    const [root, ...beside] = routes as NonIndexRouteObject[];
    const [publicLayout, ...others] = root!.children as NonIndexRouteObject[];
    const table: RouteObject[] = [
      {
        ...root,
        children: [
          {
            ...publicLayout,
            children: [{ path: 'quebrada', Component: Broken }, ...publicLayout!.children!],
          },
          ...others,
        ],
      },
      ...beside,
    ];
    renderAt('/quebrada', table);
    expect(
      await screen.findByRole('heading', { name: 'Algo deu errado' }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByText('A página quebrou')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(screen.getByTestId('site-header')).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo', {}, LOADED)).toBeInTheDocument();
    act(() => notify.error('Ainda aqui'));
    expect(await screen.findByText('Ainda aqui', {}, LOADED)).toBeInTheDocument();
  });

  it('when someone signs in on the home page, then the teaser is not read again', async () => {
    const { calls } = renderAt('/');
    await screen.findByRole('heading', { level: 3, name: 'JavaScript do Zero' }, LOADED);
    act(() => writeSession({ token: 'tok-ana', user: testUser }));
    await vi.waitFor(
      () => expect(calls.some((call) => call.url === '/api/user/enrolled-courses')).toBe(true),
      LOADED,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(catalogueCalls(calls)).toHaveLength(1);
  });
});
