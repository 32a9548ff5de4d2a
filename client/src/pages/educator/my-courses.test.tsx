import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EducatorCoursesResponse } from '@aprendiz/contract/educator';
import { networkError, stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import MyCoursesPage, { loader } from './my-courses';
import { NETWORK_ERROR_MESSAGE } from '../../lib/api-error';

const courses: EducatorCoursesResponse['courses'] = [
  {
    _id: '7d2f5c1e-0000-4000-8000-000000000001',
    courseTitle: 'React moderno',
    courseThumbnail: '/uploads/react.webp',
    coursePrice: 49.9,
    discount: 10,
    studentCount: 3,
    earnings: 134,
    createdAt: '2025-03-09T12:00:00.000Z',
    status: 'published',
    incompleteLectures: { count: 0, lectures: [] },
  },
  {
    _id: '7d2f5c1e-0000-4000-8000-000000000002',
    courseTitle: 'Git para iniciantes',
    courseThumbnail: '/uploads/git.webp',
    coursePrice: 0,
    discount: 0,
    studentCount: 0,
    earnings: 0,
    createdAt: '2024-12-25T12:00:00.000Z',
    status: 'draft',
    incompleteLectures: { count: 0, lectures: [] },
  },
];

function renderPage() {
  return renderWithProviders(<MyCoursesPage />, {
    route: '/educator/my-courses',
    loader,
    auth: { user: testUser },
    app: { isEducator: true },
  });
}

// Dialogs and several round trips: on a busy machine that outlasts the default 5 s.
describe('MyCoursesPage', { timeout: 20_000 }, () => {
  it('while the courses are on their way, then the loader shows', async () => {
    stubApi(() => new Promise(() => {}));
    renderPage();
    expect(
      await screen.findByRole('status', { name: 'Carregando os seus cursos…' }),
    ).toBeInTheDocument();
  });

  it('when the courses arrive, then each row shows thumbnail and title, price, earnings, students and the date', async () => {
    const { calls } = stubApi(() => ({ data: { success: true, courses } }));
    renderPage();
    const table = await screen.findByRole('table');
    const [header, ...rows] = within(table).getAllByRole('row');

    expect(calls[0].url).toBe('/api/educator/courses');
    expect(
      within(header)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['All Courses', 'Courses Price', 'Earnings', 'Students', 'Course Status', 'Ações']);
    expect(
      within(rows[0])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'React moderno',
      '$ 49,90',
      'Kz 134,00',
      '3',
      'Publicado09/03/2025',
      'EditarCuponsPré-visualizarQuestionáriosDespublicarExcluir',
    ]);
    expect(rows[0].querySelector('img')).toHaveAttribute('src', '/uploads/react.webp');
    expect(within(rows[0]).getByRole('link', { name: 'React moderno' })).toHaveAttribute(
      'href',
      `/course/${courses[0]._id}`,
    );
  });

  it('when a course costs nothing, then its price reads Free and its earnings Kz 0,00', async () => {
    stubApi(() => ({ data: { success: true, courses } }));
    renderPage();
    const row = (await screen.findByRole('link', { name: 'Git para iniciantes' })).closest('tr');
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Git para iniciantes',
      'Free',
      'Kz 0,00',
      '0',
      'Rascunho25/12/2024',
      'EditarCuponsPré-visualizarQuestionáriosPublicarExcluir',
    ]);
  });

  it('when a course has incomplete lectures, then its title cell names them', async () => {
    const incomplete = {
      ...courses[0],
      incompleteLectures: {
        count: 3,
        lectures: [
          { chapter: 1, lecture: 1, problems: ['missingTitle' as const] },
          { chapter: 2, lecture: 3, problems: ['missingVideo' as const] },
          {
            chapter: 3,
            lecture: 1,
            problems: ['missingTitle' as const, 'unplayableVideo' as const],
          },
        ],
      },
    };
    stubApi(() => ({ data: { success: true, courses: [incomplete, courses[1]] } }));
    renderPage();
    const [, first, second] = within(await screen.findByRole('table')).getAllByRole('row');

    expect(within(first).getAllByRole('cell')[0]).toHaveTextContent(
      'React moderno' +
        'Aulas incompletas: 1.1 sem título, 2.3 sem vídeo, 3.1 sem título e com link de vídeo inválido',
    );
    expect(second).not.toHaveTextContent(/incompleta/i);
  });

  it('when the row actions are used, then edit and preview link to their pages, publish changes the status, and delete asks first naming the course', async () => {
    // The server's list after each change: the page reads it again.
    let list = courses;
    const { calls } = stubApi((request) => {
      if (request.url.endsWith('/publish')) {
        list = list.map((course) =>
          course._id === courses[1]._id ? { ...course, status: 'published' } : course,
        );
        return {
          data: {
            success: true,
            message: 'Curso publicado',
            courseId: courses[1]._id,
            status: 'published',
          },
        };
      }
      if (request.method === 'DELETE') {
        list = list.filter((course) => course._id !== courses[1]._id);
        return { data: { success: true, message: 'Curso excluído' } };
      }
      return { data: { success: true, courses: list } };
    });
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByRole('link', { name: 'Editar React moderno' })).toHaveAttribute(
      'href',
      `/educator/course/${courses[0]._id}/edit`,
    );
    expect(screen.getByRole('link', { name: 'Pré-visualizar React moderno' })).toHaveAttribute(
      'href',
      `/educator/course/${courses[0]._id}/preview`,
    );
    expect(screen.getByRole('link', { name: 'Questionários de React moderno' })).toHaveAttribute(
      'href',
      `/educator/course/${courses[0]._id}/quizzes`,
    );

    await user.click(screen.getByRole('button', { name: 'Publicar Git para iniciantes' }));
    expect(await screen.findByText('Curso publicado')).toBeInTheDocument();
    expect(calls.at(-2)).toMatchObject({
      method: 'POST',
      url: `/api/educator/course/${courses[1]._id}/publish`,
    });
    expect(calls.at(-1)).toMatchObject({ method: 'GET', url: '/api/educator/courses' });
    const gitRow = screen.getByRole('link', { name: 'Git para iniciantes' }).closest('tr')!;
    await waitFor(() => expect(within(gitRow).getByText('Publicado')).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Excluir Git para iniciantes' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Excluir curso' });
    expect(dialog).toHaveTextContent('Excluir o curso "Git para iniciantes"?');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));

    expect(await screen.findByText('Curso excluído')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({
      url: `/api/educator/course/${courses[1]._id}`,
    });
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Git para iniciantes' })).not.toBeInTheDocument(),
    );
  });

  it('when a learner enrolled after the list was read and deleting is refused, then the server message shows and the course stays', async () => {
    stubApi((request) =>
      request.method === 'DELETE'
        ? {
            status: 409,
            data: {
              success: false,
              message: 'Não é possível excluir um curso com alunos inscritos.',
            },
          }
        : { data: { success: true, courses } },
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Excluir Git para iniciantes' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Excluir' }),
    );

    expect(
      await screen.findByText('Não é possível excluir um curso com alunos inscritos.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Git para iniciantes' })).toBeInTheDocument();
  });

  it('when Excluir is pressed on a course with learners, then it says why it cannot be deleted, offers no delete, and Despublicar from there asks first', async () => {
    const { calls } = stubApi(() => ({ data: { success: true, courses } }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Excluir React moderno' }));

    const why = screen.getByRole('dialog', { name: 'Este curso não pode ser excluído' });
    expect(why).toHaveTextContent('"React moderno" tem 3 alunos inscritos');
    expect(why).toHaveTextContent('despublique-o: os alunos mantêm o acesso');
    expect(within(why).queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
    await user.click(within(why).getByRole('button', { name: 'Despublicar' }));

    expect(screen.getByRole('alertdialog', { name: 'Despublicar curso' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' || call.method === 'POST')).toBe(false);
  });

  it('when Despublicar is pressed, then it asks first saying enrolled learners keep access, and after yes the course is unpublished with a toast', async () => {
    let list = courses;
    const { calls } = stubApi((request) => {
      if (request.url.endsWith('/unpublish')) {
        list = list.map((course) =>
          course._id === courses[0]._id ? { ...course, status: 'unpublished' } : course,
        );
        return {
          data: {
            success: true,
            message: 'Curso despublicado: saiu do catálogo, e os alunos inscritos mantêm o acesso',
            courseId: courses[0]._id,
            status: 'unpublished',
          },
        };
      }
      return { data: { success: true, courses: list } };
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Despublicar React moderno' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Despublicar curso' });
    expect(dialog).toHaveTextContent('Os 3 alunos inscritos mantêm o acesso a todas as aulas.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Despublicar React moderno' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Despublicar curso' })).getByRole('button', {
        name: 'Despublicar',
      }),
    );
    expect(
      await screen.findByText(
        'Curso despublicado: saiu do catálogo, e os alunos inscritos mantêm o acesso',
      ),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: `/api/educator/course/${courses[0]._id}/unpublish`,
    });
    const row = screen.getByRole('link', { name: 'React moderno' }).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Despublicado')).toBeInTheDocument());
  });

  it('when the educator has no courses, then the page says so and links to Add Course', async () => {
    stubApi(() => ({ data: { success: true, courses: [] } }));
    renderPage();
    expect(await screen.findByText(/Você ainda não publicou nenhum curso/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Adicionar um curso' })).toHaveAttribute(
      'href',
      '/educator/add-course',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('when the request fails, then the server message is toasted and shown with Tentar novamente, never an endless loader', async () => {
    stubApi(() => ({
      status: 503,
      data: { success: false, message: 'Banco de dados indisponível' },
    }));
    renderPage();
    expect(await screen.findByText('Banco de dados indisponível')).toBeInTheDocument();
    const failed = await screen.findByRole(
      'heading',
      { name: 'Não foi possível carregar os seus cursos' },
      LOADED,
    );
    expect(failed.closest('[role="alert"]')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('when the list failed and Tentar novamente is pressed with the server back, then the list shows', async () => {
    let up = false;
    const { calls } = stubApi(() =>
      up
        ? { data: { success: true, courses } }
        : { status: 500, data: { success: false, message: 'Banco de dados indisponível' } },
    );
    renderPage();
    await screen.findByRole(
      'heading',
      { name: 'Não foi possível carregar os seus cursos' },
      LOADED,
    );
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('table', {}, LOADED)).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Não foi possível carregar os seus cursos' }),
    ).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/educator/courses')).toHaveLength(2);
  });

  it('when the connection drops, then the error is toasted', async () => {
    stubApi(() => {
      throw networkError();
    });
    renderPage();
    expect(await screen.findByText(NETWORK_ERROR_MESSAGE)).toBeInTheDocument();
  });
});
