import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type StubRequest, type StubResponse } from '../../test/api-stub';
import { renderWithProviders, testUser } from '../../test/render';
import { enrolledCourse } from './enrolled-course-fixture';
import PlayerPage from './player';

vi.mock('react-youtube', () => ({
  default: (props: {
    videoId: string;
    title: string;
    opts: { playerVars: { autoplay: number } };
  }) => (
    <iframe
      title={props.title}
      data-video-id={props.videoId}
      data-autoplay={props.opts.playerVars.autoplay}
    />
  ),
}));

const confetti = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../../lib/confetti', () => ({ fireConfetti: confetti }));

beforeEach(() => confetti.mockClear());

const course = enrolledCourse();
const route = `/player/${course._id}`;

function renderPlayer(
  options: { courses?: ReturnType<typeof enrolledCourse>[] } & Omit<
    NonNullable<Parameters<typeof renderWithProviders>[1]>,
    'route' | 'path'
  > = {},
) {
  const { courses = [course], app, auth = { user: testUser } } = options;
  return renderWithProviders(<PlayerPage />, {
    route,
    path: '/player/:courseId',
    auth,
    app: { enrolledCourses: courses, ...app },
  });
}

function serve(handler: (request: StubRequest) => StubResponse | undefined) {
  return stubApi((request) => {
    return (
      handler(request) ?? { status: 404, data: { success: false, message: 'Rota desconhecida' } }
    );
  });
}

const progressSaved = { data: { success: true, message: 'Progresso do curso atualizado' } };
const ratingSaved = { data: { success: true, message: 'Avaliação registrada com sucesso' } };

function structure() {
  return screen.getByRole('region', { name: 'Estrutura do curso' });
}

function lectureItem(title: string): HTMLElement {
  const item = within(structure()).getByText(title).closest('li');
  if (!item) throw new Error(`no list item for ${title}`);
  return item;
}

/** The lecture's YouTube iframe, once react-youtube's lazy chunk has loaded. */
function video(lectureTitle: string): Promise<HTMLElement> {
  return within(screen.getByTestId('video-player')).findByTitle(lectureTitle);
}

describe('PlayerPage', () => {
  it('when signed out, then the sign-in dialog opens', () => {
    const { auth } = renderPlayer({ auth: { user: null } });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Assistir ao curso' }),
    ).toBeInTheDocument();
    expect(auth.openSignIn).toHaveBeenCalledTimes(1);
  });

  it('when the enrolled courses are loading, then the loader shows', () => {
    renderPlayer({ courses: [], app: { enrolledStatus: 'loading' } });
    expect(screen.getByRole('status', { name: 'Carregando curso…' })).toBeInTheDocument();
  });

  it('when the enrolled courses fail to load, then a message offers a retry', async () => {
    const { app } = renderPlayer({ courses: [], app: { enrolledStatus: 'error' } });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Não foi possível carregar o curso' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(app.fetchUserEnrolledCourses).toHaveBeenCalledTimes(1);
  });

  it('when not enrolled in the course, then a message links to the course page', () => {
    renderPlayer({ courses: [] });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Você não está inscrito neste curso' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver página do curso' })).toHaveAttribute(
      'href',
      `/course/${course._id}`,
    );
  });

  it('when nothing is completed, then the first lecture is shown at 0% with the numbered list', async () => {
    renderPlayer();
    expect(
      screen.getByRole('heading', { level: 1, name: 'JavaScript do Zero' }),
    ).toBeInTheDocument();
    expect(document.title).toMatch(/^JavaScript do Zero/);
    expect(screen.getByRole('heading', { level: 2, name: '1.1 Boas-vindas' })).toBeInTheDocument();
    const player = await video('Boas-vindas');
    expect(player).toHaveAttribute('data-video-id', 'dQw4w9WgXcQ');
    expect(player).toHaveAttribute('data-autoplay', '0');
    expect(screen.getByRole('progressbar', { name: 'Progresso no curso' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(screen.getByText('0 de 3 aulas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marcar como concluído' })).toBeEnabled();
    expect(screen.queryByText(/^Retomar/)).not.toBeInTheDocument();
    expect(within(structure()).queryByRole('img', { name: 'Concluída' })).not.toBeInTheDocument();
    expect(lectureItem('Boas-vindas')).toHaveAttribute('aria-current', 'true');
    expect(lectureItem('Boas-vindas')).toHaveTextContent('1.1');
    expect(lectureItem('Boas-vindas')).toHaveTextContent('10 minutos');
  });

  it('when some lectures are done, then the player resumes at the first one not completed', async () => {
    renderPlayer({ courses: [enrolledCourse({ lectureCompleted: ['lec-1'] })] });
    expect(screen.getByText('Retomar: continue de onde parou')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '1.2 Variáveis' })).toBeInTheDocument();
    // A watch?v= address is understood too.
    expect(await video('Variáveis')).toHaveAttribute('data-video-id', 'abc123XYZ09');
    expect(
      within(lectureItem('Boas-vindas')).getByRole('img', { name: 'Concluída' }),
    ).toBeInTheDocument();
    expect(
      within(lectureItem('Variáveis')).queryByRole('img', { name: 'Concluída' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText('33%')).toBeInTheDocument();
    expect(screen.getByText('1 de 3 aulas')).toBeInTheDocument();
    expect(within(structure()).getByRole('button', { name: /Introdução/ })).toHaveTextContent(
      '1 de 2 concluídas',
    );
  });

  it('when every lecture is done, then it reads 100% and Concluído on the first lecture', () => {
    renderPlayer({ courses: [enrolledCourse({ lectureCompleted: ['lec-1', 'lec-2', 'lec-3'] })] });
    expect(screen.getByRole('heading', { level: 2, name: '1.1 Boas-vindas' })).toBeInTheDocument();
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Concluído' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Marcar como concluído' })).not.toBeInTheDocument();
    // The second chapter starts closed; its tick is there all the same.
    expect(
      within(structure()).getAllByRole('img', { name: 'Concluída', hidden: true }),
    ).toHaveLength(3);
    expect(
      screen.getByText('Parabéns! Você concluiu todas as aulas deste curso.'),
    ).toBeInTheDocument();
  });

  it('when a chapter heading is pressed, then its lectures collapse and expand', async () => {
    renderPlayer();
    const second = within(structure()).getByRole('button', { name: /Funções/ });
    expect(second).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(within(structure()).getByText('Declarando funções')).toBeVisible();
    await userEvent.click(second);
    expect(within(structure()).getByText('Declarando funções')).not.toBeVisible();
  });

  it('when a lecture is chosen in the list, then it plays with its heading', async () => {
    renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: /Funções/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Assistir: 2.1 Declarando funções' }));
    expect(
      screen.getByRole('heading', { level: 2, name: '2.1 Declarando funções' }),
    ).toBeInTheDocument();
    const player = await video('Declarando funções');
    expect(player).toHaveAttribute('data-video-id', 'fun3ctions1');
    expect(player).toHaveAttribute('data-autoplay', '1');
    expect(lectureItem('Declarando funções')).toHaveAttribute('aria-current', 'true');
  });

  it('when a lecture is marked done, then it is saved, toasted, ticked and the next lecture is offered', async () => {
    const { calls } = serve(({ method, url }) =>
      method === 'POST' && url === '/api/user/update-course-progress' ? progressSaved : undefined,
    );
    const { app } = renderPlayer();
    const mark = screen.getByRole('button', { name: 'Marcar como concluído' });
    await userEvent.click(mark);
    expect(await screen.findByText('Progresso do curso atualizado')).toBeInTheDocument();
    expect(calls.map(({ body }) => body)).toEqual([{ courseId: course._id, lectureId: 'lec-1' }]);
    expect(screen.getByRole('button', { name: 'Concluído' })).toBeDisabled();
    expect(
      within(lectureItem('Boas-vindas')).getByRole('img', { name: 'Concluída' }),
    ).toBeInTheDocument();
    expect(screen.getByText('33%')).toBeInTheDocument();
    expect(app.fetchUserEnrolledCourses).toHaveBeenCalledTimes(1);
    expect(confetti).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Próxima aula' }));
    expect(screen.getByRole('heading', { level: 2, name: '1.2 Variáveis' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marcar como concluído' })).toBeEnabled();
  });

  it('when lectures are marked one after another, then one toast answers them, not one each', async () => {
    serve(({ url }) => (url === '/api/user/update-course-progress' ? progressSaved : undefined));
    renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Marcar como concluído' }));
    expect(await screen.findByText('Progresso do curso atualizado')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Próxima aula' }));
    await userEvent.click(screen.getByRole('button', { name: 'Marcar como concluído' }));
    expect(await screen.findByText('66%')).toBeInTheDocument();
    expect(screen.getAllByText('Progresso do curso atualizado')).toHaveLength(1);
  });

  it('when the save is in flight, then the button is disabled', async () => {
    let answer: (response: StubResponse) => void = () => {};
    serve(({ url }) =>
      url === '/api/user/update-course-progress'
        ? (new Promise<StubResponse>((resolve) => {
            answer = resolve;
          }) as unknown as StubResponse)
        : undefined,
    );
    renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Marcar como concluído' }));
    expect(screen.getByRole('button', { name: 'Marcar como concluído' })).toBeDisabled();
    answer(progressSaved);
    expect(await screen.findByRole('button', { name: 'Concluído' })).toBeInTheDocument();
  });

  it('when the server refuses the progress, then its message is toasted and nothing is ticked', async () => {
    serve(({ url }) =>
      url === '/api/user/update-course-progress'
        ? { status: 403, data: { success: false, message: 'Inscreva-se no curso para continuar' } }
        : undefined,
    );
    renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Marcar como concluído' }));
    expect(await screen.findByText('Inscreva-se no curso para continuar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marcar como concluído' })).toBeEnabled();
    expect(within(structure()).queryByRole('img', { name: 'Concluída' })).not.toBeInTheDocument();
  });

  it('when the last lecture left is marked done, then confetti fires and there is no next lecture', async () => {
    serve(({ url }) => (url === '/api/user/update-course-progress' ? progressSaved : undefined));
    renderPlayer({ courses: [enrolledCourse({ lectureCompleted: ['lec-1', 'lec-2'] })] });
    expect(
      screen.getByRole('heading', { level: 2, name: '2.1 Declarando funções' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Marcar como concluído' }));
    expect(await screen.findByRole('button', { name: 'Concluído' })).toBeInTheDocument();
    expect(confetti).toHaveBeenCalledTimes(1);
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Próxima aula' })).not.toBeInTheDocument();
  });

  it('when the learner rated before, then the stars are preloaded', () => {
    renderPlayer({ courses: [enrolledCourse({ myRating: 3 })] });
    expect(screen.getByRole('radiogroup', { name: 'Avalie este curso:' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '3 estrelas' })).toBeChecked();
  });

  it('when a star is clicked, then the rating is submitted, toasted and the enrolled courses refetched', async () => {
    const { calls } = serve(({ url }) =>
      url === '/api/user/add-rating' ? ratingSaved : undefined,
    );
    const { app } = renderPlayer({ courses: [enrolledCourse({ myRating: 3 })] });
    await userEvent.click(screen.getByRole('radio', { name: '5 estrelas' }));
    expect(await screen.findByText('Avaliação registrada com sucesso')).toBeInTheDocument();
    expect(calls.map(({ method, body }) => [method, body])).toEqual([
      ['POST', { courseId: course._id, rating: 5 }],
    ]);
    expect(screen.getByRole('radio', { name: '5 estrelas' })).toBeChecked();
    await waitFor(() => expect(app.fetchUserEnrolledCourses).toHaveBeenCalledTimes(1));
  });

  it('when the rating is refused, then the message is toasted and the earlier rating comes back', async () => {
    serve(({ url }) =>
      url === '/api/user/add-rating'
        ? {
            status: 400,
            data: { success: false, message: 'A avaliação deve ser um número inteiro de 1 a 5' },
          }
        : undefined,
    );
    renderPlayer({ courses: [enrolledCourse({ myRating: 2 })] });
    await userEvent.click(screen.getByRole('radio', { name: '4 estrelas' }));
    expect(
      await screen.findByText('A avaliação deve ser um número inteiro de 1 a 5'),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '2 estrelas' })).toBeChecked();
  });

  it('when the rating changes during a request, then the choices are sent in order, the last one stays, and one toast answers both', async () => {
    const answers: ((response: StubResponse) => void)[] = [];
    const { calls } = serve(({ url }) =>
      url === '/api/user/add-rating'
        ? (new Promise<StubResponse>((resolve) => answers.push(resolve)) as unknown as StubResponse)
        : undefined,
    );
    const { app } = renderPlayer();
    await userEvent.click(screen.getByRole('radio', { name: '2 estrelas' }));
    await userEvent.click(screen.getByRole('radio', { name: '5 estrelas' }));
    expect(calls).toHaveLength(1);
    answers[0](ratingSaved);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map(({ body }) => body)).toEqual([
      { courseId: course._id, rating: 2 },
      { courseId: course._id, rating: 5 },
    ]);
    answers[1](ratingSaved);
    await waitFor(() => expect(app.fetchUserEnrolledCourses).toHaveBeenCalledTimes(2));
    await waitFor(() =>
      expect(screen.getByText('Avaliação registrada com sucesso')).toBeInTheDocument(),
    );
    expect(screen.getAllByText('Avaliação registrada com sucesso')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: '5 estrelas' })).toBeChecked();
  });
});
