import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type {
  EducatorQuestion,
  EducatorQuestionsResponse,
  EducatorReportsResponse,
  ReportedPost,
} from '@aprendiz/contract/questions';
import { stubApi, type StubRequest, type StubResponse } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import QuestionsInboxPage, { loader } from './questions-inbox';

const question = (id: string, title: string): EducatorQuestion => ({
  _id: id,
  courseId: 'c1',
  lectureId: 'lec-1',
  title,
  body: 'Como faço <b>isto</b>?',
  author: { _id: 'u1', name: 'Joana', imageUrl: '' },
  authorIsEducator: false,
  authorEducatorTitle: null,
  upvotes: 0,
  upvoted: false,
  answerCount: 0,
  accepted: false,
  hidden: false,
  hiddenNote: null,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  courseTitle: 'Git',
  lectureTitle: 'Boas-vindas',
});

const reported = (id: string, overrides: Partial<ReportedPost> = {}): ReportedPost => ({
  kind: 'answer',
  _id: id,
  questionId: 'q1',
  questionTitle: 'Como uso o rebase?',
  courseId: 'c1',
  courseTitle: 'Git',
  lectureId: 'lec-1',
  lectureTitle: 'Boas-vindas',
  body: 'Compre <b>já</b> em https://spam.example',
  author: { _id: 'u2', name: 'Pedro', imageUrl: '' },
  createdAt: '2026-11-20T12:00:00.000Z',
  hidden: false,
  hiddenNote: null,
  reportCount: 2,
  reasons: ['Propaganda', 'Link suspeito'],
  lastReportedAt: '2026-11-21T09:30:00.000Z',
  ...overrides,
});

const questionsPage = (
  questions: EducatorQuestion[],
  page = 1,
  total = questions.length,
): EducatorQuestionsResponse => ({ success: true, questions, total, page, pageSize: 20 });

const reportsPage = (reports: ReportedPost[], total = reports.length): EducatorReportsResponse => ({
  success: true,
  reports,
  total,
  page: 1,
  pageSize: 20,
});

/** Both lists by address; writes answered by `write`. */
function inboxApi(
  lists: {
    questions: (page: number) => EducatorQuestionsResponse;
    reports: EducatorReportsResponse;
  },
  write: (request: StubRequest) => StubResponse = () => ({ data: { success: true } }),
) {
  return stubApi((req) => {
    if (req.method !== 'GET') return write(req);
    if (req.url === '/api/educator/reports') return { data: lists.reports };
    return { data: lists.questions((req.params as { page: number }).page) };
  });
}

function renderInbox(route = '/educator/questions') {
  return renderWithProviders(<QuestionsInboxPage />, {
    route,
    path: '/educator/questions',
    loader,
    auth: { user: testUser },
    app: { isEducator: true },
  });
}

describe('QuestionsInboxPage', () => {
  it('when questions wait, then they are listed oldest first and one answered in place leaves the list', async () => {
    const { calls } = inboxApi(
      {
        questions: () => questionsPage([question('q1', 'Antiga'), question('q2', 'Nova')]),
        reports: reportsPage([]),
      },
      () => ({ status: 201, data: { success: true, answer: {} } }),
    );
    renderInbox();
    const user = userEvent.setup();
    const headings = await screen.findAllByRole('heading', { level: 2 }, LOADED);
    expect(headings.map((h) => h.textContent)).toEqual(['Antiga', 'Nova']);
    expect(
      screen.getByText('2 perguntas sem resposta, as mais antigas primeiro.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Como faço <b>isto</b>?')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Sem resposta 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.queryByRole('navigation', { name: /Páginas/ })).not.toBeInTheDocument();

    await user.type(screen.getAllByLabelText('Responder')[0]!, 'Use git log');
    await user.click(screen.getAllByRole('button', { name: 'Enviar resposta' })[0]!);

    expect(await screen.findByText('Resposta enviada.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Antiga' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sem resposta 1' })).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/questions/q1/answers',
      body: { body: 'Use git log' },
    });
  });

  it('when more questions wait than fit a page, then Próxima and Anterior read the pages through the address', async () => {
    const { calls } = inboxApi({
      questions: (page) => questionsPage([question(`q${page}`, `Da página ${page}`)], page, 21),
      reports: reportsPage([]),
    });
    const { location } = renderInbox();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Da página 1' }, LOADED)).toBeVisible();
    const pager = screen.getByRole('navigation', { name: 'Páginas de perguntas sem resposta' });
    expect(within(pager).getByText('Página 1 de 2')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Próxima' }));

    expect(await screen.findByRole('heading', { name: 'Da página 2' }, LOADED)).toBeVisible();
    expect(location()).toBe('/educator/questions?pagina=2');
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próxima' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(await screen.findByRole('heading', { name: 'Da página 1' }, LOADED)).toBeVisible();
    expect(location()).toBe('/educator/questions');
    expect(
      calls.filter((call) => call.url === '/api/educator/questions').map((call) => call.params),
    ).toEqual([
      { status: 'unanswered', page: 1 },
      { status: 'unanswered', page: 2 },
      { status: 'unanswered', page: 1 },
    ]);
  });

  it('when the educator opens Denúncias, then each reported post shows where it is, its text as text, how many reports and why', async () => {
    const long = `Começo ${'a'.repeat(400)} fim`;
    const { calls } = inboxApi({
      questions: () => questionsPage([question('q1', 'Antiga')]),
      reports: reportsPage([
        reported('a1'),
        reported('q9', {
          kind: 'question',
          questionId: 'q9',
          questionTitle: 'Pergunta repetida',
          body: long,
          reportCount: 1,
          reasons: [],
        }),
      ]),
    });
    const { container } = renderInbox();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Denúncias 2' }, LOADED));

    const answerItem = (
      await screen.findByRole('heading', { name: 'Resposta a “Como uso o rebase?”' }, LOADED)
    ).closest('li')!;
    expect(answerItem).toHaveTextContent('Git · Boas-vindas');
    expect(answerItem).toHaveTextContent('Resposta de Pedro');
    expect(within(answerItem).getByText(/Compre <b>já<\/b> em/)).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
    expect(answerItem).toHaveTextContent(/2 denúncias, a última em 21\/11\/2026/);
    expect(
      within(answerItem)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Propaganda', 'Link suspeito']);
    const questionItem = screen.getByRole('heading', { name: 'Pergunta repetida' }).closest('li')!;
    expect(questionItem).toHaveTextContent('1 denúncia, em 21/11/2026');
    expect(questionItem).not.toHaveTextContent('fim');
    await user.click(within(questionItem).getByRole('button', { name: 'Ler tudo' }));
    expect(questionItem).toHaveTextContent('fim');
    expect(calls.at(-1)).toMatchObject({ url: '/api/educator/reports', params: { page: 1 } });
  });

  it('when the educator hides a reported answer with a note, then it shows hidden with the note and Mostrar novamente shows it again', async () => {
    const { calls } = inboxApi(
      { questions: () => questionsPage([]), reports: reportsPage([reported('a1')]) },
      (req) => ({
        data: {
          success: true,
          message: req.url.endsWith('/hide') ? 'Resposta ocultada' : 'Resposta exibida novamente',
        },
      }),
    );
    renderInbox('/educator/questions?aba=denuncias');
    const user = userEvent.setup();
    const item = (
      await screen.findByRole('heading', { name: 'Resposta a “Como uso o rebase?”' }, LOADED)
    ).closest('li')!;

    await user.click(within(item).getByRole('button', { name: 'Ocultar' }));
    await user.type(
      within(item).getByLabelText('Nota ao autor (por que foi ocultada)'),
      'Propaganda não é permitida',
    );
    await user.click(within(item).getByRole('button', { name: 'Ocultar' }));

    expect(
      await within(item).findByText('Oculta pelo educador: Propaganda não é permitida'),
    ).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/answers/a1/hide',
      body: { note: 'Propaganda não é permitida' },
    });
    expect(await screen.findByText('Resposta ocultada')).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Mostrar novamente' }));

    expect(await within(item).findByRole('button', { name: 'Ocultar' })).toBeInTheDocument();
    expect(within(item).queryByText(/Oculta pelo educador/)).not.toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/answers/a1/unhide' });
  });

  it("when the educator dismisses a post's reports, then it leaves the list and the count drops; a refusal keeps it", async () => {
    let refuse = true;
    const { calls } = inboxApi(
      {
        questions: () => questionsPage([]),
        reports: reportsPage([reported('a1'), reported('a2', { questionTitle: 'Outra' })]),
      },
      () =>
        refuse
          ? { status: 409, data: { success: false, message: 'Esta publicação não tem denúncias' } }
          : { data: { success: true, message: 'Denúncias dispensadas', dismissed: 2 } },
    );
    renderInbox('/educator/questions?aba=denuncias');
    const user = userEvent.setup();
    const item = (
      await screen.findByRole('heading', { name: 'Resposta a “Como uso o rebase?”' }, LOADED)
    ).closest('li')!;
    expect(
      screen.getByText(
        '2 publicações denunciadas pelos alunos, as denunciadas por último primeiro.',
      ),
    ).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Dispensar' }));
    expect(await screen.findByText('Esta publicação não tem denúncias')).toBeInTheDocument();
    expect(item).toBeInTheDocument();

    refuse = false;
    await user.click(within(item).getByRole('button', { name: 'Dispensar' }));

    expect(await screen.findByText('1 publicação denunciada pelos alunos.')).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Resposta a “Como uso o rebase?”' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Denúncias 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/educator/reports/dismiss',
      body: { kind: 'answer', id: 'a1' },
    });
  });
});
