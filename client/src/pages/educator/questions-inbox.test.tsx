import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EducatorQuestion } from '@aprendiz/contract/questions';
import { stubApi } from '../../test/api-stub';
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

describe('QuestionsInboxPage', () => {
  it('when questions wait, then they are listed oldest first and one answered in place leaves the list', async () => {
    const { calls } = stubApi((req) =>
      req.method === 'GET'
        ? {
            data: {
              success: true,
              questions: [question('q1', 'Antiga'), question('q2', 'Nova')],
              total: 2,
              page: 1,
              pageSize: 20,
            },
          }
        : { status: 201, data: { success: true, answer: {} } },
    );
    renderWithProviders(<QuestionsInboxPage />, {
      route: '/educator/questions',
      loader,
      auth: { user: testUser },
      app: { isEducator: true },
    });
    const user = userEvent.setup();
    const headings = await screen.findAllByRole('heading', { level: 2 }, LOADED);
    expect(headings.map((h) => h.textContent)).toEqual(['Antiga', 'Nova']);
    expect(
      screen.getByText('2 perguntas sem resposta, as mais antigas primeiro.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Como faço <b>isto</b>?')).toHaveLength(2);

    await user.type(screen.getAllByLabelText('Responder')[0]!, 'Use git log');
    await user.click(screen.getAllByRole('button', { name: 'Enviar resposta' })[0]!);

    expect(await screen.findByText('Resposta enviada.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Antiga' })).not.toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/questions/q1/answers',
      body: { body: 'Use git log' },
    });
  });
});
