import type { EnrolledCourse } from '@aprendiz/contract/learning';
import type { Note } from '@aprendiz/contract/notes';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type StubRequest, type StubResponse } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import { enrolledCourse, enrolledSummary } from '../../test/enrolled-course-fixture';
import PlayerPage, { loader } from './player';

// The stand-in player: an iframe carrying its options, and buttons that play YouTube's part, with a
// clock that reads `videoTime.seconds`.
const videoTime = vi.hoisted(() => ({ seconds: 0 }));
vi.mock('../../components/youtube-player-media', () => ({
  default: (props: {
    videoId: string;
    title: string;
    autoplay: boolean;
    startSeconds: number;
    watermark?: { name: string; email: string } | null;
    onReady: (video: { now: () => number; seek: (seconds: number) => void }) => void;
    onPlay: () => void;
    onPause: () => void;
  }) => (
    <>
      <iframe
        title={props.title}
        data-video-id={props.videoId}
        data-autoplay={props.autoplay ? 1 : 0}
        data-start={Math.floor(props.startSeconds)}
        data-watermark={props.watermark ? `${props.watermark.name} ${props.watermark.email}` : ''}
      />
      <button
        type="button"
        onClick={() =>
          props.onReady({
            now: () => videoTime.seconds,
            seek: (seconds) => (videoTime.seconds = seconds),
          })
        }
      >
        simulate ready
      </button>
      <button type="button" onClick={props.onPlay}>
        simulate play
      </button>
      <button type="button" onClick={props.onPause}>
        simulate pause
      </button>
    </>
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
  served = courses;
  return renderWithProviders(<PlayerPage />, {
    route,
    loader,
    path: '/player/:courseId',
    auth,
    app: { enrolledCourses: courses.map(enrolledSummary), ...app },
  });
}

/** The learner's courses as the player's loader reads them, one at a time. */
let served: EnrolledCourse[] = [];
/** Set by a test: the course read fails this many times before it succeeds. */
let courseReadFailures = 0;

const nothingWatched = {
  data: {
    success: true,
    lectureId: null,
    seconds: 0,
    lectures: [],
    positionToken: 'token-inicial',
  },
};

/** The learner's notes the panel reads; none unless a test says. */
let servedNotes: Note[] = [];

/** The questions and notes panel's reads, answered empty: its own tests are beside it. */
function discussionRead(request: StubRequest): StubResponse | null {
  if (request.method !== 'GET') return null;
  if (request.url.startsWith(`/api/course/${course._id}/questions`)) {
    return { data: { success: true, questions: [], total: 0, page: 1, pageSize: 20 } };
  }
  if (request.url.startsWith(`/api/course/${course._id}/notes`)) {
    return { data: { success: true, notes: servedNotes } };
  }
  return null;
}

/**
 * Answers the API from `handler`; the resume point the player asks for first is "nothing watched"
 * unless the handler answers it. `calls` records every other request (the questions panel's reads
 * aside).
 */
function serve(handler: (request: StubRequest) => StubResponse | undefined) {
  const calls: StubRequest[] = [];
  stubApi((request) => {
    const discussion = discussionRead(request);
    if (discussion) return discussion;
    const resume = request.method === 'GET' && request.url === `/api/user/resume/${course._id}`;
    if (request.method === 'GET' && request.url === `/api/user/enrolled-courses/${course._id}`) {
      if (courseReadFailures > 0) {
        courseReadFailures--;
        return { status: 500, data: { success: false, message: 'Erro interno' } };
      }
      const enrolled = served.find((item) => item._id === course._id) ?? null;
      return { data: { success: true, enrolledCourse: enrolled } };
    }
    if (!resume) calls.push(request);
    return (
      handler(request) ??
      (resume
        ? nothingWatched
        : { status: 404, data: { success: false, message: 'Rota desconhecida' } })
    );
  });
  return { calls };
}

beforeEach(() => {
  videoTime.seconds = 0;
  servedNotes = [];
  courseReadFailures = 0;
  serve(() => undefined);
});

/** The player, once it has asked the server where the learner stopped. */
async function renderReadyPlayer(options: Parameters<typeof renderPlayer>[0] = {}) {
  const rendered = renderPlayer(options);
  await screen.findByRole('region', { name: 'Estrutura do curso' }, LOADED);
  return rendered;
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

/** The lecture's YouTube iframe, once the player's lazy chunk has loaded. */
function video(lectureTitle: string): Promise<HTMLElement> {
  return within(screen.getByTestId('video-player')).findByTitle(lectureTitle);
}

describe('PlayerPage', () => {
  it('when signed out, then the sign-in dialog opens', async () => {
    const { auth } = renderPlayer({ auth: { user: null } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Assistir ao curso' }, LOADED),
    ).toBeInTheDocument();
    // The dialog opens from an effect, which may run a moment after the loader's answer renders.
    await waitFor(() => expect(auth.openSignIn).toHaveBeenCalledTimes(1));
  });

  it("when My Enrollments' list is still loading, then the player opens all the same", async () => {
    renderPlayer({ app: { enrolledStatus: 'loading' } });
    // The player reads its own course: the list of summaries is not waited for.
    expect(
      await screen.findByRole('region', { name: 'Estrutura do curso' }, LOADED),
    ).toBeInTheDocument();
  });

  it('when the course fails to load, then a message offers a retry that reads it again', async () => {
    courseReadFailures = 1;
    renderPlayer();
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Não foi possível carregar o curso' },
        LOADED,
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(
      await screen.findByRole('region', { name: 'Estrutura do curso' }, LOADED),
    ).toBeInTheDocument();
  });

  it('when the course was removed for a rights claim, then the server says why and the way back is My Courses, with no retry', async () => {
    const removed = 'Este curso foi removido por uma reclamação de direitos autorais.';
    stubApi((request) =>
      request.url === `/api/user/enrolled-courses/${course._id}`
        ? { status: 410, data: { success: false, message: removed } }
        : (discussionRead(request) ?? nothingWatched),
    );
    renderPlayer();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Curso removido' }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByText(removed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para Meus Cursos' })).toHaveAttribute(
      'href',
      '/my-enrollments',
    );
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
  });

  it('when not enrolled in the course, then a message links to the course page', async () => {
    renderPlayer({ courses: [] });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Você não está inscrito neste curso' },
        LOADED,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver página do curso' })).toHaveAttribute(
      'href',
      `/course/${course._id}`,
    );
  });

  it('when nothing is completed, then the first lecture is shown at 0% with the numbered list', async () => {
    await renderReadyPlayer();
    expect(
      screen.getByRole('heading', { level: 1, name: 'JavaScript do Zero' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^JavaScript do Zero/));
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
    await renderReadyPlayer({ courses: [enrolledCourse({ lectureCompleted: ['lec-1'] })] });
    // It opens at its start: nothing is resumed part-way, so no Retomar.
    expect(screen.queryByText(/^Retomar/)).not.toBeInTheDocument();
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

  it('when every lecture is done, then it reads 100% and Concluído on the first lecture', async () => {
    await renderReadyPlayer({
      courses: [enrolledCourse({ lectureCompleted: ['lec-1', 'lec-2', 'lec-3'] })],
    });
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

  it('when every lecture is done, then the player offers the certificate, which opens its page', async () => {
    const { calls } = serve((request) =>
      request.method === 'POST' && request.url === `/api/user/certificate/${course._id}`
        ? { data: { success: true, certificateId: 'cert-abc' } }
        : undefined,
    );
    const { location } = await renderReadyPlayer({
      courses: [enrolledCourse({ lectureCompleted: ['lec-1', 'lec-2', 'lec-3'] })],
    });
    await userEvent.click(screen.getByRole('button', { name: /^Certificado/ }));
    await waitFor(() => expect(location()).toBe('/certificate/cert-abc'));
    expect(calls.map((call) => call.url)).toContain(`/api/user/certificate/${course._id}`);
  });

  it('when the page is read in order (a phone shows it so), then the lecture list comes before the rating form', async () => {
    await renderReadyPlayer();
    const list = structure();
    const rating = screen.getByText('Avalie este curso:');
    expect(list.compareDocumentPosition(rating) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('when a chapter heading is pressed, then its lectures collapse and expand', async () => {
    await renderReadyPlayer();
    const second = within(structure()).getByRole('button', { name: /Funções/ });
    expect(second).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(within(structure()).getByText('Declarando funções')).toBeVisible();
    await userEvent.click(second);
    expect(within(structure()).getByText('Declarando funções')).not.toBeVisible();
  });

  it('when the course has the watermark on, then the video carries the learner’s own name and e-mail', async () => {
    await renderReadyPlayer({ courses: [enrolledCourse({ watermark: true })] });
    expect(await video('Boas-vindas')).toHaveAttribute(
      'data-watermark',
      `${testUser.name} ${testUser.email}`,
    );
  });

  it('when the course has the watermark off, then the video carries none', async () => {
    await renderReadyPlayer();
    expect(await video('Boas-vindas')).toHaveAttribute('data-watermark', '');
  });

  it('when a lecture is chosen in the list, then it plays with its heading', async () => {
    await renderReadyPlayer();
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

  it('when the video is not ready yet, then the questions and notes wait; once it is, they load beside it', async () => {
    serve(() => undefined);
    await renderReadyPlayer();
    await video('Boas-vindas');
    expect(screen.queryByRole('tab', { name: 'Perguntas e respostas' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'simulate ready' }));
    expect(
      await screen.findByRole('tab', { name: 'Perguntas e respostas' }, LOADED),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Nenhuma pergunta ainda. Seja o primeiro a perguntar.', {}, LOADED),
    ).toBeInTheDocument();
  });

  it('when the page is one column (a phone), then the lecture list comes right after the video, before the questions, notes and rating', async () => {
    serve(() => undefined);
    await renderReadyPlayer();
    const player = await video('Boas-vindas');
    await userEvent.click(screen.getByRole('button', { name: 'simulate ready' }));
    const discussion = await screen.findByRole('region', { name: 'Perguntas e notas' }, LOADED);
    const rating = screen.getByRole('radiogroup', { name: 'Avalie este curso:' });
    // Below lg the grid is one column in document order: the order here is the order on the phone.
    const inOrder = [player, structure(), discussion, rating];
    for (const [index, element] of inOrder.slice(1).entries()) {
      expect(
        inOrder[index]!.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
  });

  it('when the time of a note is pressed below the video, then the video goes to that second, scrolls into view, takes the focus and is highlighted for a moment', async () => {
    servedNotes = [
      {
        _id: 'n1',
        courseId: course._id,
        lectureId: 'lec-1',
        positionSeconds: 192,
        text: 'Rever o exemplo',
        createdAt: '2026-11-25T12:00:00.000Z',
        updatedAt: '2026-11-25T12:00:00.000Z',
      },
    ];
    const scrolled: Element[] = [];
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      await renderReadyPlayer();
      await video('Boas-vindas');
      await userEvent.click(screen.getByRole('button', { name: 'simulate ready' }));
      await userEvent.click(await screen.findByRole('tab', { name: 'Notas' }, LOADED));
      await userEvent.click(await screen.findByRole('button', { name: 'Ir para 03:12' }, LOADED));
      expect(videoTime.seconds).toBe(192);
      const area = screen.getByRole('group', { name: 'Vídeo: Boas-vindas' });
      expect(scrolled).toEqual([area]);
      expect(area).toHaveFocus();
      expect(area).toHaveAttribute('data-revealed');
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('when a lecture is marked done, then it is saved, toasted, ticked and the next lecture is offered', async () => {
    const { calls } = serve(({ method, url }) =>
      method === 'POST' && url === '/api/user/update-course-progress' ? progressSaved : undefined,
    );
    const { app } = await renderReadyPlayer();
    const mark = screen.getByRole('button', { name: 'Marcar como concluído' });
    await userEvent.click(mark);
    expect(await screen.findByText('Progresso do curso atualizado')).toBeInTheDocument();
    expect(calls.map(({ body }) => body)).toEqual([{ courseId: course._id, lectureId: 'lec-1' }]);
    expect(screen.getByRole('button', { name: 'Concluído' })).toBeDisabled();
    expect(
      within(lectureItem('Boas-vindas')).getByRole('img', { name: 'Concluída' }),
    ).toBeInTheDocument();
    expect(screen.getByText('33%')).toBeInTheDocument();
    expect(app.refreshSignedIn).toHaveBeenCalledTimes(1);
    expect(confetti).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Próxima aula' }));
    expect(screen.getByRole('heading', { level: 2, name: '1.2 Variáveis' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marcar como concluído' })).toBeEnabled();
  });

  it('when lectures are marked one after another, then one toast answers them, not one each', async () => {
    serve(({ url }) => (url === '/api/user/update-course-progress' ? progressSaved : undefined));
    await renderReadyPlayer();
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
    await renderReadyPlayer();
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
    await renderReadyPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Marcar como concluído' }));
    expect(await screen.findByText('Inscreva-se no curso para continuar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marcar como concluído' })).toBeEnabled();
    expect(within(structure()).queryByRole('img', { name: 'Concluída' })).not.toBeInTheDocument();
  });

  it('when the last lecture left is marked done, then confetti fires and there is no next lecture', async () => {
    serve(({ url }) => (url === '/api/user/update-course-progress' ? progressSaved : undefined));
    await renderReadyPlayer({
      courses: [enrolledCourse({ lectureCompleted: ['lec-1', 'lec-2'] })],
    });
    expect(
      screen.getByRole('heading', { level: 2, name: '2.1 Declarando funções' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Marcar como concluído' }));
    expect(await screen.findByRole('button', { name: 'Concluído' })).toBeInTheDocument();
    expect(confetti).toHaveBeenCalledTimes(1);
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Próxima aula' })).not.toBeInTheDocument();
  });

  it('when the learner rated before, then the stars are preloaded', async () => {
    await renderReadyPlayer({ courses: [enrolledCourse({ myRating: 3 })] });
    expect(screen.getByRole('radiogroup', { name: 'Avalie este curso:' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '3 estrelas' })).toBeChecked();
  });

  it('when a star is clicked, then the rating is submitted, toasted and the enrolled courses refetched', async () => {
    const { calls } = serve(({ url }) =>
      url === '/api/user/add-rating' ? ratingSaved : undefined,
    );
    const { app } = await renderReadyPlayer({ courses: [enrolledCourse({ myRating: 3 })] });
    await userEvent.click(screen.getByRole('radio', { name: '5 estrelas' }));
    expect(await screen.findByText('Avaliação registrada com sucesso')).toBeInTheDocument();
    expect(calls.map(({ method, body }) => [method, body])).toEqual([
      ['POST', { courseId: course._id, rating: 5 }],
    ]);
    expect(screen.getByRole('radio', { name: '5 estrelas' })).toBeChecked();
    await waitFor(() => expect(app.refreshSignedIn).toHaveBeenCalledTimes(1));
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
    await renderReadyPlayer({ courses: [enrolledCourse({ myRating: 2 })] });
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
    const { app } = await renderReadyPlayer();
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
    await waitFor(() => expect(app.refreshSignedIn).toHaveBeenCalledTimes(2));
    await waitFor(() =>
      expect(screen.getByText('Avaliação registrada com sucesso')).toBeInTheDocument(),
    );
    expect(screen.getAllByText('Avaliação registrada com sucesso')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: '5 estrelas' })).toBeChecked();
  });

  it('when the server says the learner stopped at 0:42 of a later lecture, then the player opens there', async () => {
    serve(({ url }) =>
      url === `/api/user/resume/${course._id}`
        ? {
            data: {
              success: true,
              lectureId: 'lec-3',
              seconds: 42,
              lectures: [{ lectureId: 'lec-3', seconds: 42 }],
              positionToken: 't',
            },
          }
        : undefined,
    );
    await renderReadyPlayer();
    expect(
      screen.getByRole('heading', { level: 2, name: '2.1 Declarando funções' }),
    ).toBeInTheDocument();
    expect(await video('Declarando funções')).toHaveAttribute('data-start', '42');
    expect(screen.getByText('Retomar: continue de onde parou')).toBeInTheDocument();
  });

  it('when the learner moves between lectures, then each reopens at its own saved second and says Retomar only then', async () => {
    serve(({ url }) => {
      if (url === `/api/user/resume/${course._id}`) {
        return {
          data: {
            success: true,
            lectureId: 'lec-3',
            seconds: 42,
            lectures: [
              { lectureId: 'lec-3', seconds: 42 },
              { lectureId: 'lec-1', seconds: 200 },
            ],
            positionToken: 't',
          },
        };
      }
      if (url === '/api/user/lecture-position') {
        return { data: { success: true, seconds: 0, positionToken: 'renovado' } };
      }
      return undefined;
    });
    await renderReadyPlayer();
    expect(await video('Declarando funções')).toHaveAttribute('data-start', '42');
    // Watched on to 1:30, then another lecture: it opens at its own 3:20, not the course's last.
    await userEvent.click(screen.getByRole('button', { name: 'simulate ready' }));
    videoTime.seconds = 90;
    await userEvent.click(screen.getByRole('button', { name: /Introdução/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Assistir: 1.1 Boas-vindas' }));
    expect(await video('Boas-vindas')).toHaveAttribute('data-start', '200');
    expect(screen.getByText('Retomar: continue de onde parou')).toBeInTheDocument();

    // Never watched: its start, and no Retomar.
    await userEvent.click(screen.getByRole('button', { name: 'Assistir: 1.2 Variáveis' }));
    expect(await video('Variáveis')).toHaveAttribute('data-start', '0');
    expect(screen.queryByText(/^Retomar/)).not.toBeInTheDocument();

    // Back to the first one: where this visit left it.
    await userEvent.click(screen.getByRole('button', { name: 'Assistir: 2.1 Declarando funções' }));
    expect(await video('Declarando funções')).toHaveAttribute('data-start', '90');
    expect(screen.getByText('Retomar: continue de onde parou')).toBeInTheDocument();
  });

  it('when the saved second is in the last moments of the lecture or its first few, then it opens at the start without Retomar', async () => {
    serve(({ url }) =>
      url === `/api/user/resume/${course._id}`
        ? {
            data: {
              success: true,
              // Boas-vindas lasts 10 minutes: 9:50 is its end.
              lectureId: 'lec-1',
              seconds: 590,
              lectures: [
                { lectureId: 'lec-1', seconds: 590 },
                { lectureId: 'lec-2', seconds: 3 },
              ],
              positionToken: 't',
            },
          }
        : undefined,
    );
    await renderReadyPlayer();
    expect(await video('Boas-vindas')).toHaveAttribute('data-start', '0');
    expect(screen.queryByText(/^Retomar/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Assistir: 1.2 Variáveis' }));
    expect(await video('Variáveis')).toHaveAttribute('data-start', '0');
    expect(screen.queryByText(/^Retomar/)).not.toBeInTheDocument();
  });

  it('when the resume point cannot be read, then the player still opens at the first lecture not completed', async () => {
    serve(({ url }) =>
      url === `/api/user/resume/${course._id}`
        ? { status: 500, data: { success: false, message: 'Erro' } }
        : undefined,
    );
    await renderReadyPlayer({ courses: [enrolledCourse({ lectureCompleted: ['lec-1'] })] });
    expect(screen.getByRole('heading', { level: 2, name: '1.2 Variáveis' })).toBeInTheDocument();
    expect(await video('Variáveis')).toHaveAttribute('data-start', '0');
  });

  it('when the video is paused, then its current second is saved; when another lecture is chosen, the one left is saved too', async () => {
    const { calls } = serve(({ url }) =>
      url === '/api/user/lecture-position'
        ? { data: { success: true, seconds: 1, positionToken: 'renovado' } }
        : undefined,
    );
    await renderReadyPlayer();
    await video('Boas-vindas');
    await userEvent.click(screen.getByRole('button', { name: 'simulate ready' }));
    await userEvent.click(screen.getByRole('button', { name: 'simulate play' }));
    videoTime.seconds = 42.8;
    await userEvent.click(screen.getByRole('button', { name: 'simulate pause' }));
    videoTime.seconds = 50.2;
    await userEvent.click(screen.getByRole('button', { name: 'Assistir: 1.2 Variáveis' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map(({ method, url, body }) => [method, url, body])).toEqual([
      [
        'POST',
        '/api/user/lecture-position',
        { courseId: course._id, lectureId: 'lec-1', seconds: 42 },
      ],
      [
        'POST',
        '/api/user/lecture-position',
        { courseId: course._id, lectureId: 'lec-1', seconds: 50 },
      ],
    ]);
  });

  it('when the videos cannot load (YouTube blocked) and the learner moves on from a lecture they chose, then that lecture is saved without a second, for the server to keep its own', async () => {
    const { calls } = serve(({ url }) =>
      url === '/api/user/lecture-position'
        ? { data: { success: true, seconds: 0, positionToken: 'renovado' } }
        : undefined,
    );
    await renderReadyPlayer();
    await video('Boas-vindas');
    // Leaving the lecture the player opened at, whose video never answered: the server's resume
    // point is already that one, so nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Assistir: 1.2 Variáveis' }));
    await video('Variáveis');
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: /Funções/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Assistir: 2.1 Declarando funções' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/user/lecture-position' });
    expect(calls[0]!.body).toEqual({ courseId: course._id, lectureId: 'lec-2' });
  });

  it('when the page hides on a chosen lecture whose video never loaded, then the beacon saves it without a second; on the opening one, nothing is sent', async () => {
    const sendBeacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    try {
      await renderReadyPlayer();
      await video('Boas-vindas');
      window.dispatchEvent(new Event('pagehide'));
      expect(sendBeacon).not.toHaveBeenCalled();
      await userEvent.click(screen.getByRole('button', { name: 'Assistir: 1.2 Variáveis' }));
      await video('Variáveis');
      window.dispatchEvent(new Event('pagehide'));
      expect(sendBeacon).toHaveBeenCalledTimes(1);
      const [, body] = sendBeacon.mock.calls[0]!;
      expect(JSON.parse(await (body as Blob).text())).toEqual({
        token: 'token-inicial',
        courseId: course._id,
        lectureId: 'lec-2',
      });
    } finally {
      Reflect.deleteProperty(navigator, 'sendBeacon');
    }
  });

  it('when the page hides, then a text/plain beacon carries the position and the position token', async () => {
    const sendBeacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    try {
      await renderReadyPlayer();
      await video('Boas-vindas');
      await userEvent.click(screen.getByRole('button', { name: 'simulate ready' }));
      videoTime.seconds = 42;
      window.dispatchEvent(new Event('pagehide'));
      expect(sendBeacon).toHaveBeenCalledTimes(1);
      const [url, body] = sendBeacon.mock.calls[0]!;
      expect(url).toBe('/api/user/lecture-position/beacon');
      expect(body).toBeInstanceOf(Blob);
      expect((body as Blob).type).toBe('text/plain');
      expect(JSON.parse(await (body as Blob).text())).toEqual({
        token: 'token-inicial',
        courseId: course._id,
        lectureId: 'lec-1',
        seconds: 42,
      });
      // The same second is not sent twice.
      window.dispatchEvent(new Event('pagehide'));
      expect(sendBeacon).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(navigator, 'sendBeacon');
    }
  });

  it('when a completed lecture is un-marked, then it is sent with completed false and can be marked again', async () => {
    const { calls } = serve(({ url }) =>
      url === '/api/user/update-course-progress' ? progressSaved : undefined,
    );
    await renderReadyPlayer({
      courses: [enrolledCourse({ lectureCompleted: ['lec-1', 'lec-2', 'lec-3'] })],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Desmarcar aula' }));
    expect(await screen.findByRole('button', { name: 'Marcar como concluído' })).toBeEnabled();
    expect(calls.map(({ body }) => body)).toEqual([
      { courseId: course._id, lectureId: 'lec-1', completed: false },
    ]);
    expect(screen.getByText('66%')).toBeInTheDocument();
    expect(confetti).not.toHaveBeenCalled();
  });

  it('when a written review is published, then it goes with the stars; the learner sees their earlier text preloaded', async () => {
    const { calls } = serve(({ url }) =>
      url === '/api/user/add-rating' ? ratingSaved : undefined,
    );
    await renderReadyPlayer({ courses: [enrolledCourse({ myRating: 4, myReview: 'Bom.' })] });
    const box = screen.getByRole('textbox', { name: 'Escreva a sua avaliação (opcional)' });
    expect(box).toHaveValue('Bom.');
    await userEvent.clear(box);
    await userEvent.type(box, 'Muito claro <b>mesmo</b>');
    expect(screen.getByText('24 de 2000 caracteres')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Publicar avaliação' }));
    expect(await screen.findByText('Avaliação registrada com sucesso')).toBeInTheDocument();
    expect(calls.map(({ body }) => body)).toEqual([
      { courseId: course._id, rating: 4, review: 'Muito claro <b>mesmo</b>' },
    ]);
  });

  it('when moderation hid the learner’s written review, then they see it marked as hidden with the note, their text still in the box', async () => {
    await renderReadyPlayer({
      courses: [
        enrolledCourse({
          myRating: 1,
          myReview: 'Educador idiota',
          myReviewHidden: { note: 'Linguagem ofensiva' },
        }),
      ],
    });
    expect(screen.getByText(/Sua avaliação escrita foi ocultada pela moderação/)).toHaveTextContent(
      'as suas estrelas continuam contando. Motivo: Linguagem ofensiva',
    );
    expect(screen.getByRole('textbox', { name: 'Escreva a sua avaliação (opcional)' })).toHaveValue(
      'Educador idiota',
    );
  });

  it('when the learner’s review is not hidden, then nothing says it is', async () => {
    await renderReadyPlayer({ courses: [enrolledCourse({ myRating: 4, myReview: 'Bom.' })] });
    expect(screen.queryByText(/ocultada pela moderação/)).not.toBeInTheDocument();
  });

  it('when no stars are chosen yet, then the review cannot be published', async () => {
    await renderReadyPlayer();
    expect(screen.getByRole('button', { name: 'Publicar avaliação' })).toBeDisabled();
  });

  it('when the video plays, then its position is saved every 10 s, and not after it is paused', async () => {
    const { calls } = serve(({ url }) =>
      url === '/api/user/lecture-position'
        ? { data: { success: true, seconds: 1, positionToken: 'renovado' } }
        : undefined,
    );
    await renderReadyPlayer();
    await video('Boas-vindas');
    fireEvent.click(screen.getByRole('button', { name: 'simulate ready' }));
    vi.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'simulate play' }));
      videoTime.seconds = 9;
      await act(() => vi.advanceTimersByTimeAsync(9_000));
      expect(calls).toHaveLength(0);
      videoTime.seconds = 10;
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      videoTime.seconds = 20;
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(calls.map(({ body }) => (body as { seconds: number }).seconds)).toEqual([10, 20]);
      videoTime.seconds = 25;
      fireEvent.click(screen.getByRole('button', { name: 'simulate pause' }));
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(calls.map(({ body }) => (body as { seconds: number }).seconds)).toEqual([10, 20, 25]);
    } finally {
      vi.useRealTimers();
    }
  });
});
