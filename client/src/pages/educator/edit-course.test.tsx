import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Outlet } from 'react-router-dom';
import { stubApi } from '../../test/api-stub';
import { educatorCourseDetail } from '../../test/course-fixtures';
import { renderWithProviders, testUser } from '../../test/render';
import EditCoursePage, { loader } from './edit-course';

vi.mock(
  '../../features/course-editor/rich-text-editor',
  () => import('../../test/rich-text-editor-stand-in'),
);

const stored = educatorCourseDetail();
const ID = stored._id;

function renderPage() {
  return renderWithProviders(<Outlet />, {
    route: `/educator/course/${ID}/edit`,
    routes: [
      { path: '/educator/course/:id/edit', element: <EditCoursePage />, loader },
      { path: '/educator/my-courses', element: <p>Lista de cursos</p> },
    ],
    auth: { user: testUser },
    app: { isEducator: true },
  });
}

describe('EditCoursePage', { timeout: 20_000 }, () => {
  it('when the course loads, then the form is filled; saving sends the lecture ids back in their new order, with no image, and returns to My Courses', async () => {
    const { calls } = stubApi((request) =>
      request.method === 'PUT'
        ? {
            data: {
              success: true,
              message: 'Curso atualizado com sucesso',
              courseId: ID,
              status: 'published',
            },
          }
        : { data: { success: true, courseData: stored } },
    );
    const user = userEvent.setup();
    renderPage();

    const title = await screen.findByLabelText('Course Title');
    expect(title).toHaveValue('Título com gralha');
    expect(screen.getByLabelText('Course Price')).toHaveValue(20);
    expect(screen.getByRole('img', { name: 'Miniatura atual' })).toHaveAttribute(
      'src',
      '/uploads/capa.webp',
    );
    expect(screen.getByText(/2 alunos inscritos mantêm o progresso/)).toBeInTheDocument();

    await user.clear(title);
    await user.type(title, 'Título certo');
    await user.click(screen.getByRole('button', { name: 'Mover aula Segunda para cima' }));
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));

    expect(await screen.findByText('Lista de cursos')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe(`/api/educator/course/${ID}`);
    const body = put.body as FormData;
    expect(body.get('image')).toBeNull();
    const sent = JSON.parse(body.get('courseData') as string);
    expect(sent.courseTitle).toBe('Título certo');
    expect(
      sent.courseContent[0].chapterContent.map((l: { lectureId: string }) => l.lectureId),
    ).toEqual(['lec-2', 'lec-1']);
  });

  it('when a lecture is edited through its dialog, then its fields change and its id stays', async () => {
    const { calls } = stubApi((request) =>
      request.method === 'PUT'
        ? { data: { success: true, message: 'ok', courseId: ID, status: 'published' } }
        : { data: { success: true, courseData: stored } },
    );
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Editar aula Primeira' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar aula' });
    const lectureTitle = within(dialog).getByLabelText('Lecture Title');
    expect(lectureTitle).toHaveValue('Primeira');
    await user.clear(lectureTitle);
    await user.type(lectureTitle, 'Boas-vindas');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar aula' }));
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));

    await screen.findByText('Lista de cursos');
    const sent = JSON.parse(
      (calls.find((call) => call.method === 'PUT')!.body as FormData).get('courseData') as string,
    );
    expect(sent.courseContent[0].chapterContent[0]).toMatchObject({
      lectureId: 'lec-1',
      lectureTitle: 'Boas-vindas',
    });
  });

  it('when the course is not found, then the message and a way to try again, which reads it again', async () => {
    let reads = 0;
    stubApi(() => {
      reads += 1;
      return reads === 1
        ? { status: 404, data: { success: false, message: 'Curso não encontrado' } }
        : { data: { success: true, courseData: stored } };
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Curso não encontrado');
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Editar curso' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue(stored.courseTitle)).toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it('when a chapter has a quiz, then a link leads to the quiz statistics; without quizzes there is none', async () => {
    const withQuiz = {
      ...stored,
      courseContent: stored.courseContent.map((chapter, index) =>
        index === 0
          ? {
              ...chapter,
              quiz: {
                quizId: 'z1',
                title: 'Revisão',
                passPercent: 70,
                maxAttempts: null,
                required: true,
                version: 1,
                questionCount: 0,
                questions: [],
              },
            }
          : chapter,
      ),
    };
    stubApi(() => ({ data: { success: true, courseData: withQuiz } }));
    const { unmount } = renderPage();
    expect(
      await screen.findByRole('link', { name: 'Ver as estatísticas dos questionários' }),
    ).toHaveAttribute('href', `/educator/course/${ID}/quizzes`);
    unmount();

    stubApi(() => ({ data: { success: true, courseData: stored } }));
    renderPage();
    expect(await screen.findByDisplayValue(stored.courseTitle)).toBeInTheDocument();
    expect(
      screen.queryByRole('link', { name: 'Ver as estatísticas dos questionários' }),
    ).not.toBeInTheDocument();
  });
  it('when the course is a draft, then the editor lists what is left before publishing; once nothing is, it says so; a published course has no checklist', async () => {
    const [chapter] = stored.courseContent;
    if (!chapter) throw new Error('the fixture has a chapter');
    const incomplete = {
      ...stored,
      status: 'draft' as const,
      courseContent: [
        {
          ...chapter,
          chapterContent: chapter.chapterContent.map((lecture, index) =>
            index === 0 ? { ...lecture, lectureTitle: '', lectureUrl: '' } : lecture,
          ),
        },
      ],
    };
    stubApi(() => ({ data: { success: true, courseData: incomplete } }));
    const { unmount } = renderPage();
    const checklist = await screen.findByRole('region', { name: 'Para publicar, falta:' });
    expect(
      within(checklist)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Aula 1.1: falta o título', 'Aula 1.1: falta o URL do vídeo do YouTube']);
    unmount();

    stubApi(() => ({ data: { success: true, courseData: { ...stored, status: 'draft' } } }));
    const ready = renderPage();
    const done = await screen.findByRole('region', { name: 'Pronto para publicar' });
    expect(within(done).getByRole('link', { name: 'My Courses' })).toHaveAttribute(
      'href',
      '/educator/my-courses',
    );
    ready.unmount();

    stubApi(() => ({ data: { success: true, courseData: stored } }));
    renderPage();
    expect(await screen.findByDisplayValue(stored.courseTitle)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /publicar/ })).not.toBeInTheDocument();
  });
});
