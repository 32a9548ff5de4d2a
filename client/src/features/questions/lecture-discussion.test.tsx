import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { QuestionDetail, QuestionSummary } from '@aprendiz/contract/questions';
import type { Note } from '@aprendiz/contract/notes';
import { stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders } from '../../test/render';
import LectureDiscussion from './lecture-discussion';

const XSS = '<img src=x onerror="window.__qaXss=1">';

const summary: QuestionSummary = {
  _id: 'q1',
  courseId: 'c1',
  lectureId: 'lec-1',
  title: `Erro ao instalar ${XSS}`,
  body: `Veja ${XSS}\n\`npm i\``,
  author: { _id: 'u1', name: 'Joana', imageUrl: '' },
  authorIsEducator: false,
  authorEducatorTitle: null,
  upvotes: 2,
  upvoted: false,
  answerCount: 1,
  accepted: false,
  hidden: false,
  hiddenNote: null,
  createdAt: '2026-11-25T12:00:00.000Z',
  updatedAt: '2026-11-25T12:00:00.000Z',
};

const detail: QuestionDetail = {
  ...summary,
  canAccept: true,
  canModerate: false,
  answers: [
    {
      _id: 'a1',
      questionId: 'q1',
      body: 'Use https://nodejs.org/pt.',
      author: { _id: 'e1', name: 'Profa. Ana', imageUrl: '' },
      authorIsEducator: true,
      authorEducatorTitle: 'educador',
      accepted: false,
      hidden: false,
      hiddenNote: null,
      createdAt: '2026-11-25T12:05:00.000Z',
      updatedAt: '2026-11-25T12:05:00.000Z',
    },
  ],
};

const props = {
  courseId: 'c1',
  lectureId: 'lec-1',
  viewerId: 'u1',
  lectureTitles: new Map([['lec-1', 'Boas-vindas']]),
  readSeconds: () => 754.6,
};

describe('LectureDiscussion', () => {
  it('when the lecture has questions, then the list shows them, the sorts change the request and a vote is sent', async () => {
    const { calls } = stubApi((req) =>
      req.method === 'GET'
        ? { data: { success: true, questions: [summary], total: 1, page: 1, pageSize: 20 } }
        : { data: { success: true, upvotes: 3, upvoted: true } },
    );
    renderWithProviders(<LectureDiscussion {...props} onJump={vi.fn()} />);
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: summary.title }, LOADED)).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/course/c1/questions?sort=recent&page=1&lectureId=lec-1');
    await user.click(screen.getByRole('button', { name: 'Mais votadas' }));
    await user.click(screen.getByRole('button', { name: 'Sem resposta' }));
    await user.click(screen.getByRole('checkbox', { name: 'Todo o curso' }));
    expect(calls.map((c) => c.url)).toContain(
      '/api/course/c1/questions?sort=top&page=1&lectureId=lec-1',
    );
    expect(calls.at(-1)!.url).toBe('/api/course/c1/questions?sort=unanswered&page=1');
    await user.click(screen.getByRole('button', { name: 'Votar nesta pergunta (2 votos)' }));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/questions/q1/upvote')).toBe(
      true,
    );
  });

  it('when a thread is opened, then stored markup stays inert text, the educator answer has its badge and can be accepted', async () => {
    const { calls } = stubApi((req) => {
      if (req.url.startsWith('/api/course/')) {
        return { data: { success: true, questions: [summary], total: 1, page: 1, pageSize: 20 } };
      }
      if (req.method === 'GET') return { data: { success: true, question: detail } };
      return { data: { success: true, message: 'Resposta aceita' } };
    });
    const { container } = renderWithProviders(<LectureDiscussion {...props} onJump={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: summary.title }, LOADED));
    expect(await screen.findByRole('heading', { name: summary.title })).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect((window as unknown as { __qaXss?: number }).__qaXss).toBeUndefined();
    expect(screen.getByText('npm i').tagName).toBe('CODE');
    const answer = screen.getByText('Profa. Ana').closest('li')!;
    expect(within(answer).getByText('Educador')).toBeInTheDocument();
    expect(within(answer).getByRole('link', { name: 'https://nodejs.org/pt' })).toHaveAttribute(
      'href',
      'https://nodejs.org/pt',
    );
    await user.click(within(answer).getByRole('button', { name: 'Aceitar resposta' }));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/answers/a1/accept')).toBe(true);
  });

  it('when opened from a notification about an answer, then that answer is scrolled to, focused and highlighted; a thread opened from the list is not', async () => {
    const later = {
      ...detail.answers[0]!,
      _id: 'a2',
      body: 'Reinstale o Node.',
      author: { _id: 'u2', name: 'Caio', imageUrl: '' },
      authorIsEducator: false,
      authorEducatorTitle: null,
    };
    stubApi((req) => {
      if (req.url.startsWith('/api/course/')) {
        return { data: { success: true, questions: [summary], total: 1, page: 1, pageSize: 20 } };
      }
      return {
        data: { success: true, question: { ...detail, answers: [...detail.answers, later] } },
      };
    });
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    try {
      renderWithProviders(
        <LectureDiscussion {...props} openQuestionId="q1" openAnswerId="a2" onJump={vi.fn()} />,
      );
      const user = userEvent.setup();
      const answer = (await screen.findByText('Reinstale o Node.', {}, LOADED)).closest('li')!;
      expect(answer).toHaveFocus();
      expect(answer).toHaveAttribute('data-revealed');
      expect(scrolled).toEqual([answer]);
      expect(screen.getByText('Profa. Ana').closest('li')).not.toHaveAttribute('data-revealed');

      await user.click(screen.getByRole('button', { name: '← Todas as perguntas' }));
      await user.click(await screen.findByRole('button', { name: summary.title }, LOADED));
      await screen.findByText('Reinstale o Node.', {}, LOADED);
      expect(scrolled).toHaveLength(1);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('when the notes are open and a notification is followed, then the questions tab comes back with that answer revealed', async () => {
    stubApi((req) => {
      if (req.url.includes('/notes')) return { data: { success: true, notes: [] } };
      if (req.url.startsWith('/api/course/')) {
        return { data: { success: true, questions: [summary], total: 1, page: 1, pageSize: 20 } };
      }
      return { data: { success: true, question: detail } };
    });
    // As the player: the bell changes the address's question while the panel stays.
    function FollowsTheBell() {
      const [linked, setLinked] = useState<string | null>(null);
      return (
        <>
          <button type="button" onClick={() => setLinked('q1')}>
            sino
          </button>
          <LectureDiscussion
            {...props}
            openQuestionId={linked}
            openAnswerId={linked && 'a1'}
            onJump={vi.fn()}
          />
        </>
      );
    }
    renderWithProviders(<FollowsTheBell />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Notas' }, LOADED));
    expect(await screen.findByText('Nenhuma nota ainda.', {}, LOADED)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'sino' }));
    expect(screen.getByRole('tab', { name: 'Perguntas e respostas' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const answer = (await screen.findByText('Profa. Ana', {}, LOADED)).closest('li')!;
    await vi.waitFor(() => expect(answer).toHaveFocus());
    expect(answer).toHaveAttribute('data-revealed');
  });

  it('when opened from a notice about a question whose answer is gone, then the question itself is shown', async () => {
    stubApi(() => ({ data: { success: true, question: detail } }));
    renderWithProviders(
      <LectureDiscussion {...props} openQuestionId="q1" openAnswerId="deleted" onJump={vi.fn()} />,
    );
    const heading = await screen.findByRole('heading', { name: summary.title }, LOADED);
    const thread = heading.closest('article')!;
    await vi.waitFor(() => expect(thread).toHaveFocus());
    expect(thread).toHaveAttribute('data-revealed');
  });

  it('when a note is added at the video second and its time is clicked, then it is saved at that second and the player is asked to go back there', async () => {
    const note: Note = {
      _id: 'n1',
      courseId: 'c1',
      lectureId: 'lec-1',
      positionSeconds: 754,
      text: 'Rever o exemplo',
      createdAt: '2026-11-25T12:00:00.000Z',
      updatedAt: '2026-11-25T12:00:00.000Z',
    };
    let notes: Note[] = [];
    const { calls } = stubApi((req) => {
      if (req.url.includes('/questions')) {
        return { data: { success: true, questions: [], total: 0, page: 1, pageSize: 20 } };
      }
      if (req.method === 'POST') {
        notes = [note];
        return { status: 201, data: { success: true, note } };
      }
      return { data: { success: true, notes } };
    });
    const onJump = vi.fn();
    renderWithProviders(<LectureDiscussion {...props} onJump={onJump} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Notas' }));
    await user.click(
      await screen.findByRole('button', { name: 'Adicionar nota em 12:34' }, LOADED),
    );
    await user.type(screen.getByLabelText('Nota em 12:34'), 'Rever o exemplo');
    await user.click(screen.getByRole('button', { name: 'Salvar nota' }));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      lectureId: 'lec-1',
      positionSeconds: 754,
      text: 'Rever o exemplo',
    });
    await user.click(await screen.findByRole('button', { name: 'Ir para 12:34' }));
    expect(onJump).toHaveBeenCalledWith('lec-1', 754);
  });

  it('when the viewer wrote the question minutes ago, then it can be edited; someone else’s or an older one cannot', async () => {
    const fresh = { ...detail, createdAt: new Date().toISOString(), answers: [] };
    const { calls } = stubApi((req) => {
      if (req.url.startsWith('/api/course/')) {
        return { data: { success: true, questions: [summary], total: 1, page: 1, pageSize: 20 } };
      }
      if (req.method === 'GET') return { data: { success: true, question: fresh } };
      return { data: { success: true, question: summary } };
    });
    const { unmount } = renderWithProviders(
      <LectureDiscussion {...props} openQuestionId="q1" onJump={vi.fn()} />,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Editar' }, LOADED));
    const field = screen.getByLabelText('Editar texto');
    await user.clear(field);
    await user.type(field, 'Texto corrigido');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/questions/q1',
      body: { body: 'Texto corrigido' },
    });
    unmount();

    renderWithProviders(
      <LectureDiscussion {...props} viewerId="outra" openQuestionId="q1" onJump={vi.fn()} />,
    );
    expect(await screen.findByRole('heading', { name: summary.title }, LOADED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
  });

  it('when the educator hides an answer, then the note to its author goes with it', async () => {
    const moderated = { ...detail, canModerate: true };
    const { calls } = stubApi((req) => {
      if (req.method === 'GET' && req.url === '/api/questions/q1') {
        return { data: { success: true, question: moderated } };
      }
      if (req.method === 'GET') {
        return { data: { success: true, questions: [summary], total: 1, page: 1, pageSize: 20 } };
      }
      return { data: { success: true, message: 'Resposta ocultada' } };
    });
    renderWithProviders(<LectureDiscussion {...props} openQuestionId="q1" onJump={vi.fn()} />);
    const user = userEvent.setup();
    const answer = (await screen.findByText('Profa. Ana', {}, LOADED)).closest('li')!;
    await user.click(within(answer).getByRole('button', { name: 'Ocultar' }));
    await user.type(
      within(answer).getByLabelText('Nota ao autor (por que foi ocultada)'),
      'Link suspeito',
    );
    await user.click(within(answer).getByRole('button', { name: 'Ocultar' }));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/answers/a1/hide',
      body: { note: 'Link suspeito' },
    });
  });

  it('when the educator opens a hidden question, then it carries the note and Mostrar novamente shows it to everyone again', async () => {
    let hidden = true;
    const { calls } = stubApi((req) => {
      if (req.method === 'GET' && req.url === '/api/questions/q1') {
        const question = {
          ...detail,
          canModerate: true,
          hidden,
          hiddenNote: hidden ? 'Fora do tema' : null,
        };
        return { data: { success: true, question } };
      }
      if (req.method === 'GET') {
        return { data: { success: true, questions: [summary], total: 1, page: 1, pageSize: 20 } };
      }
      hidden = false;
      return { data: { success: true, message: 'Pergunta exibida novamente' } };
    });
    renderWithProviders(
      <LectureDiscussion {...props} viewerId="e1" openQuestionId="q1" onJump={vi.fn()} />,
    );
    const user = userEvent.setup();
    expect(
      await screen.findByText('Oculta pelo educador: Fora do tema', {}, LOADED),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ocultar pergunta' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mostrar novamente' }));

    expect(await screen.findByRole('button', { name: 'Ocultar pergunta' })).toBeInTheDocument();
    expect(screen.queryByText(/Oculta pelo educador/)).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/questions/q1/unhide',
    });
  });

  it('when a learner reports an answer, then the reason is sent if given, and the form closes', async () => {
    const { calls } = stubApi((req) => {
      if (req.method === 'GET' && req.url === '/api/questions/q1') {
        return { data: { success: true, question: detail } };
      }
      if (req.method === 'GET') {
        return { data: { success: true, questions: [summary], total: 1, page: 1, pageSize: 20 } };
      }
      return { data: { success: true, message: 'Obrigado. O educador do curso vai analisar.' } };
    });
    renderWithProviders(<LectureDiscussion {...props} openQuestionId="q1" onJump={vi.fn()} />);
    const user = userEvent.setup();
    const answer = (await screen.findByText('Profa. Ana', {}, LOADED)).closest('li')!;

    await user.click(within(answer).getByRole('button', { name: 'Denunciar' }));
    await user.type(within(answer).getByLabelText('Motivo da denúncia (opcional)'), 'Spam');
    await user.click(within(answer).getByRole('button', { name: 'Enviar denúncia' }));

    // Sent: the form closes (the thanks is a toast, shown by the app's toaster).
    expect(await within(answer).findByRole('button', { name: 'Denunciar' })).toBeInTheDocument();
    expect(within(answer).queryByRole('button', { name: 'Enviar denúncia' })).toBeNull();
    await user.click(within(answer).getByRole('button', { name: 'Denunciar' }));
    await user.click(within(answer).getByRole('button', { name: 'Enviar denúncia' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({ url: '/api/answers/a1/report', body: { reason: 'Spam' } }),
      expect.objectContaining({ url: '/api/answers/a1/report', body: {} }),
    ]);
  });
});
